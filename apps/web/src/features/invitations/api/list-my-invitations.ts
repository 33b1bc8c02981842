import { queryOptions, useQuery } from '@tanstack/react-query';
import type { WorkspaceInvitation } from '@tracklane/shared/invitations/invitations.schema';
import { z } from 'zod';
import { api } from '../../../lib/api-client';

// Its schemas load with the first answer, not with the shell: zod builds every schema of a module as
// the module loads, and the shell draws without them.
const schemas = () => import('@tracklane/shared/invitations/invitations.schema');

export const MY_INVITATIONS_PATH = '/api/workspaces/invite/list';

/** The signed-in user's own invitations: the same whichever workspace is selected, so not tenant-keyed. */
export const MY_INVITATIONS_QUERY_KEY = ['invitations', 'mine'] as const;

/** Invitations to workspaces that the signed-in user has not answered yet, newest first (spec §3). */
export async function listMyInvitations(signal?: AbortSignal): Promise<WorkspaceInvitation[]> {
  const [{ workspaceInvitationSchema }, body] = await Promise.all([
    schemas(),
    api.get<unknown>(MY_INVITATIONS_PATH, { signal }),
  ]);
  return z.array(workspaceInvitationSchema).parse(body);
}

export const myInvitationsQueryOptions = () =>
  queryOptions({ queryKey: MY_INVITATIONS_QUERY_KEY, queryFn: ({ signal }) => listMyInvitations(signal) });

export function useMyInvitations() {
  return useQuery(myInvitationsQueryOptions());
}
