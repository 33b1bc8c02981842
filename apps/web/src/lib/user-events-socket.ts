import { useCallback, useEffect, useRef } from 'react';
import { USER_EVENTS_SOCKET_PATH } from '@tracklane/shared/realtime/user-events';
import { openReconnectingSocket, type ReconnectingSocket } from './reconnecting-socket';

/** Same origin as the page, so the browser sends the session cookie: ws: under http:, wss: under https:. */
export function userEventsSocketUrl(location: Pick<Location, 'protocol' | 'host'>, userId: string): string {
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${location.host}${USER_EVENTS_SOCKET_PATH}?userId=${encodeURIComponent(userId)}`;
}

/** A socket message: its `type` (e.g. "notifications.changed") and whatever else it names. */
export type UserEventMessage = { type: string } & Record<string, unknown>;

/** The message, or null for anything that is not one. */
export function parseMessage(data: unknown): UserEventMessage | null {
  if (typeof data !== 'string') return null;
  try {
    const message = JSON.parse(data) as unknown;
    return typeof message === 'object' &&
      message !== null &&
      'type' in message &&
      typeof message.type === 'string'
      ? (message as UserEventMessage)
      : null;
  } catch {
    return null;
  }
}

/** The message's `type`, or null for anything that is not one. */
export function messageType(data: unknown): string | null {
  return parseMessage(data)?.type ?? null;
}

/**
 * What to do on each message type; a handler gets the message, or nothing after a reconnect (when
 * anything may have changed).
 */
export type UserEventHandlers = Record<string, (message?: UserEventMessage) => void>;

export interface UserEventsSocketOptions {
  /**
   * Once the socket first opens: what the page loaded before it was listening may be stale already.
   * (After a reconnect every handler runs instead.)
   */
  onFirstOpen?: () => void;
  /** After every open, with the way to send: tell the server again what this tab follows. */
  onOpen?: (send: SendOnSocket) => void;
  /** The connection closed; a reconnect follows. */
  onDown?: () => void;
}

/** Sends on the tab's socket while it is open; false while it is not (`onOpen` is the time to). */
export type SendOnSocket = (data: string) => boolean;

/**
 * The tab's one socket for everything about its user (ADR 0008): each message names what changed and
 * the matching handler refetches it; after a reconnect every handler runs, since messages sent while
 * the socket was down are lost. Open while `userId` is set; closed on sign-out or unmount.
 */
export function useUserEventsSocket(
  userId: string | null,
  handlers: UserEventHandlers,
  options: UserEventsSocketOptions = {},
): SendOnSocket {
  // The latest handlers, without reopening the socket when they change.
  const latest = useRef({ handlers, options });
  useEffect(() => {
    latest.current = { handlers, options };
  });

  const socketRef = useRef<ReconnectingSocket | null>(null);
  useEffect(() => {
    if (!userId) return;
    const socket = openReconnectingSocket({
      url: userEventsSocketUrl(window.location, userId),
      onMessage: (data) => {
        const message = parseMessage(data);
        if (message) latest.current.handlers[message.type]?.(message);
      },
      onFirstOpen: () => latest.current.options.onFirstOpen?.(),
      onOpen: () => latest.current.options.onOpen?.((data) => socket.send(data)),
      onDown: () => latest.current.options.onDown?.(),
      onReconnect: () => {
        for (const handler of Object.values(latest.current.handlers)) handler();
      },
    });
    socketRef.current = socket;
    return () => {
      socketRef.current = null;
      socket.close();
      latest.current.options.onDown?.();
    };
  }, [userId]);
  return useCallback((data: string) => socketRef.current?.send(data) ?? false, []);
}
