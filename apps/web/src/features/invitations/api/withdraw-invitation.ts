import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { tenantQueryKey } from '../../../lib/tenant-queries';

export const WITHDRAW_INVITATION_PATH = '/api/workspaces/invite/withdraw';

/** Withdraws a pending invitation (company admins): its seat is free again. */
export async function withdrawInvitation(memberId: string): Promise<{ message: string }> {
  const envelope = await apiRequest<unknown>(WITHDRAW_INVITATION_PATH, {
    method: 'POST',
    body: { memberId },
  });
  return { message: envelope.message || 'Invitation withdrawn' };
}

export function useWithdrawInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: withdrawInvitation,
    // The row goes and its seat is free: the list and the organization's seat counts move.
    onSettled: () => queryClient.invalidateQueries({ queryKey: tenantQueryKey() }),
  });
}
