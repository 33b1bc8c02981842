import { and, eq, gt } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_HINT_COOKIE } from '@tracklane/shared/auth/session-hint';
import type { Database } from '../db/client';
import { organizations } from '../db/schema/organizations';
import { sessions } from '../db/schema/sessions';
import { users, type UserRow } from '../db/schema/users';
import { hashToken } from '../lib/tokens';
import { memberships } from '../tenancy/memberships';
import type { Tenant } from '../tenancy/tenant';

export const SESSION_COOKIE = 'tl_session';

/** Removes the session cookie and its readable hint (signing out, or a cookie no session matches). */
export function clearSessionCookies(reply: FastifyReply, options: { path: string } = { path: '/' }): void {
  reply.clearCookie(SESSION_COOKIE, options);
  reply.clearCookie(SESSION_HINT_COOKIE, { ...options, httpOnly: false });
}

export interface SessionUser {
  sessionId: string;
  expiresAt: Date;
  user: UserRow;
  currentOrganizationId: string | null;
  currentWorkspaceId: string | null;
}

/** A session with the tenant of its selected workspace: null when none is selected or it is no longer valid. */
export interface ResolvedSession extends SessionUser {
  tenant: Tenant | null;
}

/** The hash the sessions table is keyed by, or null for a request without a plausible session cookie. */
export function sessionTokenHash(request: FastifyRequest): string | null {
  const token = request.cookies[SESSION_COOKIE];
  if (!token || token.length > 128) return null;
  return hashToken(token);
}

/**
 * The signed-in user of a request, from the session cookie: a live session of an enabled user, or null.
 * A forged, expired or revoked token finds no row.
 */
export async function resolveSession(db: Database, request: FastifyRequest): Promise<SessionUser | null> {
  const tokenHash = sessionTokenHash(request);
  if (!tokenHash) return null;
  const row = await resolveSessionAndTenant(db, tokenHash);
  if (!row) return null;
  const { tenant: _tenant, ...session } = row;
  return session;
}

/**
 * A live session of an enabled user, with the tenant of the workspace it has selected, in one query: the
 * selection's membership is left-joined, so a selection the user no longer belongs to (left, removed,
 * deleted) comes back as a null tenant, for {@link ensureTenant} to fall back.
 */
export async function resolveSessionAndTenant(
  db: Database,
  tokenHash: string,
): Promise<ResolvedSession | null> {
  const [row] = await db
    .select({
      sessionId: sessions.id,
      expiresAt: sessions.expiresAt,
      user: users,
      currentOrganizationId: sessions.currentOrganizationId,
      currentWorkspaceId: sessions.currentWorkspaceId,
      // The selection's membership can be missing; the tenant exists only when it does.
      memberOf: memberships.workspaceId,
      organizationId: memberships.organizationId,
      isDefaultWorkspace: memberships.isDefaultWorkspace,
      role: memberships.role,
      shipmentPermission: memberships.shipmentPermission,
      creatorId: organizations.creatorId,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(
      memberships,
      and(eq(memberships.workspaceId, sessions.currentWorkspaceId), eq(memberships.userId, sessions.userId)),
    )
    .leftJoin(organizations, eq(organizations.id, memberships.organizationId))
    .where(
      and(eq(sessions.tokenHash, tokenHash), gt(sessions.expiresAt, new Date()), eq(users.enabled, true)),
    )
    .limit(1);
  if (!row) return null;
  const { memberOf, organizationId, isDefaultWorkspace, role, shipmentPermission, creatorId, ...session } =
    row;
  const tenant: Tenant | null =
    memberOf !== null &&
    organizationId !== null &&
    isDefaultWorkspace !== null &&
    role !== null &&
    shipmentPermission !== null &&
    creatorId !== null
      ? {
          userId: session.user.id,
          organizationId,
          workspaceId: memberOf,
          role,
          shipmentPermission,
          isCreator: creatorId === session.user.id,
          isDefaultWorkspace,
        }
      : null;
  return { ...session, tenant };
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
