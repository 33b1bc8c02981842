import { and, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { trackedItems, UNKNOWN_TIME } from '../../db/schema/tracking';
import { allModeFeatures } from '../../modes';
import { MINUTE } from './backoff';

/**
 * Claims up to `limit` items of any mode that are due, pushing their next check out by a lease so
 * that another poller skips them while they are being refreshed. Among the due, those nearest to their
 * arrival (or delivery) come first, so that a carrier budget spent defers the others: the derived ETA
 * is read from the view (no index serves it, so the due rows are sorted; a few thousand at most when
 * budgets run short). A due item no unarchived shipment follows is parked instead (never asked, its
 * next check the far future) until a workspace follows it again ({@link wakeItems}).
 */
export async function claimDueItems(db: Database, now: Date, limit: number): Promise<string[]> {
  const lease = new Date(now.getTime() + 10 * MINUTE);
  const modes = allModeFeatures();
  // The arrival (or delivery) each mode's view names, and whether an unarchived shipment follows it.
  const arrival = sql`(CASE t.mode ${sql.join(
    modes.map(({ mode, arrivalInView }) => sql`WHEN ${mode} THEN ${arrivalInView(sql`t.derived`)}`),
    sql` `,
  )} END)::timestamptz`;
  const followed = sql.join(
    modes.map(
      ({ table }) => sql`EXISTS (SELECT 1 FROM ${table} s WHERE s.item_id = t.id AND NOT s.archived)`,
    ),
    sql` OR `,
  );
  for (;;) {
    const rows = await db.execute<{
      id: string;
      followed: boolean;
      distance: number | null;
      due_at: Date | string;
    }>(sql`
      WITH due AS (
        SELECT t.id, t.next_check_at AS due_at,
          abs(extract(epoch FROM ${arrival} - ${now}::timestamptz))::float8 AS distance,
          ${followed} AS followed
        FROM ${trackedItems} t
        WHERE t.state NOT IN ('completed', 'no_source') AND t.next_check_at <= ${now}
        ORDER BY distance NULLS LAST, t.next_check_at
        LIMIT ${limit}
        FOR UPDATE OF t SKIP LOCKED
      )
      UPDATE ${trackedItems} t
      SET next_check_at = CASE WHEN due.followed THEN ${lease}::timestamptz ELSE ${UNKNOWN_TIME}::timestamptz END
      FROM due WHERE t.id = due.id
      RETURNING t.id, due.followed, due.distance, due.due_at`);
    // RETURNING keeps no order: the claim's order again.
    const claimed = rows.rows
      .filter((r) => r.followed)
      .sort(
        (a, b) =>
          (a.distance ?? Infinity) - (b.distance ?? Infinity) ||
          new Date(a.due_at).getTime() - new Date(b.due_at).getTime(),
      )
      .map((r) => r.id);
    // A batch of parked items only: look again for due items that are followed.
    if (claimed.length > 0 || rows.rows.length === 0) return claimed;
  }
}

/**
 * Makes parked items due again (a workspace follows them again: added, moved back from the archive,
 * rescoped onto them): an item not completed whose next check is the far future is asked now.
 */
export async function wakeItems(db: Database, itemIds: readonly string[], now: Date): Promise<void> {
  if (itemIds.length === 0) return;
  await db
    .update(trackedItems)
    .set({ nextCheckAt: now })
    .where(
      and(
        inArray(trackedItems.id, [...itemIds]),
        eq(trackedItems.nextCheckAt, UNKNOWN_TIME),
        notInArray(trackedItems.state, ['completed', 'no_source']),
      ),
    );
}
