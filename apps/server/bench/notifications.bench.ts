/**
 * `npm run bench` (third part): how notifications fan out and reach open sockets.
 *
 * - One refresh that changes a container followed by 1,000 workspaces of 5 members each: the whole
 *   refresh (provider answer, events, derivation, list copies, the change and its 5,000 notifications
 *   written by one INSERT … SELECT, and the socket nudges) and the fan-out statement alone.
 * - One change event delivered to 1,000 open WebSockets (one member of each workspace signed in): from
 *   the COMMIT of the fan-out to each socket's message, through pg_notify, the LISTEN connection and
 *   the hub. The sockets' clients run in the same Node process as the server (one core's event loop
 *   parses both sides), so the figure is an upper bound for a real server.
 */
import { oneProvider } from '../src/integrations/tracking/sources';
import { performance } from 'node:perf_hooks';
import { drizzle } from 'drizzle-orm/node-postgres';
import { sql } from 'drizzle-orm';
import WebSocket from 'ws';
import type { TrackingEvent } from '@tracklane/shared/tracking/ocean/tracking-event';
import { buildApp } from '../src/app';
import * as schema from '../src/db/schema';
import { oceanShipments, trackedItems } from '../src/db/schema/tracking';
import type { OceanAnswer } from '../src/integrations/tracking/provider';
import { createExpressMode } from '../src/modules/express-shipments/express-mode';
import { recordChanges } from '../src/modules/notifications/record-changes';
import { createOceanMode } from '../src/modules/ocean-shipments/ocean-mode';
import { createSession } from '../src/modules/auth/sessions';
import { refreshItem, type TrackingEngine } from '../src/modules/tracking/refresh.service';
import { benchContext, withBenchDatabase } from './harness';
import { ITEMS_CHANGED_SUBSCRIBERS } from '../src/items-changed-subscribers';

const WORKSPACES = Number(process.env.BENCH_NOTIFY_WORKSPACES ?? 1_000);
const MEMBERS = Number(process.env.BENCH_NOTIFY_MEMBERS ?? 5);
const SOCKETS = Number(process.env.BENCH_NOTIFY_SOCKETS ?? 1_000);
const ROUNDS = Number(process.env.BENCH_NOTIFY_ROUNDS ?? 10);
const DAY = 86_400_000;

const event = (
  id: string,
  typeCode: TrackingEvent['typeCode'],
  classifier: TrackingEvent['classifier'],
  time: number,
  createdAt = time,
): TrackingEvent => ({
  eventId: id,
  eventType: typeCode === 'ARRI' ? 'TRANSPORT' : 'EQUIPMENT',
  typeCode,
  classifier,
  emptyIndicator: typeCode === 'ARRI' ? null : 'LADEN',
  locationCode: typeCode === 'LOAD' ? 'CNSHA' : 'NLRTM',
  locationName: null,
  vesselName: 'EVER ACE',
  vesselImo: null,
  voyage: '001W',
  transportCallSequence: typeCode === 'LOAD' ? 1 : 2,
  eventTime: new Date(time).toISOString(),
  createdAt: new Date(createdAt).toISOString(),
});

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
const stats = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return {
    n: sorted.length,
    p50: round(percentile(sorted, 50)),
    p95: round(percentile(sorted, 95)),
    p99: round(percentile(sorted, 99)),
    max: round(sorted.at(-1)!),
  };
};
const round = (n: number) => Math.round(n * 10) / 10;

async function main() {
  await withBenchDatabase('notify', async (database) => {
    const { db, pool } = database;
    const sockets: WebSocket[] = [];
    try {
      // 1,000 organizations, each with one workspace of 5 members (the first its admin), in SQL for speed.
      const t0 = performance.now();
      await db.execute(sql`
      WITH u AS (
        INSERT INTO users (email, password_hash, first_name, last_name, email_verified_at)
        SELECT 'bench-' || w || '-' || m || '@example.com', 'x', 'Bench', 'User ' || m, now()
        FROM generate_series(1, ${WORKSPACES}::int) w, generate_series(1, ${MEMBERS}::int) m
        RETURNING id, email
      ), un AS (
        SELECT id, split_part(email, '-', 2)::int AS w, split_part(split_part(email, '-', 3), '@', 1)::int AS m FROM u
      ), o AS (
        INSERT INTO organizations (name, creator_id) SELECT 'Org ' || w, id FROM un WHERE m = 1 RETURNING id, name
      ), ow AS (
        SELECT o.id, split_part(o.name, ' ', 2)::int AS w FROM o
      ), ws AS (
        INSERT INTO workspaces (organization_id, name, is_default) SELECT id, 'Default', true FROM ow RETURNING id, organization_id
      ), om AS (
        INSERT INTO organization_members (organization_id, user_id, role, shipment_permission)
        SELECT ow.id, un.id, CASE WHEN un.m = 1 THEN 'company_admin' ELSE 'general_user' END, 0
        FROM un JOIN ow ON ow.w = un.w RETURNING 1
      )
      INSERT INTO workspace_members (workspace_id, user_id)
      SELECT ws.id, un.id FROM un JOIN ow ON ow.w = un.w JOIN ws ON ws.organization_id = ow.id`);
      console.log(
        `Seeded ${WORKSPACES.toLocaleString('en')} workspaces × ${String(MEMBERS)} members in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
      );

      const { ctx, close } = await benchContext(database);
      const { realtime } = ctx;

      // A scripted carrier: each round the ETA slips by another day, a new change every time.
      let answer: OceanAnswer = { status: 'not_found' };
      const engine: TrackingEngine = {
        modes: {
          ocean: createOceanMode(oneProvider({ source: 'demo', track: async () => answer })),
          express: createExpressMode(
            oneProvider({
              source: 'demo',
              track: async () => ({ status: 'not_found' }),
            }),
          ),
        },
        notFoundAttempts: 6,
        demoCarriers: false,
        onItemsChanged: ITEMS_CHANGED_SUBSCRIBERS,
      };
      const start = Date.parse('2026-11-01T00:00:00Z');
      const events = [event('load', 'LOAD', 'ACT', start)];
      const etaAt = (round: number) =>
        event(`eta-${String(round)}`, 'ARRI', 'EST', start + (30 + round) * DAY, start + round * 60_000);

      const [item] = await db
        .insert(trackedItems)
        .values({ mode: 'ocean', trackingNo: 'BNCH0000001', reference: 'MEDU1', carrier: 'MSCU' })
        .returning();
      await db.execute(sql`
      INSERT INTO ${oceanShipments} (workspace_id, item_id, container_no, mbl_no, carrier_scac)
      SELECT id, ${item!.id}, 'BNCH0000001', 'MEDU1', 'MSCU' FROM workspaces`);
      answer = { status: 'found', events: [...events, etaAt(0)] };
      await refreshItem(ctx, engine, item!.id, new Date()); // the baseline: no notification
      await db.execute(sql`VACUUM ANALYZE`);

      const refreshMs: number[] = [];
      for (let r = 1; r <= ROUNDS; r++) {
        events.push(etaAt(r - 1));
        answer = { status: 'found', events: [...events, etaAt(r)] };
        const t = performance.now();
        const outcome = await refreshItem(ctx, engine, item!.id, new Date());
        refreshMs.push(performance.now() - t);
        if (outcome.result !== 'changed') throw new Error(`round ${String(r)}: ${outcome.result}`);
      }
      const [{ n }] = (await db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM notifications`))
        .rows as [{ n: number }];
      if (n !== ROUNDS * WORKSPACES * MEMBERS)
        throw new Error(
          `expected ${String(ROUNDS * WORKSPACES * MEMBERS)} notifications, found ${String(n)}`,
        );

      // The fan-out statement alone, on the same data (a change stored and fanned out, then rolled back).
      const fanOutMs: number[] = [];
      for (let r = 0; r < ROUNDS; r++) {
        const client = await pool.connect();
        try {
          await client.query('BEGIN');
          const t = performance.now();
          await recordChanges(
            drizzle(client, { schema }),
            oceanShipments,
            [{ itemId: item!.id, change: { type: 'eta', key: `bench-${String(r)}`, text: 'x', data: {} } }],
            new Date(),
          );
          fanOutMs.push(performance.now() - t);
        } finally {
          await client.query('ROLLBACK');
          client.release();
        }
      }

      // 1,000 open sockets: one member of each of the first 1,000 workspaces signed in.
      const app = await buildApp(ctx);
      await app.listen({ port: 0, host: '127.0.0.1' });
      const port = (app.server.address() as { port: number }).port;
      const admins = await db.execute<{ id: string }>(
        sql`SELECT creator_id AS id FROM organizations ORDER BY name LIMIT ${SOCKETS}`,
      );
      const opened: Promise<void>[] = [];
      for (const { id } of admins.rows) {
        const session = await createSession(db, id, { ip: '127.0.0.1', userAgent: 'bench' });
        const socket = new WebSocket(`ws://127.0.0.1:${String(port)}/api/ws/events?userId=${id}`, {
          headers: { cookie: `tl_session=${session.token}` },
        });
        sockets.push(socket);
        opened.push(
          new Promise<void>((resolve, reject) => {
            socket.once('open', () => resolve());
            socket.once('error', reject);
            socket.once('unexpected-response', (_request, response) =>
              reject(new Error(`socket refused with ${String(response.statusCode)}`)),
            );
          }),
        );
      }
      await Promise.all(opened);
      // The hub attaches after the upgrade's own session check: wait until every socket is attached.
      while (realtime.size() < sockets.length) await new Promise((r) => setTimeout(r, 20));

      const deliveryMs: number[] = [];
      const perRoundP99: number[] = [];
      for (let r = 0; r < ROUNDS; r++) {
        const client = await pool.connect();
        let committedAt = 0;
        const received = sockets.map(
          (s) =>
            new Promise<number>((resolve) =>
              s.once('message', () => resolve(performance.now() - committedAt)),
            ),
        );
        try {
          await client.query('BEGIN');
          await recordChanges(
            drizzle(client, { schema }),
            oceanShipments,
            [
              {
                itemId: item!.id,
                change: { type: 'eta', key: `bench-live-${String(r)}`, text: 'x', data: {} },
              },
            ],
            new Date(),
          );
          committedAt = performance.now();
          await client.query('COMMIT');
        } finally {
          client.release();
        }
        const times = await Promise.all(received);
        deliveryMs.push(...times);
        perRoundP99.push(stats(times).p99);
      }
      await app.close();

      console.log(
        `\nOne refresh changing a container followed by ${WORKSPACES.toLocaleString('en')} workspaces × ${String(MEMBERS)} members (${(WORKSPACES * MEMBERS).toLocaleString('en')} notifications each), ${String(ROUNDS)} rounds, ms`,
      );
      console.table({
        'whole refresh (one transaction)': stats(refreshMs),
        'fan-out statement alone': stats(fanOutMs),
      });
      console.log(
        `\nOne change event to ${String(sockets.length)} open WebSockets, from COMMIT to each socket's message, ${String(ROUNDS)} rounds, ms`,
      );
      console.table({ 'every delivery': stats(deliveryMs), 'p99 of each round': stats(perRoundP99) });
      await close();
    } finally {
      for (const s of sockets) s.terminate();
    }
  });
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
