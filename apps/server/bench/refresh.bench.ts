/**
 * `npm run bench` (refresh part): the tracking refresh through change detection and the notifications
 * fan-out, for each mode, the way the poller runs it: due items claimed and refreshed in batches of
 * REFRESH_BATCH, two batches at a time (one server process's worker), with the demo providers.
 *
 * The seeded items have a derived view but no events, in a workspace of MEMBERS members who all want
 * notifications. Two passes over the same items:
 * - first: every journey is drawn, all its events are stored, the view changes and every change is
 *   notified to every member (the heaviest refresh there is);
 * - routine: an hour later, the items still tracked, as the poller asks again: the journeys come from
 *   the demo carriers' cache, most items have nothing new (nothing is derived or written but the next
 *   check), some have a new event or two.
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { TRACKING_MODES, type TrackingMode } from '@tracklane/shared/tracking/tracking-modes';
import type { AppContext } from '../src/app-context';
import type { Database } from '../src/db/client';
import {
  refreshItems,
  type RefreshError,
  type RefreshOutcome,
} from '../src/modules/tracking/refresh.service';
import { REFRESH_BATCH } from '../src/modules/tracking/tracking.jobs';
import { withBenchEnvironment } from './harness';
import { markdownTable, round, seconds } from './report';
import { seedExpress, seedOcean } from './seed';

/** Items per mode (`BENCH_REFRESH_ITEMS`). */
const ITEMS = Number(process.env.BENCH_REFRESH_ITEMS ?? 20_000);
/** Members of the workspace, each notified of every change. */
const MEMBERS = 5;
/** Batches in flight at once: one process's refresh worker (pg-boss batchSize). */
const CONCURRENT_BATCHES = 2;
const HOUR = 3_600_000;

async function main() {
  const seed = async (db: Database, workspaceId: string, userId: string) => {
    await seedOcean(db, workspaceId, userId, ITEMS);
    await seedExpress(db, workspaceId, userId, ITEMS);
    // Everyone gets notified: the bench user and MEMBERS - 1 colleagues in the same workspace.
    await db.execute(sql`
      WITH u AS (
        INSERT INTO users (email, password_hash, first_name, last_name, email_verified_at)
        SELECT 'colleague-' || m || '@example.com', 'x', 'Colleague', 'No. ' || m, now()
        FROM generate_series(2, ${MEMBERS}::int) m
        RETURNING id
      ), om AS (
        INSERT INTO organization_members (organization_id, user_id, role, shipment_permission)
        SELECT w.organization_id, u.id, 'general_user', 0 FROM u, workspaces w WHERE w.id = ${workspaceId}
        RETURNING 1
      )
      INSERT INTO workspace_members (workspace_id, user_id) SELECT ${workspaceId}, id FROM u`);
    console.log(`Seeded ${ITEMS.toLocaleString('en')} items per mode, ${String(MEMBERS)} members`);
  };
  await withBenchEnvironment(seed, async (env) => {
    const rows = [];
    for (const mode of TRACKING_MODES) {
      const now = Date.now();
      rows.push(await pass(env.ctx, mode, 'first', await itemsOf(env.db, mode), new Date(now)));
      // What autovacuum does once a table has grown: statistics for the planner.
      await env.db.execute(sql`ANALYZE`);
      // The items still tracked (not completed by the first pass), as the poller would claim them.
      rows.push(
        await pass(env.ctx, mode, 'routine (1 h later)', await itemsOf(env.db, mode), new Date(now + HOUR)),
      );
    }
    console.log(
      `\nrefresh: ${ITEMS.toLocaleString('en')} items per mode, batches of ${String(REFRESH_BATCH)}, ${String(CONCURRENT_BATCHES)} at a time, ${String(MEMBERS)} members notified`,
    );
    console.log(markdownTable(rows));
  });
}

/** The mode's items the poller would claim (not completed). */
async function itemsOf(db: Database, mode: TrackingMode): Promise<string[]> {
  const rows = await db.execute<{ id: string }>(sql`
    SELECT id FROM tracked_items WHERE mode = ${mode} AND state <> 'completed' ORDER BY id`);
  return rows.rows.map((r) => r.id);
}

async function count(db: Database, table: 'notifications' | 'tracking_events'): Promise<number> {
  const rows = await db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM ${sql.identifier(table)}`);
  return rows.rows[0]!.n;
}

/** Refreshes every item once, in batches, and counts the outcomes and what they wrote. */
async function pass(ctx: AppContext, mode: TrackingMode, name: string, ids: string[], now: Date) {
  const results: Record<(RefreshOutcome | RefreshError)['result'], number> = {
    changed: 0,
    unchanged: 0,
    not_found: 0,
    failed: 0,
    deferred: 0,
    skipped: 0,
    error: 0,
  };
  const [events0, notifications0] = [
    await count(ctx.db, 'tracking_events'),
    await count(ctx.db, 'notifications'),
  ];
  const batches: string[][] = [];
  for (let i = 0; i < ids.length; i += REFRESH_BATCH) batches.push(ids.slice(i, i + REFRESH_BATCH));
  const started = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENT_BATCHES }, async () => {
      while (next < batches.length) {
        const outcomes = await refreshItems(ctx, ctx.tracking, batches[next++]!, now);
        for (const o of outcomes.values()) results[o.result]++;
      }
    }),
  );
  const elapsed = seconds(started);
  return {
    mode,
    pass: name,
    items: ids.length,
    s: round(elapsed),
    'items/s': Math.round(ids.length / elapsed),
    ...results,
    'events stored': (await count(ctx.db, 'tracking_events')) - events0,
    notifications: (await count(ctx.db, 'notifications')) - notifications0,
  };
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
