import { useQueryClient } from '@tanstack/react-query';
import {
  CARRIER_CONNECTIONS_SOCKET_MESSAGE,
  COMMENTS_SOCKET_MESSAGE,
  FAVORITES_SOCKET_MESSAGE,
  INVITATIONS_SOCKET_MESSAGE,
  NOTIFICATIONS_SOCKET_MESSAGE,
  SHIPMENTS_SOCKET_MESSAGE,
} from '@tracklane/shared/realtime/user-events';
import { useCallback, useMemo } from 'react';
import { CARRIER_CONNECTIONS_QUERY_KEY } from '../features/carrier-connections/api/keys';
import { COMMENT_MENTIONS_QUERY_KEY } from '../features/comments/api/list-comment-mentions';
import { COMMENTS_QUERY_KEY } from '../features/comments/api/list-comments';
import { MY_INVITATIONS_QUERY_KEY } from '../features/invitations/api/list-my-invitations';
import { NOTIFICATIONS_QUERY_KEY } from '../features/notifications/api/get-notifications';
import { SHARED_WITH_ME_QUERY_KEY } from '../features/sharing/api/keys';
import { dashboardQueryKey } from '../lib/dashboard-api';
import { shipmentQueryRoots } from '../lib/live-invalidation';
import { TAB_ID } from '../lib/tab-id';
import { refreshOrganizationData, tenantQueryKey } from '../lib/tenant-queries';
import { useLivePages } from '../lib/use-live-pages';
import { useUserEventsSocket, type UserEventHandlers } from '../lib/user-events-socket';
import { useWorkspaceStore } from '../features/workspaces/stores/workspace-store';

/** Every mode's shipment answers (lists, details, options), under their modes' query-key roots. */
const shipmentsQueryKeys = () => shipmentQueryRoots().map((root) => tenantQueryKey(root));

/**
 * The shell's live updates over the tab's one socket (spec §4): an invitation message refetches the
 * invitations (an accepted one changes memberships too, so organizations and tenant pages as well);
 * a notification message refetches the bell (comment mentions too) and the notifications page, the
 * dashboards, whose figures the change that caused it has moved, and what is shared with the user
 * (invites, revocations); a comments message refetches the open comment thread; a favourites message
 * (the user starred something in another tab or on another device: stars are personal) refetches the
 * shipment lists and details, unless this tab made the change and shows it already; a carrier
 * connections message refetches the carrier connections page; a shipments message (a terminal's new
 * answer, a followed bill's containers added by the engine) refetches the shipment lists, details,
 * bills, clocks and dashboards. Live pages (useLivePages) add the workspace's and the open shipment's
 * topics, whatever the user's notification settings.
 */
export function useLiveUpdates(userId: string | null): void {
  const queryClient = useQueryClient();
  const handlers = useMemo<UserEventHandlers>(
    () => ({
      [INVITATIONS_SOCKET_MESSAGE.type]: () => {
        void queryClient.invalidateQueries({ queryKey: MY_INVITATIONS_QUERY_KEY });
        void refreshOrganizationData(queryClient);
      },
      [NOTIFICATIONS_SOCKET_MESSAGE.type]: () => {
        void queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_QUERY_KEY });
        void queryClient.invalidateQueries({ queryKey: COMMENT_MENTIONS_QUERY_KEY });
        void queryClient.invalidateQueries({ queryKey: dashboardQueryKey() });
        // Shares with me: a new invite, or a revoked share whose open page must stop showing it.
        void queryClient.invalidateQueries({ queryKey: SHARED_WITH_ME_QUERY_KEY });
      },
      // Someone commented in a workspace of this user: the open thread (only an observed one) refetches.
      [COMMENTS_SOCKET_MESSAGE.type]: () => {
        void queryClient.invalidateQueries({ queryKey: COMMENTS_QUERY_KEY });
      },
      [FAVORITES_SOCKET_MESSAGE.type]: (message) => {
        // This tab's own star: its rows turned already, and stay in place until they are next loaded.
        if (message?.origin === TAB_ID) return;
        for (const queryKey of shipmentsQueryKeys()) void queryClient.invalidateQueries({ queryKey });
      },
      // Another admin changed the organization's carrier connections: an open page refetches.
      [CARRIER_CONNECTIONS_SOCKET_MESSAGE.type]: () => {
        void queryClient.invalidateQueries({ queryKey: CARRIER_CONNECTIONS_QUERY_KEY });
      },
      // The engine or a terminal changed shipments the user sees (a terminal's new answer, a bill of
      // lading followed alone that named its containers): lists, details, bills, clocks, dashboards.
      [SHIPMENTS_SOCKET_MESSAGE.type]: () => {
        for (const queryKey of shipmentsQueryKeys()) void queryClient.invalidateQueries({ queryKey });
        void queryClient.invalidateQueries({ queryKey: tenantQueryKey('shipment-free-time') });
        void queryClient.invalidateQueries({ queryKey: dashboardQueryKey() });
      },
    }),
    [queryClient],
  );
  const onFirstOpen = useCallback(() => {
    // Only the small, personal lists: a change between the page's load and the socket's open is not lost.
    void queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_QUERY_KEY });
    void queryClient.invalidateQueries({ queryKey: COMMENT_MENTIONS_QUERY_KEY });
    void queryClient.invalidateQueries({ queryKey: MY_INVITATIONS_QUERY_KEY });
    void queryClient.invalidateQueries({ queryKey: SHARED_WITH_ME_QUERY_KEY });
  }, [queryClient]);
  const workspaceId = useWorkspaceStore((state) => state.currentWorkspace?.workspaceId ?? null);
  const live = useLivePages(workspaceId);
  const allHandlers = useMemo(() => ({ ...handlers, ...live.handlers }), [handlers, live.handlers]);
  useUserEventsSocket(userId, allHandlers, { onFirstOpen, ...live.options });
}
