import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  inviteResponseSchema,
  WorkspaceInvitation,
} from '@tracklane/shared/invitations/invitations.schema';
import type { z } from 'zod';
import { apiRequest, isApiError } from '../../../lib/api-client';
import { refreshOrganizationData } from '../../../lib/tenant-queries';
import { MY_INVITATIONS_QUERY_KEY } from './list-my-invitations';

export const CONFIRM_INVITATION_PATH = '/api/workspaces/invite/confirm';

export interface ConfirmInvitationInput {
  invitation: Pick<WorkspaceInvitation, 'workspaceId' | 'memberId' | 'workspaceName'>;
  /** true accepts (joins the workspace), false declines (spec §4). */
  joined: boolean;
}

// Its schema loads with the answer, not with the shell (see list-my-invitations.ts).
const schemas = () => import('@tracklane/shared/invitations/invitations.schema');

export type ConfirmInvitationResult = z.infer<typeof inviteResponseSchema> & { message: string };

/** Accepts or declines one of the signed-in user's invitations (spec §4, §7). */
export async function confirmInvitation({
  invitation,
  joined,
}: ConfirmInvitationInput): Promise<ConfirmInvitationResult> {
  const [{ INVITE_MESSAGES, inviteResponseSchema }, envelope] = await Promise.all([
    schemas(),
    apiRequest<unknown>(CONFIRM_INVITATION_PATH, {
      method: 'POST',
      body: {
        workspaceId: invitation.workspaceId,
        memberId: invitation.memberId,
        joined,
        workspaceName: invitation.workspaceName,
      },
    }),
  ]);
  const result = inviteResponseSchema.parse(envelope.result);
  const fallback = result.joined
    ? INVITE_MESSAGES.joined(result.workspaceName)
    : INVITE_MESSAGES.declined(result.workspaceName);
  return { ...result, message: envelope.message || fallback };
}

export function useConfirmInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmInvitation,
    onSuccess: async (result, { invitation }) => {
      // The answered invitation leaves the rail at once, before the list is asked again.
      queryClient.setQueryData<WorkspaceInvitation[]>(MY_INVITATIONS_QUERY_KEY, (current) =>
        current?.filter((item) => item.memberId !== invitation.memberId),
      );
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: MY_INVITATIONS_QUERY_KEY }),
        // Joining adds the workspace (and maybe its organization) to the rail.
        result.joined ? refreshOrganizationData(queryClient) : null,
      ]);
    },
    onError: async (error) => {
      // Withdrawn, or answered in another tab: the list is out of date.
      if (isApiError(error) && error.status === 404) {
        await queryClient.invalidateQueries({ queryKey: MY_INVITATIONS_QUERY_KEY });
      }
    },
  });
}
