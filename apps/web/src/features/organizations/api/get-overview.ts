import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  overviewSchema,
  type OrganizationOverview,
} from '@tracklane/shared/organizations/organizations.schema';
import { api } from '../../../lib/api-client';
import { tenantQueryKey } from '../../../lib/tenant-queries';

export const OVERVIEW_PATH = '/api/organization/overview';

/** The current organization's plan, seats (memberUsage of memberLimit) and workspace count (spec §3). */
export async function getOverview(signal?: AbortSignal): Promise<OrganizationOverview> {
  return overviewSchema.parse(await api.get<unknown>(OVERVIEW_PATH, { signal }));
}

export const overviewQueryOptions = () =>
  queryOptions({ queryKey: tenantQueryKey('overview'), queryFn: ({ signal }) => getOverview(signal) });

export function useOverview({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...overviewQueryOptions(), enabled });
}
