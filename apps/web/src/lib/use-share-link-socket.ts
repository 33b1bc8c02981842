import { shareLinkSocketPath } from '@tracklane/shared/realtime/live-pages';
import { useEffect, useRef, useState } from 'react';
import { openReconnectingSocket } from './reconnecting-socket';

/** Same origin as the page: ws: under http:, wss: under https:. */
export function shareLinkSocketUrl(location: Pick<Location, 'protocol' | 'host'>, token: string): string {
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${location.host}${shareLinkSocketPath(token)}`;
}

/**
 * A public link's page listens on a socket of its own (no session, ADR 0041): `onChange` runs on each
 * message (what the link shows changed, or it was revoked) and after a reconnect (messages sent while
 * it was down are lost). Returns whether the socket is up: while it is, the page need not poll.
 */
export function useShareLinkSocket(token: string, onChange: () => void): boolean {
  const [up, setUp] = useState(false);
  const latest = useRef(onChange);
  useEffect(() => {
    latest.current = onChange;
  });
  useEffect(() => {
    const socket = openReconnectingSocket({
      url: shareLinkSocketUrl(window.location, token),
      onMessage: () => latest.current(),
      onOpen: () => setUp(true),
      onDown: () => setUp(false),
      onReconnect: () => latest.current(),
    });
    return () => {
      socket.close();
      setUp(false);
    };
  }, [token]);
  return up;
}
