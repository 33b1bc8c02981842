import { and, asc, eq, sql, type Column, type SQL } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import { SHIPMENT_VIEW_PERMISSIONS } from '@tracklane/shared/organizations/organizations.policy';
import type { Database } from '../db/client';
import { organizationMembers, organizations, workspaceMembers, workspaces } from '../db/schema/organizations';

/**
 * spec §6 as SQL: the shipmentPermission values of the shared policy's {@link SHIPMENT_VIEW_PERMISSIONS}
 * that show a workspace's shipments. Written from the policy as integer literals (the list is a
 * constant, never input), so the planner sees the same `IN (0, 1)` a hand-written query had.
 */
export function mayViewShipments(shipmentPermission: SQL | Column): SQL {
  const values = SHIPMENT_VIEW_PERMISSIONS.map((value) => {
    if (!Number.isInteger(value)) throw new Error(`Not a shipment permission: ${value}`);
    return String(value);
  });
  return sql`${shipmentPermission} IN (${sql.raw(values.join(', '))})`;
}

/**
 * The one workspace → organization membership query: each workspace membership with its workspace's
 * organization and the role and shipmentPermission of the same user's membership there. A subquery
 * PostgreSQL flattens into the caller's joins, so it plans as the joins written out would.
 */
export const memberships = new QueryBuilder()
  .select({
    userId: workspaceMembers.userId,
    workspaceId: workspaceMembers.workspaceId,
    joinedAt: workspaceMembers.createdAt,
    organizationId: workspaces.organizationId,
    isDefaultWorkspace: workspaces.isDefault,
    role: organizationMembers.role,
    shipmentPermission: organizationMembers.shipmentPermission,
  })
  .from(workspaceMembers)
  .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
  .innerJoin(
    organizationMembers,
    and(
      eq(organizationMembers.organizationId, workspaces.organizationId),
      eq(organizationMembers.userId, workspaceMembers.userId),
    ),
  )
  .as('memberships');

/** The memberships whose user may see the workspace's shipments (spec §6, the shared policy). */
export const seesShipments: SQL = mayViewShipments(memberships.shipmentPermission);

/** A workspace whose shipments a user may see, named with its organization. */
export interface ShipmentWorkspace {
  workspaceId: string;
  workspaceName: string;
  organizationId: string;
  organizationName: string;
}

/**
 * Every workspace the user belongs to whose shipments their organization role lets them see (spec §6,
 * the shared policy's {@link SHIPMENT_VIEW_PERMISSIONS}), whichever the session has selected: what a
 * read across workspaces (the top bar's search) may look in, and nothing else.
 */
export function listShipmentWorkspaces(db: Database, userId: string): Promise<ShipmentWorkspace[]> {
  return db
    .select({
      workspaceId: workspaces.id,
      workspaceName: workspaces.name,
      organizationId: organizations.id,
      organizationName: organizations.name,
    })
    .from(memberships)
    .innerJoin(workspaces, eq(workspaces.id, memberships.workspaceId))
    .innerJoin(organizations, eq(organizations.id, memberships.organizationId))
    .where(and(eq(memberships.userId, userId), seesShipments))
    .orderBy(asc(organizations.name), asc(workspaces.name), asc(workspaces.id));
}
