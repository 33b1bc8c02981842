import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { carrierSubscriptions } from '../../db/schema/carrier-subscriptions';

/**
 * Which of these items a carrier pushes events for: an active event subscription of a connection
 * (carrier_subscriptions). The schedule asks those only as a safety net.
 */
export async function pushedItemIds(db: Database, itemIds: readonly string[]): Promise<Set<string>> {
  if (itemIds.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ itemId: carrierSubscriptions.itemId })
    .from(carrierSubscriptions)
    .where(and(inArray(carrierSubscriptions.itemId, [...itemIds]), eq(carrierSubscriptions.state, 'active')));
  return new Set(rows.map((r) => r.itemId));
}
