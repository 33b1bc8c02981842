import { and, eq, gt } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_HINT_COOKIE } from '@tracklane/shared/auth/session-hint';
import type { Database } from '../db/client';
import { organizationMembers, organizations, workspaceMembers, workspaces } from '../db/schema/organizations';
import { sessions } from '../db/schema/sessions';
import { users, type UserRow } from '../db/schema/users';
import { hashToken } from '../lib/tokens';
import type { Tenant } from '../modules/organizations/selection';

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
 * selection's memberships are left-joined, so a selection the user no longer belongs to (left, removed,
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
      // Each joined part can be missing; the tenant exists only when all of them do.
      memberOf: workspaceMembers.workspaceId,
      organizationId: workspaces.organizationId,
      isDefaultWorkspace: workspaces.isDefault,
      role: organizationMembers.role,
      shipmentPermission: organizationMembers.shipmentPermission,
      creatorId: organizations.creatorId,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(
      workspaceMembers,
      and(
        eq(workspaceMembers.workspaceId, sessions.currentWorkspaceId),
        eq(workspaceMembers.userId, sessions.userId),
      ),
    )
    .leftJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
    .leftJoin(
      organizationMembers,
      and(
        eq(organizationMembers.organizationId, workspaces.organizationId),
        eq(organizationMembers.userId, sessions.userId),
      ),
    )
    .leftJoin(organizations, eq(organizations.id, organizationMembers.organizationId))
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
