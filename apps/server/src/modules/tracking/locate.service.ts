import { and, inArray, type SQL } from 'drizzle-orm';
import type { ShipmentPlace } from '@tracklane/shared/tracking/ocean/shipment-places';
import type { Database } from '../../db/client';
import { listShipmentWorkspaces } from '../../tenancy/memberships';
import type { Subscriptions } from './follow.service';

/**
 * The workspaces of the user where `match` finds a subscription of the mode, with the subscription's
 * id there: a link to a shipment that is not tracked in the workspace open now can offer the switch
 * to one that tracks it. Only workspaces whose shipments the user may see answer (the memberships
 * query), in their order.
 */
export async function locateInMyWorkspaces(
  db: Database,
  userId: string,
  table: Subscriptions['table'],
  match: SQL,
): Promise<ShipmentPlace[]> {
  const visible = await listShipmentWorkspaces(db, userId);
  if (visible.length === 0) return [];
  const found = await db
    .select({ shipmentId: table.id, workspaceId: table.workspaceId })
    .from(table)
    .where(
      and(
        inArray(
          table.workspaceId,
          visible.map((w) => w.workspaceId),
        ),
        match,
      ),
    );
  const idIn = new Map(found.map((f) => [f.workspaceId, f.shipmentId]));
  return visible.flatMap((w) => {
    const shipmentId = idIn.get(w.workspaceId);
    return shipmentId ? [{ ...w, shipmentId }] : [];
  });
}
