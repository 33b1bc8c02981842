import { and, asc, eq, inArray } from 'drizzle-orm';
import { SHIPMENT_VIEW_PERMISSIONS } from '@tracklane/shared/organizations/organizations.policy';
import type { Database } from '../../db/client';
import {
  organizationMembers,
  organizations,
  workspaceMembers,
  workspaces,
} from '../../db/schema/organizations';

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
    .from(workspaceMembers)
    .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
    .innerJoin(
      organizationMembers,
      and(
        eq(organizationMembers.organizationId, workspaces.organizationId),
        eq(organizationMembers.userId, workspaceMembers.userId),
      ),
    )
    .innerJoin(organizations, eq(organizations.id, workspaces.organizationId))
    .where(
      and(
        eq(workspaceMembers.userId, userId),
        inArray(organizationMembers.shipmentPermission, [...SHIPMENT_VIEW_PERMISSIONS]),
      ),
    )
    .orderBy(asc(organizations.name), asc(workspaces.name), asc(workspaces.id));
}
