import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  workspaceWithCountSchema,
  type WorkspaceWithCount,
} from '@tracklane/shared/organizations/organizations.schema';
import { z } from 'zod';
import { api } from '../../../lib/api-client';
import { tenantQueryKey } from '../../../lib/tenant-queries';

export const ORGANIZATION_WORKSPACES_PATH = '/api/workspaces/getAll';

/** Every workspace of the current organization, default first, with member counts (admins only). */
export async function listOrganizationWorkspaces(signal?: AbortSignal): Promise<WorkspaceWithCount[]> {
  return z
    .array(workspaceWithCountSchema)
    .parse(await api.get<unknown>(ORGANIZATION_WORKSPACES_PATH, { signal }));
}

export const organizationWorkspacesQueryOptions = () =>
  queryOptions({
    queryKey: tenantQueryKey('organization-workspaces'),
    queryFn: ({ signal }) => listOrganizationWorkspaces(signal),
  });

export function useOrganizationWorkspaces({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...organizationWorkspacesQueryOptions(), enabled });
}
