import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  workspaceMemberSchema,
  type WorkspaceMember,
} from '@tracklane/shared/organizations/organizations.schema';
import { z } from 'zod';
import { api } from '../../../lib/api-client';
import { tenantQueryKey } from '../../../lib/tenant-queries';

export const MEMBERS_PATH = '/api/workspaces/members/get';

/** Everyone in the current workspace (spec §3 Workspace member): what View Members lists. */
export async function getWorkspaceMembers(signal?: AbortSignal): Promise<WorkspaceMember[]> {
  return z.array(workspaceMemberSchema).parse(await api.get<unknown>(MEMBERS_PATH, { signal }));
}

export const workspaceMembersQueryOptions = () =>
  queryOptions({
    queryKey: tenantQueryKey('members', 'workspace'),
    queryFn: ({ signal }) => getWorkspaceMembers(signal),
  });

export function useWorkspaceMembers({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...workspaceMembersQueryOptions(), enabled });
}
