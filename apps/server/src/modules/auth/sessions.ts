import { eq } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import { SESSION_HINT_COOKIE } from '@tracklane/shared/auth/session-hint';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { sessions } from '../../db/schema/sessions';
import { publish } from '../../integrations/realtime/realtime-hub';
import { hashToken, newToken } from '../../lib/tokens';
import { clearSessionCookies, SESSION_COOKIE } from '../../plugins/session';

export const SESSION_TTL_MS = 30 * 24 * 60 * 60_000;

export interface ClientMeta {
  ip: string;
  userAgent: string | undefined;
}

export interface NewSession {
  id: string;
  token: string;
  expiresAt: Date;
}

/** A session with a brand-new random token: sign-in never reuses a token from before. */
export async function createSession(tx: Database, userId: string, client: ClientMeta): Promise<NewSession> {
  const token = newToken();
  const expiresAt = new Date(Date.now() + SESSION_TTL_MS);
  const [row] = await tx
    .insert(sessions)
    .values({
      userId,
      tokenHash: hashToken(token),
      expiresAt,
      ip: client.ip,
      userAgent: client.userAgent?.slice(0, 300) ?? null,
    })
    .returning({ id: sessions.id });
  return { id: row!.id, token, expiresAt };
}

function cookieOptions(config: Config) {
  return {
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: config.publicUrl.startsWith('https:'),
    path: '/',
  };
}

export function setSessionCookie(reply: FastifyReply, config: Config, session: NewSession): void {
  const options = { ...cookieOptions(config), expires: session.expiresAt };
  reply.setCookie(SESSION_COOKIE, session.token, options);
  reply.setCookie(SESSION_HINT_COOKIE, '1', { ...options, httpOnly: false });
}

export function clearSessionCookie(reply: FastifyReply, config: Config): void {
  clearSessionCookies(reply, cookieOptions(config));
}

/** Signs one session out; its open sockets close, on whichever server process holds them. */
export async function endSession(db: Database, sessionId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(sessions).where(eq(sessions.id, sessionId));
    await publish(tx, { topic: 'sessionsEnded', sessionIds: [sessionId], userIds: [] });
  });
}

/**
 * Signs the user out everywhere (after a password reset), sockets included. Call it inside the
 * transaction of the change: the sockets close only if it commits.
 */
export async function revokeAllSessions(tx: Database, userId: string): Promise<void> {
  await tx.delete(sessions).where(eq(sessions.userId, userId));
  await publish(tx, { topic: 'sessionsEnded', sessionIds: [], userIds: [userId] });
}
