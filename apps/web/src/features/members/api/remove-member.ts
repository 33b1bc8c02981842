import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { refreshOrganizationData } from '../../../lib/tenant-queries';

export const REMOVE_MEMBER_PATH = '/api/organization/members/remove';

/** Removes someone from the organization and all its workspaces; answers "Removed {email} from the organization". */
export async function removeMember(userId: string): Promise<{ message: string }> {
  const envelope = await apiRequest<null>(REMOVE_MEMBER_PATH, { method: 'POST', body: { userId } });
  return { message: envelope.message };
}

export function useRemoveMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeMember,
    onSuccess: () => refreshOrganizationData(queryClient),
  });
}
