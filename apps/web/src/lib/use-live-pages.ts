import { useQueryClient } from '@tanstack/react-query';
import {
  FOLLOWED_MESSAGE,
  SHIPMENT_CHANGED_MESSAGE,
  WORKSPACE_CHANGED_MESSAGE,
  type LiveFollowMessage,
} from '@tracklane/shared/realtime/live-pages';
import { useCallback, useEffect, useMemo, useRef, useSyncExternalStore } from 'react';
import { invalidateShipmentViews, invalidateWorkspaceViews } from './live-invalidation';
import { getLiveState, setLiveSocketUp, subscribeLiveState } from './live-pages-store';
import type { SendOnSocket, UserEventHandlers, UserEventsSocketOptions } from './user-events-socket';

/**
 * Live pages over the tab's one socket (ADR 0041): it follows the workspace the tab shows and the
 * shipment an open page names (useFollowShipment), telling the server again after every open and
 * whenever either changes. A workspace message refetches its lists, counts and dashboards; a shipment
 * message its detail, comments and shares. After a reconnect the socket runs every handler with no
 * message, so everything of both refetches. While the socket is up nothing polls.
 */
export function useLivePages(workspaceId: string | null): {
  handlers: UserEventHandlers;
  options: Required<Pick<UserEventsSocketOptions, 'onOpen' | 'onDown'>>;
} {
  const queryClient = useQueryClient();
  // A render on the server follows nothing (the socket is the browser tab's).
  const shipmentId = useSyncExternalStore(
    subscribeLiveState,
    () => getLiveState().shipmentId,
    () => null,
  );
  const follow: LiveFollowMessage = { type: 'follow', workspaceId, shipmentId };
  const message = JSON.stringify(follow);
  const latest = useRef({ message, workspaceId });
  const send = useRef<SendOnSocket | null>(null);
  // The workspace and shipment the server last said the socket follows.
  const followed = useRef<{ workspaceId: string | null; shipmentId: string | null }>({
    workspaceId: null,
    shipmentId: null,
  });
  useEffect(() => {
    latest.current = { message, workspaceId };
    send.current?.(message);
  }, [message, workspaceId]);

  const handlers = useMemo<UserEventHandlers>(
    () => ({
      [WORKSPACE_CHANGED_MESSAGE.type]: (event) => {
        // A message about the workspace the tab showed before a switch: nothing here shows it.
        if (event && event.workspaceId !== latest.current.workspaceId) return;
        void invalidateWorkspaceViews(queryClient);
      },
      [FOLLOWED_MESSAGE.type]: (event) => {
        // After a reconnect every handler runs without a message: the others refetch everything.
        if (!event) return;
        const workspaceId = typeof event.workspaceId === 'string' ? event.workspaceId : null;
        const shipmentId = typeof event.shipmentId === 'string' ? event.shipmentId : null;
        const before = followed.current;
        followed.current = { workspaceId, shipmentId };
        // Pages load beside the follow (a page names its shipment only once its detail has loaded), so
        // a change stored between their answers and the follow reached no one: what the tab shows is
        // asked for once more, now that every change reaches it.
        if (
          workspaceId !== null &&
          workspaceId !== before.workspaceId &&
          workspaceId === latest.current.workspaceId
        )
          void invalidateWorkspaceViews(queryClient);
        if (shipmentId !== null && shipmentId !== before.shipmentId)
          void invalidateShipmentViews(queryClient, shipmentId);
      },
      [SHIPMENT_CHANGED_MESSAGE.type]: (event) => {
        const id = typeof event?.shipmentId === 'string' ? event.shipmentId : undefined;
        void invalidateShipmentViews(queryClient, id);
      },
    }),
    [queryClient],
  );
  const onOpen = useCallback((sendOnSocket: SendOnSocket) => {
    send.current = sendOnSocket;
    sendOnSocket(latest.current.message);
    setLiveSocketUp(true);
  }, []);
  const onDown = useCallback(() => setLiveSocketUp(false), []);
  return { handlers, options: { onOpen, onDown } };
}
