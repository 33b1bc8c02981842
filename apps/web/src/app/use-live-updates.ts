import { useQueryClient } from '@tanstack/react-query';
import { INVITATIONS_SOCKET_MESSAGE } from '@tracklane/shared/invitations/invitations.schema';
import { NOTIFICATIONS_SOCKET_MESSAGE } from '@tracklane/shared/notifications/notifications.schema';
import { useCallback, useMemo } from 'react';
import { MY_INVITATIONS_QUERY_KEY } from '../features/invitations/api/list-my-invitations';
import { NOTIFICATIONS_QUERY_KEY } from '../features/notifications/api/get-notifications';
import { dashboardQueryKey } from '../lib/dashboard-api';
import { refreshOrganizationData } from '../lib/tenant-queries';
import { useUserEventsSocket } from '../lib/user-events-socket';

/**
 * The shell's live updates over the tab's one socket (spec §4): an invitation message refetches the
 * invitations (an accepted one changes memberships too, so organizations and tenant pages as well);
 * a notification message refetches the bell and the notifications page, and the dashboards, whose
 * figures the change that caused it has moved.
 */
export function useLiveUpdates(userId: string | null): void {
  const queryClient = useQueryClient();
  const handlers = useMemo(
    () => ({
      [INVITATIONS_SOCKET_MESSAGE.type]: () => {
        void queryClient.invalidateQueries({ queryKey: MY_INVITATIONS_QUERY_KEY });
        void refreshOrganizationData(queryClient);
      },
      [NOTIFICATIONS_SOCKET_MESSAGE.type]: () => {
        void queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_QUERY_KEY });
        void queryClient.invalidateQueries({ queryKey: dashboardQueryKey() });
      },
    }),
    [queryClient],
  );
  const onFirstOpen = useCallback(() => {
    // Only the small, personal lists: a change between the page's load and the socket's open is not lost.
    void queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_QUERY_KEY });
    void queryClient.invalidateQueries({ queryKey: MY_INVITATIONS_QUERY_KEY });
  }, [queryClient]);
  useUserEventsSocket(userId, handlers, { onFirstOpen });
}
