import { queryOptions, useQuery } from '@tanstack/react-query';
import { alertRulesResultSchema, type AlertRulesResult } from '@tracklane/shared/alerts/alerts.schema';
import { api } from '../../../lib/api-client';
import { tenantQueryKey } from '../../../lib/tenant-queries';

export const ALERT_RULES_PATH = '/api/alert-rules';

/** The alert rules the user may see in the current workspace, and the members they may name. */
export async function listAlertRules(signal?: AbortSignal): Promise<AlertRulesResult> {
  return alertRulesResultSchema.parse(await api.get<unknown>(ALERT_RULES_PATH, { signal }));
}

export const alertRulesQueryOptions = () =>
  queryOptions({ queryKey: tenantQueryKey('alert-rules'), queryFn: ({ signal }) => listAlertRules(signal) });

export function useAlertRules() {
  return useQuery(alertRulesQueryOptions());
}
