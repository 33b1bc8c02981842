import { isDeepStrictEqual } from 'node:util';
import { asc, inArray } from 'drizzle-orm';
import type { DatabaseHandle } from '../../db/client';
import { trackedItems } from '../../db/schema/tracking';
import { withTransaction } from '../../lib/transaction';
import { updateRows } from '../../lib/update-rows';
import { announceItemsChanged } from './items-changed';
import type { TrackingEngine } from './refresh.service';
import type { TrackedItem } from './tracking-mode';
import { copyToSubscriptions, loadEvents } from './store-answers';

/**
 * Derives items' views again from their stored events and facts, without asking anyone: for views a
 * former derivation left short of what the present one keeps. In one transaction with the items
 * locked (a refresh of one of them waits, then derives from the same events): the views that come out
 * otherwise are written, their list columns copied, and the engine's subscribers hear of them as of
 * list columns written (exceptions and alerts judged again, reliability measured, live pages told).
 * No change is recorded or notified: the followers were told of the carrier's news when it came, and
 * the carrier's data did not move (the item's `changedAt` and schedule stay).
 *
 * @returns the ids of the items whose view moved.
 */
export async function rederiveItems(
  { pool }: Pick<DatabaseHandle, 'pool'>,
  engine: TrackingEngine,
  itemIds: readonly string[],
  now: Date,
): Promise<string[]> {
  if (itemIds.length === 0) return [];
  return withTransaction(pool, async ({ tx }) => {
    const locked: TrackedItem[] = await tx
      .select()
      .from(trackedItems)
      .where(inArray(trackedItems.id, [...itemIds]))
      .orderBy(asc(trackedItems.id))
      .for('update');
    const viewed = locked.filter((item) => item.derived !== null);
    const events = await loadEvents(
      tx,
      viewed.map((item) => item.id),
    );
    const moved = viewed.flatMap((item) => {
      const derived: unknown = engine.modes[item.mode].derive(events.get(item.id) ?? [], item.facts);
      // jsonb does not keep key order, so compare structurally.
      return isDeepStrictEqual(JSON.parse(JSON.stringify(derived)), item.derived)
        ? []
        : [{ ...item, derived }];
    });
    await updateRows(
      tx,
      trackedItems,
      'id',
      moved.map((item) => ({ id: item.id, derived: item.derived })),
    );
    await copyToSubscriptions(tx, engine.modes, moved);
    await announceItemsChanged(engine.onItemsChanged, {
      tx,
      modes: engine.modes,
      now,
      items: moved.map((item) => ({
        itemId: item.id,
        mode: item.mode,
        changes: [],
        trackingEventIds: [],
        columnsChanged: true,
        silenceEnded: false,
      })),
    });
    return moved.map((item) => item.id);
  });
}
