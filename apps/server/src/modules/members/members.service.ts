import { and, asc, eq, inArray, notInArray } from 'drizzle-orm';
import type {
  OrganizationMember,
  PermissionEntry,
  WorkspaceMember,
} from '@tracklane/shared/organizations/organizations.schema';
import type { AppContext } from '../../app-context';
import type { Database } from '../../db/client';
import {
  organizationMembers,
  organizations,
  workspaceMembers,
  workspaces,
} from '../../db/schema/organizations';
import { users } from '../../db/schema/users';
import { publish } from '../../integrations/realtime/realtime-hub';
import { AppError } from '../../lib/app-error';
import { withTransaction } from '../../lib/transaction';
import {
  assertHasAdmin,
  assertStillAdmin,
  lockOrganization,
  removeFromOrganization,
  workspacesOfOrganization,
} from '../organizations/organizations.service';
import type { Tenant } from '../../tenancy/tenant';
import { inOrganization, inWorkspace, inWorkspaces } from '../../tenancy/scope';

const memberColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  avatar: users.avatarUrl,
};

/** spec §3 Workspace member: everyone in the current workspace (what View Members shows). */
export async function listWorkspaceMembers(db: Database, workspaceId: string): Promise<WorkspaceMember[]> {
  return db
    .select(memberColumns)
    .from(workspaceMembers)
    .innerJoin(users, eq(users.id, workspaceMembers.userId))
    .where(inWorkspace({ workspaceId }, workspaceMembers))
    .orderBy(asc(users.firstName), asc(users.lastName));
}

/** Everyone in the organization with role, permission and workspaces, for admins to manage. */
export async function listOrganizationMembers(
  db: Database,
  organizationId: string,
  viewerId: string,
): Promise<OrganizationMember[]> {
  const rows = await db
    .select({
      ...memberColumns,
      role: organizationMembers.role,
      shipmentPermission: organizationMembers.shipmentPermission,
      creatorId: organizations.creatorId,
    })
    .from(organizationMembers)
    .innerJoin(users, eq(users.id, organizationMembers.userId))
    .innerJoin(organizations, eq(organizations.id, organizationMembers.organizationId))
    .where(inOrganization({ organizationId }, organizationMembers))
    .orderBy(asc(users.firstName), asc(users.lastName));
  const memberships = await db
    .select({ userId: workspaceMembers.userId, workspaceId: workspaceMembers.workspaceId })
    .from(workspaceMembers)
    .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
    .where(inOrganization({ organizationId }, workspaces));
  return rows.map(({ creatorId, ...row }) => ({
    ...row,
    workspaceIds: memberships.filter((m) => m.userId === row.id).map((m) => m.workspaceId),
    isCreator: row.id === creatorId,
    you: row.id === viewerId,
  }));
}

/**
 * spec §7 PATCH /api/workspaces/permissions/update: sets each member's role, shipmentPermission and
 * workspaces within the admin's organization, all or nothing. The creator stays a company_admin in
 * the default workspace, and the organization always keeps an admin.
 */
export async function updatePermissions(
  ctx: AppContext,
  tenant: Tenant,
  entries: PermissionEntry[],
): Promise<{ youChanged: boolean }> {
  return withTransaction(ctx.pool, async ({ tx }) => {
    const organization = await lockOrganization(tx, tenant.organizationId);
    await assertStillAdmin(tx, tenant.organizationId, tenant.userId);
    const userIds = [...new Set(entries.map((e) => e.userId))];
    if (userIds.length !== entries.length)
      throw new AppError('VALIDATION', 'Each member may appear only once.');
    const members = await tx
      .select({ userId: organizationMembers.userId })
      .from(organizationMembers)
      .where(and(inOrganization(tenant, organizationMembers), inArray(organizationMembers.userId, userIds)));
    if (members.length !== userIds.length) throw new AppError('NOT_FOUND', 'Member not found.');
    const wanted = [...new Set(entries.flatMap((e) => e.workspaceIds))];
    const known = await workspacesOfOrganization(tx, tenant.organizationId, wanted);
    if (known.length !== wanted.length) throw new AppError('NOT_FOUND', 'Workspace not found.');
    const [defaultWorkspace] = await tx
      .select({ id: workspaces.id })
      .from(workspaces)
      .where(and(inOrganization(tenant, workspaces), eq(workspaces.isDefault, true)));

    for (const entry of entries) {
      if (entry.userId === organization.creatorId) {
        if (entry.role !== 'company_admin')
          throw new AppError('FORBIDDEN', "The organization's creator is always a company admin.");
        if (defaultWorkspace && !entry.workspaceIds.includes(defaultWorkspace.id)) {
          throw new AppError(
            'FORBIDDEN',
            "The organization's creator always stays in the default workspace.",
          );
        }
      }
      await tx
        .update(organizationMembers)
        .set({ role: entry.role, shipmentPermission: entry.shipmentPermission })
        .where(
          and(inOrganization(tenant, organizationMembers), eq(organizationMembers.userId, entry.userId)),
        );
      const organizationWorkspaces = tx
        .select({ id: workspaces.id })
        .from(workspaces)
        .where(inOrganization(tenant, workspaces));
      await tx
        .delete(workspaceMembers)
        .where(
          and(
            eq(workspaceMembers.userId, entry.userId),
            inWorkspaces(organizationWorkspaces, workspaceMembers),
            entry.workspaceIds.length
              ? notInArray(workspaceMembers.workspaceId, entry.workspaceIds)
              : undefined,
          ),
        );
      if (entry.workspaceIds.length) {
        await tx
          .insert(workspaceMembers)
          .values(entry.workspaceIds.map((workspaceId) => ({ workspaceId, userId: entry.userId })))
          .onConflictDoNothing();
      }
    }
    await assertHasAdmin(tx, tenant.organizationId);
    await publish(tx, { topic: 'accessChanged', userIds });
    return { youChanged: userIds.includes(tenant.userId) };
  });
}

/** spec §7 POST /api/organization/members/remove: an admin removes someone else (never the creator). */
export async function removeMember(
  ctx: AppContext,
  tenant: Tenant,
  userId: string,
): Promise<{ email: string }> {
  return withTransaction(ctx.pool, async ({ tx }) => {
    const organization = await lockOrganization(tx, tenant.organizationId);
    await assertStillAdmin(tx, tenant.organizationId, tenant.userId);
    if (userId === tenant.userId) throw new AppError('FORBIDDEN', 'Use Leave to remove yourself.');
    if (userId === organization.creatorId)
      throw new AppError('FORBIDDEN', "The organization's creator cannot be removed.");
    const [member] = await tx
      .select({ email: users.email })
      .from(organizationMembers)
      .innerJoin(users, eq(users.id, organizationMembers.userId))
      .where(and(inOrganization(tenant, organizationMembers), eq(organizationMembers.userId, userId)));
    if (!member) throw new AppError('NOT_FOUND', 'Member not found.');
    await removeFromOrganization(tx, tenant.organizationId, userId);
    await assertHasAdmin(tx, tenant.organizationId);
    return member;
  });
}
