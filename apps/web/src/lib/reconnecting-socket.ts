import { DEFAULT_RECONNECT_BACKOFF, reconnectDelay, type BackoffOptions } from './reconnect-delay';

export interface ReconnectingSocketOptions {
  url: string;
  onMessage: (data: unknown) => void;
  /** After the first open: anything that changed between the page's first load and now was not heard. */
  onFirstOpen?: () => void;
  /** After a reconnect (not the first open): whatever was sent while the socket was down is lost. */
  onReconnect?: () => void;
  /** After every open, first or not: what the server must be told again on a new connection. */
  onOpen?: () => void;
  /** The connection closed: a reconnect follows. */
  onDown?: () => void;
  backoff?: BackoffOptions;
  random?: () => number;
}

export interface ReconnectingSocket {
  /** Closes for good: no reconnect follows. */
  close: () => void;
  /** Sends while open; false (nothing sent) while connecting or down: `onOpen` tells it again. */
  send: (data: string) => boolean;
}

/**
 * A WebSocket that comes back after every close, waiting longer after each failed attempt (see
 * {@link reconnectDelay}); a successful open starts the waits over. A refused handshake (401/403)
 * reaches the browser as a plain close, so it is retried like any drop.
 */
export function openReconnectingSocket({
  url,
  onMessage,
  onFirstOpen,
  onReconnect,
  onOpen,
  onDown,
  backoff = DEFAULT_RECONNECT_BACKOFF,
  random = Math.random,
}: ReconnectingSocketOptions): ReconnectingSocket {
  let socket: WebSocket | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let attempt = 0;
  let everOpened = false;
  let stopped = false;

  const connect = () => {
    timer = null;
    const current = new WebSocket(url);
    socket = current;
    current.onopen = () => {
      attempt = 0;
      onOpen?.();
      if (everOpened) onReconnect?.();
      else onFirstOpen?.();
      everOpened = true;
    };
    current.onmessage = (event: MessageEvent) => onMessage(event.data);
    current.onclose = () => {
      if (stopped || socket !== current) return;
      socket = null;
      onDown?.();
      timer = setTimeout(connect, reconnectDelay(attempt, backoff, random));
      attempt += 1;
    };
  };

  connect();

  return {
    send: (data) => {
      if (socket?.readyState !== WebSocket.OPEN) return false;
      socket.send(data);
      return true;
    },
    close: () => {
      stopped = true;
      if (timer !== null) clearTimeout(timer);
      timer = null;
      const current = socket;
      socket = null;
      if (!current) return;
      current.onmessage = null;
      current.onclose = null;
      if (current.readyState === WebSocket.CONNECTING) {
        // Closing before the handshake ends makes browsers log an error: close once it is open.
        current.onopen = () => current.close(1000);
      } else {
        current.onopen = null;
        current.close(1000);
      }
    },
  };
}
