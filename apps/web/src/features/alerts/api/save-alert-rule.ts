import { useMutation, useQueryClient } from '@tanstack/react-query';
import { alertRuleSchema, type AlertRule, type SaveAlertRule } from '@tracklane/shared/alerts/alerts.schema';
import { apiRequest } from '../../../lib/api-client';
import { ALERT_RULES_PATH, alertRulesQueryOptions } from './list-alert-rules';

const rulePath = (ruleId: string) => `${ALERT_RULES_PATH}/${encodeURIComponent(ruleId)}`;

/** Adds a rule: the workspace's (an admin) or the caller's own (anyone else who may). */
export async function createAlertRule(input: SaveAlertRule): Promise<AlertRule> {
  const envelope = await apiRequest<unknown>(ALERT_RULES_PATH, { method: 'POST', body: input });
  return alertRuleSchema.parse(envelope.result);
}

export async function updateAlertRule({
  ruleId,
  ...input
}: SaveAlertRule & { ruleId: string }): Promise<AlertRule> {
  const envelope = await apiRequest<unknown>(rulePath(ruleId), { method: 'PUT', body: input });
  return alertRuleSchema.parse(envelope.result);
}

export async function setAlertRuleEnabled({ ruleId, enabled }: { ruleId: string; enabled: boolean }) {
  const envelope = await apiRequest<unknown>(rulePath(ruleId), { method: 'PATCH', body: { enabled } });
  return alertRuleSchema.parse(envelope.result);
}

export async function deleteAlertRule(ruleId: string): Promise<void> {
  await apiRequest<null>(rulePath(ruleId), { method: 'DELETE' });
}

function useRefreshRules() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: alertRulesQueryOptions().queryKey });
}

export function useCreateAlertRule() {
  return useMutation({ mutationFn: createAlertRule, onSuccess: useRefreshRules() });
}

export function useUpdateAlertRule() {
  return useMutation({ mutationFn: updateAlertRule, onSuccess: useRefreshRules() });
}

export function useSetAlertRuleEnabled() {
  return useMutation({ mutationFn: setAlertRuleEnabled, onSuccess: useRefreshRules() });
}

export function useDeleteAlertRule() {
  return useMutation({ mutationFn: deleteAlertRule, onSuccess: useRefreshRules() });
}
