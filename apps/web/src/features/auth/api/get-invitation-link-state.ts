import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  invitationStateSchema,
  type InvitationLinkState,
} from '@tracklane/shared/invitations/invitation-link-state.schema';
import { api } from '../../../lib/api-client';

export const INVITATION_STATE_PATH = '/api/workspaces/invite/state';

/** What the invitations an e-mail's link names (`?invitation=id,id`) stand for now. */
export async function getInvitationLinkState(
  ids: string,
  signal?: AbortSignal,
): Promise<InvitationLinkState> {
  const result = invitationStateSchema.parse(
    await api.get<unknown>(INVITATION_STATE_PATH, { query: { ids }, signal }),
  );
  return result.state;
}

export const invitationLinkStateQueryOptions = (ids: string) =>
  queryOptions({
    queryKey: ['auth', 'invitation-link', ids],
    queryFn: ({ signal }) => getInvitationLinkState(ids, signal),
  });

/** The state of the link's invitations; nothing is asked when the page was not opened from one. */
export function useInvitationLinkState(ids: string | null) {
  return useQuery({ ...invitationLinkStateQueryOptions(ids ?? ''), enabled: Boolean(ids) });
}
