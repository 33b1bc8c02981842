import { and, asc, count, eq, sql } from 'drizzle-orm';
import { createDefaultAlertRules } from '../alerts/alerts.service';
import {
  WORKSPACE_MESSAGES,
  workspaceNameKey,
  type Selection,
  type WorkspaceWithCount,
} from '@tracklane/shared/organizations/organizations.schema';
import {
  leaveWorkspaceVerdict,
  leavingRemovesFromOrganization,
} from '@tracklane/shared/organizations/organizations.policy';
import type { AppContext } from '../../app-context';
import type { Database } from '../../db/client';
import {
  organizationMembers,
  WORKSPACE_NAME_INDEX,
  workspaceMembers,
  workspaces,
} from '../../db/schema/organizations';
import { publish } from '../../integrations/realtime/realtime-hub';
import { AppError } from '../../lib/app-error';
import { assertUnderCap, type Cap } from '../../lib/caps';
import { deleteImage, updateImage } from '../../lib/images';
import { withTransaction } from '../../lib/transaction';
import { shipmentDocuments } from '../../db/schema/documents';
import { queueFileDeletion } from '../files/file-cleanup';
import { isUniqueViolation } from '../../lib/unique-violation';
import {
  assertHasAdmin,
  lockOrganization,
  removeFromOrganization,
  selectHome,
  toWorkspace,
} from '../organizations/organizations.service';
import type { Tenant } from '../../tenancy/tenant';
import { inOrganization, inWorkspace, theWorkspace } from '../../tenancy/scope';

/** A sensible ceiling; no real team needs more, and it bounds every list. */
export const MAX_WORKSPACES_PER_ORGANIZATION = 100;

async function workspaceOf(db: Database, organizationId: string, workspaceId: string) {
  const [row] = await db
    .select()
    .from(workspaces)
    .where(and(theWorkspace({ workspaceId }), inOrganization({ organizationId }, workspaces)));
  // Another organization's workspace is simply not found.
  if (!row) throw new AppError('NOT_FOUND', 'Workspace not found.');
  return row;
}

/** The organization's workspace whose name matches this one once case and spacing are ignored. */
async function workspaceNamed(db: Database, organizationId: string, name: string) {
  const [row] = await db
    .select({ name: workspaces.name })
    .from(workspaces)
    .where(
      and(
        inOrganization({ organizationId }, workspaces),
        sql`lower(btrim(regexp_replace(${workspaces.name}, '[[:space:]]+', ' ', 'g'))) = ${workspaceNameKey(name)}`,
      ),
    );
  return row;
}

/**
 * Runs a write that names a workspace. A name the organization already has becomes a 409 naming the
 * workspace that has it; the unique index decides, so two requests at once cannot both pass.
 */
async function refusingTakenName<T>(
  db: Database,
  organizationId: string,
  name: string,
  write: () => Promise<T>,
): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (!isUniqueViolation(error, WORKSPACE_NAME_INDEX)) throw error;
    const holder = await workspaceNamed(db, organizationId, name);
    throw new AppError('CONFLICT', WORKSPACE_MESSAGES.duplicateName(holder?.name ?? name));
  }
}

/** Creates a workspace in the admin's current organization; the admin joins it. */
export async function createWorkspace(ctx: AppContext, tenant: Tenant, name: string) {
  return refusingTakenName(ctx.db, tenant.organizationId, name, () => createWorkspaceRow(ctx, tenant, name));
}

const workspaceCap = (organizationId: string): Cap => ({
  owner: { organizationId },
  count: async (tx) => {
    const [existing] = await tx
      .select({ n: count() })
      .from(workspaces)
      .where(inOrganization({ organizationId }, workspaces));
    return existing?.n ?? 0;
  },
  max: MAX_WORKSPACES_PER_ORGANIZATION,
  message: `An organization can have at most ${String(MAX_WORKSPACES_PER_ORGANIZATION)} workspaces.`,
});

async function createWorkspaceRow(ctx: AppContext, tenant: Tenant, name: string) {
  return withTransaction(ctx.pool, async ({ tx }) => {
    await assertUnderCap(tx, workspaceCap(tenant.organizationId));
    const [row] = await tx
      .insert(workspaces)
      .values({ organizationId: tenant.organizationId, name })
      .returning();
    await tx.insert(workspaceMembers).values({ workspaceId: row!.id, userId: tenant.userId });
    await createDefaultAlertRules(tx, row!.id, tenant.userId);
    return toWorkspace(row!);
  });
}

/** Every workspace of the organization with its member count (admins manage all of them). */
export async function listWorkspacesOfOrganization(
  db: Database,
  organizationId: string,
): Promise<WorkspaceWithCount[]> {
  const rows = await db
    .select({ workspace: workspaces, memberCount: sql<number>`count(${workspaceMembers.userId})::int` })
    .from(workspaces)
    .leftJoin(workspaceMembers, eq(workspaceMembers.workspaceId, workspaces.id))
    .where(inOrganization({ organizationId }, workspaces))
    .groupBy(workspaces.id)
    .orderBy(sql`${workspaces.isDefault} desc`, asc(workspaces.createdAt));
  return rows.map((r) => ({ ...toWorkspace(r.workspace), memberCount: r.memberCount }));
}

/** Renames a workspace and sets, keeps or removes its image (spec §7 update: hasImage and file). */
export async function updateWorkspace(
  ctx: AppContext,
  tenant: Tenant,
  input: { workspaceId: string; workspaceName: string; hasImage: boolean; file: Buffer | null },
) {
  const current = await workspaceOf(ctx.db, tenant.organizationId, input.workspaceId);
  return updateImage(
    ctx.storage,
    { kind: 'workspaces', ownerId: current.id, currentUrl: current.imageUrl },
    input,
    (imageUrl) =>
      refusingTakenName(ctx.db, tenant.organizationId, input.workspaceName, async () => {
        const [row] = await ctx.db
          .update(workspaces)
          .set({ name: input.workspaceName, imageUrl, updatedAt: new Date() })
          .where(eq(workspaces.id, current.id))
          .returning();
        return toWorkspace(row!);
      }),
  );
}

/** spec §7 uploadImage: replaces a workspace's image. */
export async function setWorkspaceImage(ctx: AppContext, tenant: Tenant, workspaceId: string, file: Buffer) {
  const current = await workspaceOf(ctx.db, tenant.organizationId, workspaceId);
  return updateImage(
    ctx.storage,
    { kind: 'workspaces', ownerId: current.id, currentUrl: current.imageUrl },
    { file, hasImage: true },
    async (imageUrl) => {
      const [row] = await ctx.db
        .update(workspaces)
        .set({ imageUrl, updatedAt: new Date() })
        .where(eq(workspaces.id, current.id))
        .returning();
      return toWorkspace(row!);
    },
  );
}

/**
 * Deletes a workspace of the organization; the default workspace stays. Its documents' files are
 * removed after the commit by a durable job (modules/files/file-cleanup.ts), so a storage that fails
 * never keeps the workspace.
 */
export async function deleteWorkspace(
  ctx: AppContext,
  tenant: Tenant,
  workspaceId: string,
): Promise<{ workspaceName: string }> {
  const current = await workspaceOf(ctx.db, tenant.organizationId, workspaceId);
  if (current.isDefault) throw new AppError('CONFLICT', 'The default workspace cannot be deleted.');
  // Sessions working in it fall back to their home workspace on their next request (FK: set null).
  await withTransaction(ctx.pool, async (t) => {
    const { tx } = t;
    // Locked first: an upload that holds the row commits before the keys are read (its file is among
    // them), one that comes after finds the workspace gone and removes its own file.
    await tx
      .select({ id: workspaces.id })
      .from(workspaces)
      .where(theWorkspace({ workspaceId: current.id }))
      .for('update');
    const documents = await tx
      .select({ storageKey: shipmentDocuments.storageKey })
      .from(shipmentDocuments)
      .where(inWorkspace({ workspaceId: current.id }, shipmentDocuments));
    await tx.delete(workspaces).where(eq(workspaces.id, current.id));
    await publish(tx, { topic: 'accessChanged', workspaceIds: [current.id] });
    // The documents' rows go with the workspace (cascade); their files after the commit, by a job.
    await queueFileDeletion(
      t,
      ctx.jobs,
      documents.map((d) => d.storageKey),
    );
  });
  await deleteImage(ctx.storage, current.imageUrl);
  return { workspaceName: current.name };
}

export interface LeaveResult {
  workspaceName: string;
  removedFromOrganization: boolean;
  selection: Selection;
}

/**
 * spec §4/§6 leaving a workspace: refused for an admin on the default workspace; leaving the
 * organization's only workspace leaves the organization too. Afterwards the session moves to the
 * user's own organization's default workspace.
 */
export async function leaveWorkspace(
  ctx: AppContext,
  session: { sessionId: string; userId: string },
  workspaceId: string,
): Promise<LeaveResult> {
  const result = await withTransaction(ctx.pool, async ({ tx }) => {
    const [target] = await tx.select().from(workspaces).where(theWorkspace({ workspaceId }));
    if (!target) throw new AppError('NOT_FOUND', 'Workspace not found.');
    await lockOrganization(tx, target.organizationId);
    const [member] = await tx
      .select({ role: organizationMembers.role })
      .from(workspaceMembers)
      .innerJoin(
        organizationMembers,
        and(
          inOrganization(target, organizationMembers),
          eq(organizationMembers.userId, workspaceMembers.userId),
        ),
      )
      .where(
        and(inWorkspace({ workspaceId }, workspaceMembers), eq(workspaceMembers.userId, session.userId)),
      );
    if (!member) throw new AppError('NOT_FOUND', 'Workspace not found.');
    const verdict = leaveWorkspaceVerdict({ role: member.role, isDefault: target.isDefault });
    if (!verdict.allowed) throw new AppError('FORBIDDEN', verdict.reason);

    const [spaces] = await tx
      .select({ n: count() })
      .from(workspaces)
      .where(inOrganization(target, workspaces));
    const removedFromOrganization = leavingRemovesFromOrganization(spaces!.n);
    if (removedFromOrganization) {
      await removeFromOrganization(tx, target.organizationId, session.userId);
      await assertHasAdmin(tx, target.organizationId);
    } else {
      await tx
        .delete(workspaceMembers)
        .where(
          and(inWorkspace({ workspaceId }, workspaceMembers), eq(workspaceMembers.userId, session.userId)),
        );
      await publish(tx, { topic: 'accessChanged', userIds: [session.userId] });
    }
    return { workspaceName: target.name, removedFromOrganization };
  });
  return { ...result, selection: await selectHome(ctx.db, session.sessionId, session.userId) };
}
