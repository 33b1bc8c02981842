import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { pendingInvitationsQueryOptions } from './list-pending-invitations';

export const RESEND_INVITATION_PATH = '/api/workspaces/invite/resend';

/** E-mails a pending invitation again; the server allows once a minute per invitation (429 otherwise). */
export async function resendInvitation(memberId: string): Promise<{ message: string }> {
  const envelope = await apiRequest<unknown>(RESEND_INVITATION_PATH, { method: 'POST', body: { memberId } });
  return { message: envelope.message || 'Invitation sent again' };
}

export function useResendInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resendInvitation,
    // "Last sent" moved on.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: pendingInvitationsQueryOptions().queryKey }),
  });
}
