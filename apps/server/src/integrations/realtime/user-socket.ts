import type { FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import type { AppContext } from '../../app-context';
import { AppError } from '../../lib/app-error';
import { isSameOriginRequest } from '../../plugins/same-origin';
import { isSessionLive } from '../../plugins/session';
import { SESSION_ENDED_CLOSE_CODE, type SocketOwner, type SocketTopic } from './realtime-hub';

/**
 * Checked before the upgrade, so that a refusal is a plain HTTP error, never an open socket: the page
 * must be ours (a socket is not covered by SameSite cookies) and `userId` the session's own.
 */
export function refuseForeignSocket(ctx: AppContext) {
  return async (request: FastifyRequest<{ Querystring: { userId: string } }>) => {
    if (!isSameOriginRequest(request, ctx.config.publicUrl))
      throw new AppError('FORBIDDEN', 'Requests from other sites are not accepted.');
    if (request.query.userId !== request.user?.id)
      throw new AppError('FORBIDDEN', 'You can only listen to your own events.');
  };
}

/**
 * Attaches an upgraded socket to the hub for its signed-in owner and topics, for its session's life.
 * `onAttached` runs before anything is awaited, so it can listen to the socket's first messages.
 */
export async function attachUserSocket(
  ctx: AppContext,
  topics: readonly SocketTopic[],
  socket: WebSocket,
  request: FastifyRequest,
  onAttached?: (owner: SocketOwner) => void,
): Promise<void> {
  const { user, sessionId, sessionExpiresAt } = request;
  if (!user || !sessionId || !sessionExpiresAt) {
    socket.close(SESSION_ENDED_CLOSE_CODE, 'session ended');
    return;
  }
  const owner = { email: user.email, userId: user.id, sessionId, sessionExpiresAt };
  ctx.realtime.attach(topics, owner, socket);
  onAttached?.(owner);
  // A sign-out between the session check and the attach above was announced to nobody yet.
  if (!(await isSessionLive(ctx.db, sessionId))) socket.close(SESSION_ENDED_CLOSE_CODE, 'session ended');
}
