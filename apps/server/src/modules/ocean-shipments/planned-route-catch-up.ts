import { sql } from 'drizzle-orm';
import type { AppContext } from '../../app-context';
import type { DatabaseHandle } from '../../db/client';
import { QUEUES, type JobQueue } from '../../jobs/queue';
import { rederiveItems } from '../tracking/rederive';
import type { TrackingEngine } from '../tracking/refresh.service';

/** How many items one round derives again, in one transaction. */
const CATCH_UP_BATCH = 200;

/**
 * Derives again, in rounds of a few hundred, every ocean view stored before views kept the first
 * published route (`plannedRoute`) and each departure's `plannedEtd` (ADR 0047), from the item's
 * stored events: the route and transshipment rules read those, and the exceptions are synced as a
 * refresh syncs them. Idempotent: a view derived now has `plannedRoute` and is not picked again.
 *
 * @returns how many items were derived again.
 */
export async function catchUpPlannedRoutes(
  database: Pick<DatabaseHandle, 'db' | 'pool'>,
  engine: TrackingEngine,
  now: Date,
): Promise<number> {
  let total = 0;
  // Keyset on the id: each item is looked at once per run, whatever its derivation gives.
  let after = '00000000-0000-0000-0000-000000000000';
  for (;;) {
    const due = await database.db.execute<{ id: string }>(sql`
      SELECT id FROM tracked_items
      WHERE mode = 'ocean' AND derived IS NOT NULL AND derived -> 'plannedRoute' IS NULL
        AND id > ${after}::uuid
      ORDER BY id LIMIT ${CATCH_UP_BATCH}`);
    const ids = due.rows.map((row) => row.id);
    if (ids.length === 0) return total;
    await rederiveItems(database, engine, ids, now);
    total += ids.length;
    after = ids.at(-1)!;
    if (ids.length < CATCH_UP_BATCH) return total;
  }
}

/** The catch-up once at start, in one server process (pg-boss picks one; a failed run is retried). */
export async function startPlannedRouteCatchUp(
  jobs: JobQueue,
  ctx: Pick<AppContext, 'db' | 'pool'>,
  tracking: TrackingEngine,
): Promise<void> {
  await jobs.boss.work(QUEUES.plannedRouteCatchUp, async () => {
    await catchUpPlannedRoutes(ctx, tracking, new Date());
  });
  await jobs.send(QUEUES.plannedRouteCatchUp, {}, { singletonKey: 'start' });
}
