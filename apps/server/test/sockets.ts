import WebSocket from 'ws';

/** A browser-like connection to the invitations socket of a listening test server. */
export function connectInvitationSocket(
  port: number,
  cookie: string,
  userId: string,
  headers: Record<string, string> = {},
): WebSocket {
  return new WebSocket(`ws://127.0.0.1:${String(port)}/api/ws/workspaceInvitations?userId=${userId}`, {
    headers: { cookie, ...headers },
  });
}

/** Resolves once the handshake succeeds; rejects with the HTTP status when it is refused. */
export function opened(socket: WebSocket): Promise<void> {
  return new Promise((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('unexpected-response', (_req, res) =>
      reject(new Error(`refused with ${String(res.statusCode)}`)),
    );
    socket.once('error', reject);
  });
}

/**
 * The next message on the socket. The wait is generous (a shared CI machine can be slow): tests assert
 * that the message arrives, not how fast, and fail with a clear reason if it never does.
 */
export function nextMessage(socket: WebSocket, waitMs = 15_000): Promise<string> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no message within ${String(waitMs)} ms`)), waitMs);
    socket.once('message', (data: Buffer) => {
      clearTimeout(timer);
      resolve(data.toString());
    });
  });
}

/** Resolves with the close code and reason the server sent. */
export function closed(socket: WebSocket): Promise<{ code: number; reason: string }> {
  return new Promise((resolve) =>
    socket.once('close', (code: number, reason: Buffer) => resolve({ code, reason: reason.toString() })),
  );
}
