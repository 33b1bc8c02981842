import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  workspaceInvitationSchema,
  type WorkspaceInvitation,
} from '@tracklane/shared/invitations/invitations.schema';
import { z } from 'zod';
import { api } from '../../../lib/api-client';

export const MY_INVITATIONS_PATH = '/api/workspaces/invite/list';

/** The signed-in user's own invitations: the same whichever workspace is selected, so not tenant-keyed. */
export const MY_INVITATIONS_QUERY_KEY = ['invitations', 'mine'] as const;

/** Invitations to workspaces that the signed-in user has not answered yet, newest first (spec §3). */
export async function listMyInvitations(signal?: AbortSignal): Promise<WorkspaceInvitation[]> {
  return z.array(workspaceInvitationSchema).parse(await api.get<unknown>(MY_INVITATIONS_PATH, { signal }));
}

export const myInvitationsQueryOptions = () =>
  queryOptions({ queryKey: MY_INVITATIONS_QUERY_KEY, queryFn: ({ signal }) => listMyInvitations(signal) });

export function useMyInvitations(enabled = true) {
  return useQuery({ ...myInvitationsQueryOptions(), enabled });
}
