import { queryOptions, useQuery } from '@tanstack/react-query';
import { organizationSchema, type Organization } from '@tracklane/shared/organizations/organizations.schema';
import { z } from 'zod';
import { api } from '../../../lib/api-client';
import { ORGANIZATIONS_QUERY_KEY } from '../../../lib/tenant-queries';

export const ORGANIZATIONS_PATH = '/api/workspaces/get';

/** The user's organizations, each with their role there and the workspaces they are in (spec §7). */
export async function getOrganizations(signal?: AbortSignal): Promise<Organization[]> {
  return z.array(organizationSchema).parse(await api.get<unknown>(ORGANIZATIONS_PATH, { signal }));
}

export const organizationsQueryOptions = () =>
  queryOptions({ queryKey: ORGANIZATIONS_QUERY_KEY, queryFn: ({ signal }) => getOrganizations(signal) });

export function useOrganizations() {
  return useQuery(organizationsQueryOptions());
}
