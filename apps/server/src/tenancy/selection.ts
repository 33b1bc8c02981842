import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Selection } from '@tracklane/shared/organizations/organizations.schema';
import type { Database } from '../db/client';
import { organizations, workspaceMembers, workspaces } from '../db/schema/organizations';
import { sessions } from '../db/schema/sessions';
import { publish } from '../integrations/realtime/realtime-hub';
import { inOrganization } from './scope';
import { loadTenant, type Tenant } from './tenant';

/**
 * The workspace a user lands in when nothing valid is selected: their own organization's default
 * workspace first (spec §4: after leaving, "their own default workspace of an organization they
 * created"), then any workspace they belong to, preferring default ones, oldest membership first.
 */
export async function pickHomeWorkspace(
  db: Database,
  userId: string,
  organizationId?: string,
): Promise<string | null> {
  const [row] = await db
    .select({ workspaceId: workspaces.id })
    .from(workspaceMembers)
    .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
    .innerJoin(organizations, eq(organizations.id, workspaces.organizationId))
    .where(
      and(
        eq(workspaceMembers.userId, userId),
        organizationId ? inOrganization({ organizationId }, workspaces) : undefined,
      ),
    )
    .orderBy(
      desc(sql`${organizations.creatorId} = ${userId}`),
      desc(workspaces.isDefault),
      asc(workspaceMembers.createdAt),
    )
    .limit(1);
  return row?.workspaceId ?? null;
}

/** Stores the session's selection; processes that cached the session's tenant drop it. */
export async function saveSelection(db: Database, sessionId: string, selection: Selection): Promise<void> {
  await db
    .update(sessions)
    .set({ currentOrganizationId: selection.organizationId, currentWorkspaceId: selection.workspaceId })
    .where(eq(sessions.id, sessionId));
  // In the caller's transaction when there is one; otherwise right after the update.
  await publish(db, { topic: 'accessChanged', sessionIds: [sessionId] });
}

export class SelectionChangedError extends Error {
  override name = 'SelectionChangedError';
}

/**
 * The session's tenant. A selection that is no longer valid (left, removed, deleted) falls back to the
 * user's home workspace and is saved, so reads work somewhere the user really belongs. A write aimed at a
 * workspace the user has just lost throws {@link SelectionChangedError} instead: it must not silently
 * land in another organization.
 */
export async function ensureTenant(
  db: Database,
  session: { sessionId: string; userId: string; currentWorkspaceId: string | null },
  options: { write: boolean },
): Promise<Tenant | null> {
  if (session.currentWorkspaceId) {
    const tenant = await loadTenant(db, session.userId, session.currentWorkspaceId);
    if (tenant) return tenant;
  }
  const lostSelection = session.currentWorkspaceId !== null;
  const home = await pickHomeWorkspace(db, session.userId);
  if (!home) {
    if (session.currentWorkspaceId)
      await saveSelection(db, session.sessionId, { organizationId: null, workspaceId: null });
    return null;
  }
  const tenant = await loadTenant(db, session.userId, home);
  if (tenant)
    await saveSelection(db, session.sessionId, {
      organizationId: tenant.organizationId,
      workspaceId: tenant.workspaceId,
    });
  if (lostSelection && options.write) throw new SelectionChangedError();
  return tenant;
}
