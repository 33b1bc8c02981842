import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import { createDefaultAlertRules } from '../alerts/alerts.service';
import { entityNameSchema } from '@tracklane/shared/validation/entity-name';
import type {
  Organization,
  OrganizationOverview,
  Selection,
  Workspace,
} from '@tracklane/shared/organizations/organizations.schema';
import { canLeaveOrganization } from '@tracklane/shared/organizations/organizations.policy';
import type { AppContext } from '../../app-context';
import type { Database } from '../../db/client';
import {
  organizationMembers,
  organizations,
  workspaceMembers,
  workspaces,
} from '../../db/schema/organizations';
import { users, type UserRow } from '../../db/schema/users';
import { invitations } from '../../db/schema/invitations';
import { publish } from '../../integrations/realtime/realtime-hub';
import { AppError } from '../../lib/app-error';
import { updateImage } from '../../lib/images';
import { loadTenant } from '../../tenancy/tenant';
import { pickHomeWorkspace, saveSelection } from '../../tenancy/selection';
import { inOrganization, inWorkspaces, organizationIs, theOrganization } from '../../tenancy/scope';

export const DEFAULT_WORKSPACE_NAME = 'Default Workspace';

type WorkspaceRow = typeof workspaces.$inferSelect;

export function toWorkspace(row: WorkspaceRow): Workspace {
  return {
    id: row.id,
    workspaceId: row.id,
    name: row.name,
    workspaceName: row.name,
    image: row.imageUrl,
    isDefault: row.isDefault,
    organizationId: row.organizationId,
  };
}

/** A name for a new user's organization that passes the name rules whatever their first name. */
function personalOrganizationName(user: Pick<UserRow, 'firstName' | 'lastName'>): string {
  const candidate = `${user.firstName} ${user.lastName} Organization`
    .replace(/[^\p{L}\p{N} \-,.]/gu, '')
    .slice(0, 60);
  return entityNameSchema.safeParse(candidate).success
    ? entityNameSchema.parse(candidate)
    : 'My Organization';
}

/**
 * Every verified user gets an organization of their own, as its creator and company_admin, with one
 * default workspace. Runs inside the verification transaction.
 */
export async function createPersonalOrganization(
  tx: Database,
  user: UserRow,
): Promise<{ organizationId: string; workspaceId: string }> {
  const [organization] = await tx
    .insert(organizations)
    .values({ name: personalOrganizationName(user), creatorId: user.id })
    .returning({ id: organizations.id });
  const [workspace] = await tx
    .insert(workspaces)
    .values({ organizationId: organization!.id, name: DEFAULT_WORKSPACE_NAME, isDefault: true })
    .returning({ id: workspaces.id });
  await tx.insert(organizationMembers).values({
    organizationId: organization!.id,
    userId: user.id,
    role: 'company_admin',
    shipmentPermission: 0,
  });
  await tx.insert(workspaceMembers).values({ workspaceId: workspace!.id, userId: user.id });
  await createDefaultAlertRules(tx, workspace!.id, user.id);
  return { organizationId: organization!.id, workspaceId: workspace!.id };
}

/** spec §7 GET /api/workspaces/get: the user's organizations, each with the workspaces the user is in. */
export async function listOrganizationsOfUser(db: Database, userId: string): Promise<Organization[]> {
  const memberships = await db
    .select({
      organization: organizations,
      role: organizationMembers.role,
      shipmentPermission: organizationMembers.shipmentPermission,
    })
    .from(organizationMembers)
    .innerJoin(organizations, eq(organizations.id, organizationMembers.organizationId))
    .where(eq(organizationMembers.userId, userId))
    .orderBy(asc(organizationMembers.createdAt));
  const ownWorkspaces = await db
    .select({ workspace: workspaces })
    .from(workspaceMembers)
    .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
    .where(eq(workspaceMembers.userId, userId))
    .orderBy(asc(workspaces.createdAt));
  return memberships.map(({ organization, role, shipmentPermission }) => ({
    id: organization.id,
    organizationId: organization.id,
    organizationName: organization.name,
    organizationImageUrl: organization.imageUrl,
    image: organization.imageUrl,
    creatorId: organization.creatorId,
    isCreator: organization.creatorId === userId,
    role,
    shipmentPermission,
    workspaces: ownWorkspaces
      .filter((w) => w.workspace.organizationId === organization.id)
      .map((w) => toWorkspace(w.workspace)),
  }));
}

/** The session's selection after making sure it is valid (spec §7 setCookies). */
export async function currentSelection(
  db: Database,
  session: { sessionId: string; userId: string; currentWorkspaceId: string | null },
): Promise<Selection> {
  const tenant = session.currentWorkspaceId
    ? await loadTenant(db, session.userId, session.currentWorkspaceId)
    : null;
  if (tenant) return { organizationId: tenant.organizationId, workspaceId: tenant.workspaceId };
  return selectHome(db, session.sessionId, session.userId);
}

/** Moves the session to the user's home workspace (or to nothing when they have none). */
export async function selectHome(db: Database, sessionId: string, userId: string): Promise<Selection> {
  const home = await pickHomeWorkspace(db, userId);
  const tenant = home ? await loadTenant(db, userId, home) : null;
  const selection = tenant
    ? { organizationId: tenant.organizationId, workspaceId: tenant.workspaceId }
    : { organizationId: null, workspaceId: null };
  await saveSelection(db, sessionId, selection);
  return selection;
}

/**
 * spec §7 POST /api/organization/currentId: switches to an organization the user belongs to, landing in
 * its default workspace (or the first the user is in). An organization the user has no workspace in is
 * selected without a workspace. Anything else is "not found": nobody learns that it exists.
 */
export async function selectOrganization(
  db: Database,
  sessionId: string,
  userId: string,
  organizationId: string,
): Promise<Selection> {
  const [membership] = await db
    .select({ userId: organizationMembers.userId })
    .from(organizationMembers)
    .where(
      and(inOrganization({ organizationId }, organizationMembers), eq(organizationMembers.userId, userId)),
    );
  if (!membership) throw new AppError('NOT_FOUND', 'Organization not found.');
  const selection = { organizationId, workspaceId: await pickHomeWorkspace(db, userId, organizationId) };
  await saveSelection(db, sessionId, selection);
  return selection;
}

/** spec §7 POST /api/workspaces/currentId: switches to a workspace the user is a member of. */
export async function selectWorkspace(
  db: Database,
  sessionId: string,
  userId: string,
  workspaceId: string,
): Promise<Selection> {
  const tenant = await loadTenant(db, userId, workspaceId);
  if (!tenant) throw new AppError('NOT_FOUND', 'Workspace not found.');
  const selection = { organizationId: tenant.organizationId, workspaceId };
  await saveSelection(db, sessionId, selection);
  return selection;
}

/** Addresses holding a seat through a pending invitation without being members yet. */
export async function pendingInvitationSeats(db: Database, organizationId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(DISTINCT lower(${invitations.email}))::int` })
    .from(invitations)
    .where(
      and(
        inOrganization({ organizationId }, invitations),
        eq(invitations.status, 'pending'),
        sql`NOT EXISTS (SELECT 1 FROM ${organizationMembers} om JOIN ${users} u ON u.id = om.user_id
             WHERE ${organizationIs({ organizationId }, sql`om.organization_id`)} AND lower(u.email) = lower(${invitations.email}))`,
      ),
    );
  return row?.n ?? 0;
}

/** spec §3 Organization overview: seats used (members plus pending invitations) against the plan's limit. */
export async function getOverview(db: Database, organizationId: string): Promise<OrganizationOverview> {
  const [organization] = await db.select().from(organizations).where(theOrganization({ organizationId }));
  if (!organization) throw new AppError('NOT_FOUND', 'Organization not found.');
  const [members] = await db
    .select({ n: count() })
    .from(organizationMembers)
    .where(inOrganization({ organizationId }, organizationMembers));
  const [spaces] = await db
    .select({ n: count() })
    .from(workspaces)
    .where(inOrganization({ organizationId }, workspaces));
  const pending = await pendingInvitationSeats(db, organizationId);
  return {
    organizationId,
    organizationName: organization.name,
    plan: organization.plan,
    memberLimit: organization.memberLimit,
    memberCount: members!.n,
    pendingInvitations: pending,
    memberUsage: members!.n + pending,
    workspaceCount: spaces!.n,
  };
}

/**
 * Locks the organization row for the rest of the transaction: membership changes in one organization
 * happen one at a time, so two admins cannot, at the same moment, remove or demote each other.
 */
export async function lockOrganization(tx: Database, organizationId: string) {
  const [row] = await tx
    .select()
    .from(organizations)
    .where(theOrganization({ organizationId }))
    .for('update');
  if (!row) throw new AppError('NOT_FOUND', 'Organization not found.');
  return row;
}

/** Re-reads the actor's role under the lock: an admin removed or demoted a moment ago can no longer act. */
export async function assertStillAdmin(tx: Database, organizationId: string, userId: string): Promise<void> {
  const [row] = await tx
    .select({ role: organizationMembers.role })
    .from(organizationMembers)
    .where(
      and(inOrganization({ organizationId }, organizationMembers), eq(organizationMembers.userId, userId)),
    );
  if (row?.role !== 'company_admin') throw new AppError('FORBIDDEN', 'Only company admins can do this.');
}

/** Removes a user from an organization and from all of its workspaces. */
export async function removeFromOrganization(
  tx: Database,
  organizationId: string,
  userId: string,
): Promise<void> {
  const ids = tx
    .select({ id: workspaces.id })
    .from(workspaces)
    .where(inOrganization({ organizationId }, workspaces));
  await tx
    .delete(workspaceMembers)
    .where(and(eq(workspaceMembers.userId, userId), inWorkspaces(ids, workspaceMembers)));
  await tx
    .delete(organizationMembers)
    .where(
      and(inOrganization({ organizationId }, organizationMembers), eq(organizationMembers.userId, userId)),
    );
  await publish(tx, { topic: 'accessChanged', userIds: [userId] });
}

/** Fails when the organization would be left without a company_admin. */
export async function assertHasAdmin(tx: Database, organizationId: string): Promise<void> {
  const [admins] = await tx
    .select({ n: count() })
    .from(organizationMembers)
    .where(
      and(
        inOrganization({ organizationId }, organizationMembers),
        eq(organizationMembers.role, 'company_admin'),
      ),
    );
  if (!admins || admins.n === 0)
    throw new AppError('CONFLICT', 'An organization needs at least one company admin.');
}

/** spec §7 PATCH /api/organization/leave: anyone but the creator may leave an organization. */
export async function leaveOrganization(
  tx: Database,
  userId: string,
  organizationId: string,
): Promise<{ organizationName: string }> {
  const organization = await lockOrganization(tx, organizationId);
  const [membership] = await tx
    .select()
    .from(organizationMembers)
    .where(
      and(inOrganization({ organizationId }, organizationMembers), eq(organizationMembers.userId, userId)),
    );
  if (!membership) throw new AppError('NOT_FOUND', 'Organization not found.');
  if (!canLeaveOrganization({ isCreator: organization.creatorId === userId })) {
    throw new AppError('FORBIDDEN', 'The creator of an organization cannot leave it.');
  }
  await removeFromOrganization(tx, organizationId, userId);
  await assertHasAdmin(tx, organizationId);
  return { organizationName: organization.name };
}

/** Those of the given workspaces that belong to the organization. */
export async function workspacesOfOrganization(
  db: Database,
  organizationId: string,
  ids: string[],
): Promise<WorkspaceRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(workspaces)
    .where(and(inOrganization({ organizationId }, workspaces), inArray(workspaces.id, ids)));
}

/** spec §7 POST /api/organization/update: renames the organization and sets, keeps or removes its image. */
export async function updateOrganization(
  ctx: AppContext,
  organizationId: string,
  input: { organizationName: string; hasImage: boolean; file: Buffer | null },
) {
  const [current] = await ctx.db.select().from(organizations).where(theOrganization({ organizationId }));
  if (!current) throw new AppError('NOT_FOUND', 'Organization not found.');
  const row = await updateImage(
    ctx.storage,
    { kind: 'organizations', ownerId: current.id, currentUrl: current.imageUrl },
    input,
    async (imageUrl) => {
      const [saved] = await ctx.db
        .update(organizations)
        .set({ name: input.organizationName, imageUrl, updatedAt: new Date() })
        .where(eq(organizations.id, current.id))
        .returning();
      return saved!;
    },
  );
  return { organizationId: row.id, organizationName: row.name, image: row.imageUrl };
}
