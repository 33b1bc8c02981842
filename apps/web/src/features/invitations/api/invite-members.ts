import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  INVITE_MESSAGES,
  inviteResultSchema,
  type InviteRequest,
} from '@tracklane/shared/invitations/invitations.schema';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { TENANT_QUERY_KEY } from '../../../lib/tenant-queries';

export const INVITE_MEMBERS_PATH = '/api/workspaces/invite/new';

export type InviteMembersResult = z.infer<typeof inviteResultSchema> & { message: string };

/** Invites addresses to workspaces of the current organization (spec §5, §7; company admins). */
export async function inviteMembers(request: InviteRequest): Promise<InviteMembersResult> {
  const envelope = await apiRequest<unknown>(INVITE_MEMBERS_PATH, { method: 'POST', body: request });
  const result = inviteResultSchema.parse(envelope.result);
  return { ...result, message: envelope.message || INVITE_MESSAGES.invited(result.invited) };
}

export function useInviteMembers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: inviteMembers,
    // Pending invitations hold seats: the overview's usage and the pending list both change.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: TENANT_QUERY_KEY }),
  });
}
