import { useQueryClient } from '@tanstack/react-query';
import { INVITATIONS_SOCKET_MESSAGE } from '@tracklane/shared/invitations/invitations.schema';
import { useEffect } from 'react';
import { refreshOrganizationData } from '../../../lib/tenant-queries';
import { MY_INVITATIONS_QUERY_KEY } from '../api/list-my-invitations';
import { openReconnectingSocket } from '../../../lib/reconnecting-socket';

export const INVITATIONS_SOCKET_PATH = '/api/ws/workspaceInvitations';

/** Same origin as the page, so the browser sends the session cookie: ws: under http:, wss: under https:. */
export function invitationSocketUrl(location: Pick<Location, 'protocol' | 'host'>, userId: string): string {
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${location.host}${INVITATIONS_SOCKET_PATH}?userId=${encodeURIComponent(userId)}`;
}

function isInvitationsChanged(data: unknown): boolean {
  if (typeof data !== 'string') return false;
  try {
    const message = JSON.parse(data) as unknown;
    return (
      typeof message === 'object' &&
      message !== null &&
      'type' in message &&
      message.type === INVITATIONS_SOCKET_MESSAGE.type
    );
  } catch {
    return false;
  }
}

/**
 * spec §4: each message on the workspace-invitation socket triggers a refetch of the invitations. The
 * socket pushes no data, only the nudge. An accepted invitation changes memberships (in this tab or
 * another), so the organizations and tenant pages are asked again too. Mounted once, by the main shell;
 * closed when the user signs out (userId null) or the shell unmounts.
 */
export function useInvitationSocket(userId: string | null): void {
  const queryClient = useQueryClient();

  useEffect(() => {
    if (!userId) return;
    const refetch = () => {
      void queryClient.invalidateQueries({ queryKey: MY_INVITATIONS_QUERY_KEY });
      void refreshOrganizationData(queryClient);
    };
    const socket = openReconnectingSocket({
      url: invitationSocketUrl(window.location, userId),
      onMessage: (data) => {
        if (isInvitationsChanged(data)) refetch();
      },
      // Messages sent while the socket was down are lost: catch up once it is back.
      onReconnect: refetch,
    });
    return () => socket.close();
  }, [queryClient, userId]);
}
