import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';
import { tenantQueryKey } from '../../../lib/tenant-queries';

export const PENDING_INVITATIONS_PATH = '/api/workspaces/invite/pending';

export const pendingInvitationSchema = z.object({
  /** The invitation's id (the spec's memberId), one per address and workspace. */
  memberId: z.string(),
  email: z.string(),
  workspaceId: z.string(),
  workspaceName: z.string(),
  createdAt: z.string(),
  lastSentAt: z.string(),
});

export type PendingInvitation = z.infer<typeof pendingInvitationSchema>;

/** The current organization's invitations nobody has answered yet, newest first (company admins). */
export async function listPendingInvitations(signal?: AbortSignal): Promise<PendingInvitation[]> {
  return z.array(pendingInvitationSchema).parse(await api.get<unknown>(PENDING_INVITATIONS_PATH, { signal }));
}

export const pendingInvitationsQueryOptions = () =>
  queryOptions({
    queryKey: tenantQueryKey('pending-invitations'),
    queryFn: ({ signal }) => listPendingInvitations(signal),
  });

export function usePendingInvitations() {
  return useQuery(pendingInvitationsQueryOptions());
}
