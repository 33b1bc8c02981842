import { and, asc, eq, inArray, type SQL } from 'drizzle-orm';
import { canViewShipments } from '@tracklane/shared/organizations/organizations.policy';
import { SHIPMENT_PERMISSIONS } from '@tracklane/shared/organizations/organizations.schema';
import type { ShipmentPlace } from '@tracklane/shared/tracking/shipment-places';
import type { Database } from '../../db/client';
import {
  organizationMembers,
  organizations,
  workspaceMembers,
  workspaces,
} from '../../db/schema/organizations';
import type { Subscriptions } from './follow.service';

/** Permissions that see shipment lists, from the shared policy: the query and the UI agree. */
const VIEWING = SHIPMENT_PERMISSIONS.filter(canViewShipments);

/** At most this many places: a shipment is followed by a handful of one user's workspaces. */
const PLACES_MAX = 20;

/**
 * The workspaces of the user where `match` finds a subscription of the mode, with the subscription's
 * id there: a link to a shipment that is not tracked in the workspace open now can offer the switch
 * to one that tracks it. Only workspaces where the user may see shipments answer.
 */
export async function locateInMyWorkspaces(
  db: Database,
  userId: string,
  table: Subscriptions['table'],
  match: SQL,
): Promise<ShipmentPlace[]> {
  return db
    .select({
      shipmentId: table.id,
      workspaceId: workspaces.id,
      workspaceName: workspaces.name,
      organizationId: organizations.id,
      organizationName: organizations.name,
    })
    .from(table)
    .innerJoin(workspaces, eq(workspaces.id, table.workspaceId))
    .innerJoin(organizations, eq(organizations.id, workspaces.organizationId))
    .innerJoin(
      workspaceMembers,
      and(eq(workspaceMembers.workspaceId, workspaces.id), eq(workspaceMembers.userId, userId)),
    )
    .innerJoin(
      organizationMembers,
      and(
        eq(organizationMembers.organizationId, organizations.id),
        eq(organizationMembers.userId, userId),
        inArray(organizationMembers.shipmentPermission, VIEWING),
      ),
    )
    .where(match)
    .orderBy(asc(organizations.name), asc(workspaces.name))
    .limit(PLACES_MAX);
}
