import { and, eq, gt } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../db/client';
import { sessions } from '../db/schema/sessions';
import { users, type UserRow } from '../db/schema/users';
import { hashToken } from '../lib/tokens';

export const SESSION_COOKIE = 'tl_session';

export interface SessionUser {
  sessionId: string;
  expiresAt: Date;
  user: UserRow;
  currentOrganizationId: string | null;
  currentWorkspaceId: string | null;
}

/**
 * The signed-in user of a request, from the session cookie: a live session of an enabled user, or null.
 * A forged, expired or revoked token finds no row.
 */
export async function resolveSession(db: Database, request: FastifyRequest): Promise<SessionUser | null> {
  const token = request.cookies[SESSION_COOKIE];
  if (!token || token.length > 128) return null;
  const [row] = await db
    .select({
      sessionId: sessions.id,
      expiresAt: sessions.expiresAt,
      user: users,
      currentOrganizationId: sessions.currentOrganizationId,
      currentWorkspaceId: sessions.currentWorkspaceId,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, hashToken(token)),
        gt(sessions.expiresAt, new Date()),
        eq(users.enabled, true),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** Whether a session still exists and has not expired. */
export async function isSessionLive(db: Database, sessionId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.id, sessionId), gt(sessions.expiresAt, new Date())))
    .limit(1);
  return row !== undefined;
}
