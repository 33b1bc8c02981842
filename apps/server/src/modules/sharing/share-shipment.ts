import { inArray, sql } from 'drizzle-orm';
import type { TrackingMode } from '@tracklane/shared/tracking/tracking-modes';
import type { Database } from '../../db/client';
import { modeFeatures } from '../../modes';

/** A share's subscription as the share views show it: its tracked item and its number. */
export interface SharedSubscription {
  itemId: string;
  number: string;
}

/** What names a share's shipment: its mode and subscription id. */
export interface ShareTarget {
  mode: TrackingMode;
  shipmentId: string;
}

/**
 * The subscriptions these shares name, found by mode and id: one lookup by primary key in each mode's
 * table the shares name. A share whose subscription is gone finds nothing.
 */
export async function sharedSubscriptions(
  db: Database,
  shares: readonly ShareTarget[],
): Promise<(share: ShareTarget) => SharedSubscription | undefined> {
  const idsByMode = new Map<TrackingMode, Set<string>>();
  for (const share of shares) {
    const ids = idsByMode.get(share.mode) ?? new Set<string>();
    ids.add(share.shipmentId);
    idsByMode.set(share.mode, ids);
  }
  const found = new Map<string, SharedSubscription>();
  const keyOf = (mode: TrackingMode, id: string) => `${mode}:${id}`;
  for (const [mode, ids] of idsByMode) {
    const { table, presentation } = modeFeatures(mode);
    const rows = await db
      .select({
        id: table.id,
        itemId: table.itemId,
        number: sql<string>`${presentation.historyColumns().number}`,
      })
      .from(table)
      .where(inArray(table.id, [...ids]));
    for (const row of rows) found.set(keyOf(mode, row.id), { itemId: row.itemId, number: row.number });
  }
  return (share) => found.get(keyOf(share.mode, share.shipmentId));
}
