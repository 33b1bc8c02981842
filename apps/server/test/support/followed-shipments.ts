import type { Database } from '../../src/db/client';
import { expressShipments, oceanShipments, trackedItems } from '../../src/db/schema/tracking';
import { containerNo, mbl } from '../factories';

/**
 * An ocean container followed by the workspace, with list columns set as a refresh would; `item`
 * overrides the tracked item's columns (its derived view, state, carrier).
 */
export async function followedContainer(
  db: Database,
  workspaceId: string,
  columns: Partial<typeof oceanShipments.$inferInsert> = {},
  item: Partial<typeof trackedItems.$inferInsert> = {},
) {
  const [created] = await db
    .insert(trackedItems)
    .values({
      mode: 'ocean',
      trackingNo: containerNo(),
      reference: mbl(),
      carrier: 'MSCU',
      state: 'active',
      lastCheckedAt: new Date(),
      ...item,
    })
    .returning();
  const sub = await alsoFollowedBy(db, workspaceId, created!, columns);
  return { item: created!, sub };
}

/** Another workspace follows an ocean item already tracked, with the same list columns given. */
export async function alsoFollowedBy(
  db: Database,
  workspaceId: string,
  item: typeof trackedItems.$inferSelect,
  columns: Partial<typeof oceanShipments.$inferInsert> = {},
) {
  const [sub] = await db
    .insert(oceanShipments)
    .values({
      workspaceId,
      itemId: item.id,
      containerNo: item.trackingNo,
      mblNo: item.reference,
      carrierScac: item.carrier,
      state: item.state,
      ...columns,
    })
    .returning();
  return sub!;
}

/** A UPS parcel followed by the workspace, with list columns set as a refresh would. */
export async function followedParcel(
  db: Database,
  workspaceId: string,
  columns: Partial<typeof expressShipments.$inferInsert> = {},
) {
  const [item] = await db
    .insert(trackedItems)
    .values({
      mode: 'express',
      trackingNo: `1Z${String(Math.random()).slice(2, 14)}`,
      carrier: 'ups',
      state: 'active',
      lastCheckedAt: new Date(),
    })
    .returning();
  const [sub] = await db
    .insert(expressShipments)
    .values({
      workspaceId,
      itemId: item!.id,
      trackingNo: item!.trackingNo,
      carrier: 'ups',
      state: 'active',
      ...columns,
    })
    .returning();
  return { item: item!, sub: sub! };
}
