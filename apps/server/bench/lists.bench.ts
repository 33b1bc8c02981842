/**
 * `npm run bench`: the list endpoint and the dashboard of every tracking mode (ocean, express) at 100,000
 * shipments each in one workspace, and the refresh job's throughput in each mode. Each endpoint figure stands beside the
 * same SQL run through a bare `pg` client in the same run: on a noisy machine the ratio (API overhead)
 * is the number to watch. A mode is described once (how to seed it, its API's queries, its cases); the
 * seeding, measuring and reporting are shared.
 */
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { DerivedParcel } from '@tracklane/shared/express/derived-parcel';
import type { ParcelStatus } from '@tracklane/shared/express/parcel-event';
import { gatewayOf, parcelHubByCode, type ParcelHub, hubPlace } from '@tracklane/shared/express/parcel-hubs';
import { expressListQuerySchema } from '@tracklane/shared/express-shipments/express-shipments.schema';
import { oceanListQuerySchema } from '@tracklane/shared/ocean-shipments/ocean-shipments.schema';
import { TRACKING_MODES, type TrackingMode } from '@tracklane/shared/tracking/tracking-modes';
import { buildApp } from '../src/app';
import type { AppContext } from '../src/app-context';
import { loadConfig } from '../src/config';
import { createDatabase, type Database } from '../src/db/client';
import * as schema from '../src/db/schema';
import { startEmbeddedPostgres } from '../src/db/embedded';
import { runMigrations } from '../src/db/migrate';
import { UNKNOWN_TIME } from '../src/db/schema/tracking';
import { users } from '../src/db/schema/users';
import { createRealtimeHub } from '../src/integrations/realtime/realtime-hub';
import { createLocalStorage } from '../src/integrations/storage/file-storage';
import { startJobQueue } from '../src/jobs/queue';
import { encodeCursor } from '../src/lib/keyset-cursor';
import { createLogger } from '../src/lib/logger';
import { loadAuthKey } from '../src/lib/password-crypto';
import { createSession } from '../src/modules/auth/sessions';
import { expressDashboard, oceanDashboard } from '../src/modules/dashboard/dashboard.service';
import {
  expressCountsQuery,
  expressListQuery,
} from '../src/modules/express-shipments/express-shipments.service';
import { oceanCountsQuery, oceanListQuery } from '../src/modules/ocean-shipments/ocean-shipments.service';
import { createPersonalOrganization } from '../src/modules/organizations/organizations.service';
import { saveSelection } from '../src/modules/organizations/selection';
import { refreshItem, type RefreshOutcome } from '../src/modules/tracking/refresh.service';
import { createTrackingEngine } from '../src/modules/tracking/tracking-engine';

/** Shipments per mode. */
const SHIPMENTS = Number(process.env.BENCH_SHIPMENTS ?? 100_000);
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 8);
/** Which modes to run, e.g. `express` (default: all). */
const MODES = (process.env.BENCH_MODES ?? TRACKING_MODES.join(',')).split(',').map((m) => m.trim());
const EXPLAIN = Boolean(process.env.BENCH_EXPLAIN);
/** Keep the seeded database afterwards (with BENCH_DATABASE_URL), e.g. to try query plans by hand. */
const KEEP = Boolean(process.env.BENCH_KEEP_DATABASE);
const PAGE = 50;
const DEEP_ROW = Math.floor(SHIPMENTS / 2);
const BARE_SQL_MS = 3000;
const REFRESH_SAMPLE = 2_000;
const REFRESH_CONCURRENCY = 8;
const quiet = { info: () => undefined, warn: console.warn, debug: () => undefined, error: console.error };

interface BoundSql {
  sql: string;
  params: unknown[];
}

/** A list page query of the API, unexecuted: its SQL, or its rows from an offset (the deep cursor). */
interface PageQuery {
  toSQL(): BoundSql;
  offset(rows: number): PromiseLike<{ s: { createdAt: Date; id: string } }[]>;
}

/** What the benchmark needs to know of a mode; everything else is shared. */
interface ListBench {
  mode: TrackingMode;
  path: string;
  /** Inserts SHIPMENTS tracked items of the mode and the workspace's subscriptions, in SQL for speed. */
  seed(db: Database, workspaceId: string, userId: string): Promise<void>;
  /** The API's page query for a query string (parsed by the route's own schema). */
  pageQuery(db: Database, workspaceId: string, qs: string): PageQuery;
  /** The API's tab counts query. */
  countsQuery(db: Database, workspaceId: string): { toSQL(): BoundSql };
  /** Cases as name and query string (the page size is added); `deep` is a cursor at DEEP_ROW. */
  cases(deep: string): [string, string][];
  /** The mode's dashboard endpoint and the service behind it. */
  dashboard: { path: string; run(db: Database, workspaceId: string, now: Date): Promise<unknown> };
}

const queryOf = (qs: string) => Object.fromEntries(new URLSearchParams(qs));

const ocean: ListBench = {
  mode: 'ocean',
  path: '/api/shipments/ocean',
  seed: seedOcean,
  pageQuery: (db, workspaceId, qs) =>
    oceanListQuery(db, workspaceId, oceanListQuerySchema.parse(queryOf(qs))),
  countsQuery: oceanCountsQuery,
  cases: (deep) => [
    ['first page', ''],
    [`deep page (row ${DEEP_ROW.toLocaleString('en')})`, `cursor=${deep}`],
    ['filtered (POL)', 'pol=CNSHA'],
    ['sorted (arrival)', 'sort=arrival_asc'],
    // Container numbers are MSCU0000000 onwards: this prefix matches the first 100.
    ['search (prefix)', 'search=MSCU00000'],
  ],
  dashboard: { path: '/api/dashboard/ocean', run: oceanDashboard },
};

const express: ListBench = {
  mode: 'express',
  path: '/api/shipments/express',
  seed: seedExpress,
  pageQuery: (db, workspaceId, qs) =>
    expressListQuery(db, workspaceId, expressListQuerySchema.parse(queryOf(qs))),
  countsQuery: expressCountsQuery,
  cases: (deep) => [
    ['first page', ''],
    [`deep page (row ${DEEP_ROW.toLocaleString('en')})`, `cursor=${deep}`],
    ['filtered (carrier, 17%)', 'carrier=dhl_express'],
    ['filtered (status, 4%)', 'parcelStatus=exception'],
    ['sorted (delivery)', 'sort=delivery_asc'],
    // UPS numbers are 1Z4A8E66 and a 10-digit sequence from 0: this prefix (typed in lower case) matches
    // the first 100.
    ['search (prefix)', 'search=1z4a8e6600000000'],
    ['not found tab', 'status=notFound'],
  ],
  dashboard: { path: '/api/dashboard/express', run: expressDashboard },
};

const BENCHES = [ocean, express].filter((b) => MODES.includes(b.mode));

async function main() {
  if (!BENCHES.length) throw new Error(`BENCH_MODES: choose among ${TRACKING_MODES.join(', ')}`);
  console.log(machine());
  const dir = await mkdtemp(path.join(os.tmpdir(), 'tracklane-bench-'));
  await chmod(dir, 0o755);
  let adminUrl = process.env.BENCH_DATABASE_URL;
  const embedded = adminUrl
    ? null
    : await startEmbeddedPostgres({ dataDir: path.join(dir, 'pg'), logger: quiet, persistent: false });
  adminUrl ??= embedded!.adminUrl;
  const dbName = `tracklane_bench_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${dbName}`);
  const url = new URL(adminUrl);
  url.pathname = `/${dbName}`;
  const { db, pool } = createDatabase(url.toString(), 20);

  try {
    await runMigrations(pool);
    const [user] = await db
      .insert(users)
      .values({
        email: 'bench@example.com',
        passwordHash: 'x',
        firstName: 'Bench',
        lastName: 'User',
        emailVerifiedAt: new Date(),
      })
      .returning();
    const home = await createPersonalOrganization(db, user!);
    for (const bench of BENCHES) {
      const t0 = performance.now();
      await bench.seed(db, home.workspaceId, user!.id);
      console.log(
        `Seeded ${SHIPMENTS.toLocaleString('en')} ${bench.mode} shipments in ${seconds(t0).toFixed(0)} s`,
      );
    }
    // What autovacuum does in production: statistics, and a visibility map for index-only scans.
    await db.execute(sql`VACUUM ANALYZE`);

    const config = {
      ...loadConfig({
        NODE_ENV: 'production',
        LOG_LEVEL: 'silent',
        RATE_LIMIT_PER_MINUTE: '100000000',
        SERVE_WEB: 'false',
      }),
      dataDir: dir,
    };
    const logger = createLogger(config);
    const jobs = await startJobQueue(url.toString(), logger);
    const realtime = createRealtimeHub(url.toString(), logger);
    await realtime.ready;
    const ctx: AppContext = {
      config,
      db,
      pool,
      logger,
      jobs,
      realtime,
      authKey: await loadAuthKey({ dataDir: dir }),
      storage: createLocalStorage(path.join(dir, 'uploads')),
      tracking: createTrackingEngine(config, logger),
    };
    const session = await createSession(db, user!.id, { ip: '127.0.0.1', userAgent: 'bench' });
    await saveSelection(db, session.id, home);
    const app = await buildApp(ctx);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${String((app.server.address() as { port: number }).port)}`;
    const cookie = `tl_session=${session.token}`;

    for (const bench of BENCHES) {
      console.log(`\n${bench.mode}: GET ${bench.path}, ${String(DURATION_S)} s per case`);
      console.table(await measureList(bench, { db, pool, base, cookie, workspaceId: home.workspaceId }));
    }

    const dashboards = [];
    for (const bench of BENCHES)
      dashboards.push(
        await measureDashboard(bench, { db, pool, base, cookie, workspaceId: home.workspaceId }),
      );
    console.log(`\ndashboards: GET /api/dashboard/{mode}, ${String(DURATION_S)} s each`);
    console.table(dashboards);

    // Refresh throughput: the demo providers through storage, derivation and the subscriptions' copy.
    const refresh = [];
    for (const bench of BENCHES) refresh.push(await measureRefresh(ctx, bench.mode));
    console.log(
      `\nrefresh: ${String(REFRESH_SAMPLE)} random due items per mode, ${String(REFRESH_CONCURRENCY)} concurrent`,
    );
    console.table(refresh);
    console.log(machine());

    await app.close();
    await realtime.close();
    await jobs.boss.stop({ graceful: false, wait: true });
  } finally {
    await pool.end();
    if (KEEP && !embedded) console.log(`Kept the database: ${url.toString()}`);
    else await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await admin.end();
    await embedded?.stop();
    await rm(dir, { recursive: true, force: true });
  }
}

interface Target {
  db: Database;
  pool: pg.Pool;
  base: string;
  cookie: string;
  workspaceId: string;
}

/** Every case of a mode through the API (autocannon) and as the API's bare SQL, one row each. */
async function measureList(bench: ListBench, { db, pool, base, cookie, workspaceId }: Target) {
  // The deep cursor is the one the API would hand out after row DEEP_ROW of the default order.
  const [deep] = await bench.pageQuery(db, workspaceId, 'limit=1').offset(DEEP_ROW);
  if (!deep) throw new Error(`${bench.mode}: fewer than ${String(DEEP_ROW)} active shipments`);
  // Warm-up, not reported: the first case would otherwise carry JIT compilation and cold caches.
  await autocannon({
    url: `${base}${bench.path}?limit=${String(PAGE)}`,
    headers: { cookie },
    connections: 10,
    duration: Math.min(2, DURATION_S),
  });
  const rows: Record<string, string | number>[] = [];
  for (const [name, params] of bench.cases(encodeCursor(deep.s.createdAt, deep.s.id))) {
    const qs = [`limit=${String(PAGE)}`, params].filter(Boolean).join('&');
    const api = await autocannon({
      url: `${base}${bench.path}?${qs}`,
      headers: { cookie },
      connections: 10,
      duration: DURATION_S,
    });
    const page = bench.pageQuery(db, workspaceId, qs).toSQL();
    const counts = bench.countsQuery(db, workspaceId).toSQL();
    if (EXPLAIN) {
      console.log(`\n${bench.mode}: ${name}`);
      for (const query of [page, counts]) {
        const plan = await pool.query(`EXPLAIN (ANALYZE, BUFFERS) ${query.sql}`, query.params);
        console.log(plan.rows.map((r: Record<string, string>) => r['QUERY PLAN']).join('\n'));
      }
    }
    const bare = await bareSql(pool, page, counts);
    rows.push({
      case: name,
      rows: Math.min(bare.rows, PAGE),
      'api p50 ms': api.latency.p50,
      'api p97.5 ms': api.latency.p97_5,
      'api req/s': Math.round(api.requests.average),
      'sql p50 ms': round(bare.p50),
      'sql p95 ms': round(bare.p95),
      'api/sql p50': round(api.latency.p50 / Math.max(bare.p50, 0.01)),
      errors: api.errors + api.non2xx,
    });
  }
  return rows;
}

/**
 * A dashboard through the API (autocannon) and as its bare SQL: every statement the service sends for
 * one answer, captured through a logging client and replayed through a bare client one after another
 * (the service sends independent ones concurrently, so the API can beat the sequential sum).
 */
async function measureDashboard(bench: ListBench, { pool, base, cookie, workspaceId }: Target) {
  const statements: BoundSql[] = [];
  const capturing = drizzle(pool, {
    schema,
    logger: { logQuery: (query, params) => statements.push({ sql: query, params }) },
  });
  await bench.dashboard.run(capturing, workspaceId, new Date());
  const url = `${base}${bench.dashboard.path}`;
  await autocannon({ url, headers: { cookie }, connections: 10, duration: Math.min(2, DURATION_S) });
  const api = await autocannon({ url, headers: { cookie }, connections: 10, duration: DURATION_S });
  const client = await pool.connect();
  const times: number[] = [];
  try {
    if (EXPLAIN)
      for (const query of statements) {
        const plan = await client.query(`EXPLAIN (ANALYZE, BUFFERS) ${query.sql}`, query.params);
        console.log(
          `\n${query.sql}\n${plan.rows.map((r: Record<string, string>) => r['QUERY PLAN']).join('\n')}`,
        );
      }
    const deadline = performance.now() + BARE_SQL_MS;
    while (performance.now() < deadline) {
      const t0 = performance.now();
      for (const query of statements) await client.query(query.sql, query.params);
      times.push(performance.now() - t0);
    }
  } finally {
    client.release();
  }
  times.sort((a, b) => a - b);
  const p50 = times[Math.floor(times.length * 0.5)]!;
  return {
    mode: bench.mode,
    statements: statements.length,
    'api p50 ms': api.latency.p50,
    'api p97.5 ms': api.latency.p97_5,
    'api req/s': Math.round(api.requests.average),
    'sql p50 ms': round(p50),
    'sql p95 ms': round(times[Math.floor(times.length * 0.95)]!),
    'api/sql p50': round(api.latency.p50 / Math.max(p50, 0.01)),
    errors: api.errors + api.non2xx,
  };
}

/** The API's own SQL (page query and tab counts), timed through a bare client, sequentially. */
async function bareSql(pool: pg.Pool, page: BoundSql, counts: BoundSql) {
  const client = await pool.connect();
  const times: number[] = [];
  let rows = 0;
  try {
    const deadline = performance.now() + BARE_SQL_MS;
    while (performance.now() < deadline) {
      const t0 = performance.now();
      rows = (await client.query(page.sql, page.params)).rowCount ?? 0;
      await client.query(counts.sql, counts.params);
      times.push(performance.now() - t0);
    }
  } finally {
    client.release();
  }
  times.sort((a, b) => a - b);
  return { rows, p50: times[Math.floor(times.length * 0.5)]!, p95: times[Math.floor(times.length * 0.95)]! };
}

/** Refreshes REFRESH_SAMPLE random items of a mode that the poller would claim (not completed). */
async function measureRefresh(ctx: AppContext, mode: TrackingMode) {
  const ids = await ctx.db.execute<{ id: string }>(sql`
    SELECT id FROM tracked_items WHERE mode = ${mode} AND state <> 'completed'
    ORDER BY random() LIMIT ${REFRESH_SAMPLE}`);
  const results: Record<RefreshOutcome['result'], number> = {
    changed: 0,
    unchanged: 0,
    not_found: 0,
    failed: 0,
    skipped: 0,
  };
  const started = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: REFRESH_CONCURRENCY }, async () => {
      while (next < ids.rows.length) {
        const { id } = ids.rows[next++]!;
        const { result } = await refreshItem(ctx, ctx.tracking, id, new Date());
        results[result]++;
      }
    }),
  );
  const elapsed = seconds(started);
  return {
    mode,
    items: ids.rows.length,
    s: round(elapsed),
    'items/s': Math.round(ids.rows.length / elapsed),
    ...results,
  };
}

/** Splits SHIPMENTS into consecutive ranges in proportion to `weights` (lanes, carriers). */
function split(weights: readonly number[]): { from: number; to: number }[] {
  const total = weights.reduce((a, b) => a + b, 0);
  let from = 0;
  let cumulative = 0;
  return weights.map((weight) => {
    cumulative += weight;
    const to = Math.round((SHIPMENTS * cumulative) / total);
    const range = { from, to: to - 1 };
    from = to;
    return range;
  });
}

/**
 * Ocean: containers on six lanes with realistic derived data, 10% of subscriptions archived, 15%
 * discharged with a last free day, one ETA in five slipped (for the dashboard's attention rules).
 */
async function seedOcean(db: Database, workspaceId: string, userId: string) {
  const lanes = [
    ['CNSHA', 'NLRTM'],
    ['CNNGB', 'DEHAM'],
    ['CNYTN', 'USLAX'],
    ['KRPUS', 'USSEA'],
    ['SGSIN', 'BEANR'],
    ['VNCMT', 'USSAV'],
  ] as const;
  const derived = (pol: string, pod: string) =>
    JSON.stringify({
      pol: { locode: pol, name: pol },
      pod: { locode: pod, name: pod },
      status: 'in_transit',
      transshipments: [],
      vessel: { name: 'EVER ACE', imo: '9893890', voyage: '123W' },
      lastActualAt: '2026-11-01T00:00:00.000Z',
      departureVO: { etd: null, atd: '2026-11-01T00:00:00.000Z' },
      arrivalVO: { eta: '2026-12-01T00:00:00.000Z', ata: null },
      etaHistory: [
        { eta: '2026-12-01T00:00:00.000Z', classifier: 'EST', recordedAt: '2026-11-01T00:00:00.000Z' },
      ],
      shipmentOverall: {
        emptyGateOut: {
          time: '2026-10-28T00:00:00.000Z',
          classifier: 'ACT',
          location: { locode: pol, name: pol },
        },
        fullGateIn: null,
        loaded: null,
        lastFreeDay: null,
        fullGateOut: null,
        emptyReturned: null,
        discharged: null,
        berthed: null,
      },
    });
  const ranges = split(lanes.map(() => 1));
  for (const [i, [pol, pod]] of lanes.entries()) {
    const { from, to } = ranges[i]!;
    if (from > to) continue;
    await db.execute(sql`
      WITH c AS (
        INSERT INTO tracked_items (mode, tracking_no, reference, carrier, state, derived, last_checked_at, last_source, next_check_at, tracking_started_at)
        SELECT 'ocean', 'MSCU' || lpad(g::text, 7, '0'), 'MEDU' || lpad(g::text, 9, '0'), 'MSCU', 'active', ${derived(pol, pod)}::jsonb, now(), 'demo',
               now() + interval '1 hour', now() - (g % 40) * interval '1 day'
        FROM generate_series(${from}::int, ${to}::int) g
        RETURNING id, tracking_no AS container_no, reference AS mbl_no
      )
      INSERT INTO ocean_shipments (workspace_id, item_id, created_by, created_at, container_no, mbl_no, carrier_scac, state, status,
                                   pol_locode, pod_locode, vessel_name, atd, eta, ata, first_eta, last_free_day,
                                   arrival_at, departure_at, archived)
      SELECT ${workspaceId}, c.id, ${userId}, now() - (random() * interval '90 days'), c.container_no, c.mbl_no, 'MSCU', 'active', status,
             ${pol}, ${pod}, 'EVER ACE', now() - interval '10 days', eta,
             CASE WHEN status = 'discharged' THEN eta END,
             -- One in five ETAs has slipped by up to five days.
             CASE WHEN random() < 0.2 THEN eta - random() * interval '5 days' ELSE eta END,
             -- Discharged containers have a last free day a week either side of today.
             CASE WHEN status = 'discharged' THEN date_trunc('day', now()) + (floor(random() * 14) - 7) * interval '1 day' END,
             eta, now() - interval '10 days', random() < 0.1
      FROM (SELECT *, CASE WHEN random() < 0.85 THEN now() + random() * interval '40 days' ELSE now() - random() * interval '10 days' END AS eta
            FROM c) c
      CROSS JOIN LATERAL (SELECT CASE WHEN eta < now() THEN 'discharged' ELSE 'in_transit' END AS status) s`);
  }
}

/**
 * Express: the carriers' shares, number formats (prefix, zero-padded sequence, suffix), one lane each
 * and a service name. The numbers are shaped like the carriers' own; check digits are not computed
 * because the seed bypasses intake.
 */
const PARCEL_LANES = [
  { carrier: 'ups', share: 25, number: ['1Z4A8E66', 10, ''], lane: ['LAX', 'JFK'], service: 'UPS Ground' },
  { carrier: 'fedex', share: 18, number: ['7', 11, ''], lane: ['MEM', 'ORD'], service: 'FedEx 2Day' },
  {
    carrier: 'dhl_express',
    share: 17,
    number: ['4', 9, ''],
    lane: ['SZX', 'CDG'],
    service: 'Express Worldwide',
  },
  { carrier: 'usps', share: 14, number: ['9400', 18, ''], lane: ['ATL', 'SEA'], service: 'Priority Mail' },
  { carrier: 'dpd', share: 8, number: ['0', 13, ''], lane: ['CGN', 'AMS'], service: 'DPD Classic' },
  { carrier: 'gls', share: 7, number: ['5', 10, ''], lane: ['WAW', 'VIE'], service: 'Business Parcel' },
  { carrier: 'royalmail', share: 6, number: ['RM', 9, 'GB'], lane: ['LHR', 'BHX'], service: 'Tracked 48' },
  {
    carrier: 'yunexpress',
    share: 5,
    number: ['YT', 16, ''],
    lane: ['SZX', 'LAX'],
    service: 'Global Direct',
  },
] as const;

/** How parcels are spread over statuses; `null` is not found (no data, in the not-found tab). */
const PARCEL_STATUS_SHARES: readonly [SeededStatus | null, number][] = [
  [null, 0.03],
  ['info_received', 0.07],
  ['in_transit', 0.44],
  ['out_for_delivery', 0.06],
  ['failed_attempt', 0.03],
  ['available_for_pickup', 0.03],
  ['delivered', 0.3],
  ['exception', 0.04],
];

type SeededStatus = Exclude<ParcelStatus, 'pending' | 'expired'>;
/** A DerivedParcel without its times, which the seed computes per row. */
type ParcelTemplate = Omit<
  DerivedParcel,
  | 'lastEventAt'
  | 'estimatedDelivery'
  | 'estimatedDeliveryHistory'
  | 'pickedUpAt'
  | 'deliveredAt'
  | 'firstEventAt'
>;

/** What deriveParcel makes of each status on one lane, as the demo parcel carrier words its scans. */
function parcelTemplates(
  lane: readonly [string, string],
  service: string,
): Record<SeededStatus, ParcelTemplate> {
  const [from, to] = lane.map((code) => parcelHubByCode(code)!) as [ParcelHub, ParcelHub];
  const origin = hubPlace(from);
  const destination = hubPlace(to);
  const hub = hubPlace(gatewayOf(to.region));
  const base = {
    subStatus: null,
    exceptionReason: null,
    service,
    origin,
    destination,
    signedBy: null,
    failedAttempts: 0,
  };
  return {
    info_received: {
      ...base,
      status: 'info_received',
      statusText: 'Shipment information received',
      lastLocation: origin,
    },
    in_transit: { ...base, status: 'in_transit', statusText: 'Arrived at facility', lastLocation: hub },
    out_for_delivery: {
      ...base,
      status: 'out_for_delivery',
      statusText: 'Out for delivery',
      lastLocation: destination,
    },
    failed_attempt: {
      ...base,
      status: 'failed_attempt',
      subStatus: 'recipient_absent',
      statusText: 'Delivery attempted: recipient not at home',
      failedAttempts: 1,
      lastLocation: destination,
    },
    available_for_pickup: {
      ...base,
      status: 'available_for_pickup',
      statusText: `Available for pickup at a service point in ${to.city}`,
      failedAttempts: 1,
      lastLocation: destination,
    },
    delivered: {
      ...base,
      status: 'delivered',
      statusText: 'Delivered',
      signedBy: 'J. SMITH',
      lastLocation: destination,
    },
    exception: {
      ...base,
      status: 'exception',
      subStatus: 'customs_hold',
      statusText: 'Held by customs: documents requested from the importer',
      exceptionReason: 'Customs documents requested',
      lastLocation: hub,
    },
  };
}

/** A timestamptz as DerivedParcel writes times: ISO 8601, UTC, milliseconds. */
const iso = (column: string) =>
  sql.raw(`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

/** A PostgreSQL array literal (drizzle would spread a JavaScript array into separate parameters). */
const pgArray = (values: readonly (string | number | null)[]) =>
  `{${values.map((v) => (v === null ? 'NULL' : String(v))).join(',')}}`;

/**
 * Express: parcels of eight carriers with per-row times and a DerivedParcel per status; 3% not found
 * (no data), delivered parcels completed two days after delivery, 10% of subscriptions archived, 2%
 * favourites. The subscriptions' list columns are read back from the derived view, as the refresh
 * copies them.
 */
async function seedExpress(db: Database, workspaceId: string, userId: string) {
  const statuses = pgArray(PARCEL_STATUS_SHARES.map(([status]) => status));
  let cumulative = 0;
  const thresholds = pgArray(
    PARCEL_STATUS_SHARES.map(([, share]) => {
      const at = cumulative;
      cumulative += share;
      return at;
    }),
  );
  const ranges = split(PARCEL_LANES.map((l) => l.share));
  for (const [i, { carrier, number, lane, service }] of PARCEL_LANES.entries()) {
    const { from, to } = ranges[i]!;
    if (from > to) continue;
    const [prefix, digits, suffix] = number;
    await db.execute(sql`
      WITH r AS (
        SELECT g - ${from}::int AS seq, (${statuses}::text[])[width_bucket(random(), ${thresholds}::float8[])] AS status,
               random() AS t1, random() AS t2
        FROM generate_series(${from}::int, ${to}::int) g
      ), p AS (
        SELECT seq, status, last_event, last_event - (1 + t2 * 4) * interval '1 day' AS started,
               CASE WHEN status = 'delivered' THEN last_event END AS delivered,
               CASE WHEN status NOT IN ('delivered', 'exception') THEN now() + (2 + t2 * 94) * interval '1 hour' END AS estimated
        FROM (
          SELECT *, CASE WHEN status = 'delivered' THEN now() - t1 * interval '20 days'
                         WHEN status IS NULL THEN now() - t1 * interval '10 days'
                         ELSE now() - t1 * interval '36 hours' END AS last_event
          FROM r
        ) r
      ), q AS (
        SELECT p.*, CASE WHEN status <> 'info_received' THEN started + interval '3 hours' END AS picked,
               CASE WHEN status IS NULL THEN 'not_found'
                    WHEN delivered < now() - interval '2 days' THEN 'completed' ELSE 'active' END AS state
        FROM p
      ), c AS (
        INSERT INTO tracked_items (mode, tracking_no, reference, carrier, state, derived, facts, last_checked_at, last_source,
                                   next_check_at, tracking_started_at, changed_at, not_found_checks)
        SELECT 'express', ${prefix}::text || lpad(seq::text, ${digits}::int, '0') || ${suffix}::text, '', ${carrier}, state,
               CASE WHEN status IS NOT NULL THEN (${JSON.stringify(parcelTemplates(lane, service))}::jsonb -> status) || jsonb_build_object(
                 'lastEventAt', ${iso('last_event')},
                 'estimatedDelivery', ${iso('estimated')},
                 'estimatedDeliveryHistory', jsonb_build_array(jsonb_build_object(
                   'estimatedDelivery', ${iso("coalesce(estimated, delivered, last_event + interval '2 days')")},
                   'recordedAt', ${iso('coalesce(picked, started)')})),
                 'pickedUpAt', ${iso('picked')},
                 'deliveredAt', ${iso('delivered')},
                 'firstEventAt', ${iso('started')}) END,
               jsonb_build_object('service', ${service}::text), now(), 'demo',
               CASE WHEN state = 'completed' THEN ${UNKNOWN_TIME.toISOString()}::timestamptz ELSE now() + interval '1 hour' END,
               started, last_event, CASE WHEN status IS NULL THEN 6 ELSE 0 END
        FROM q
        RETURNING id, tracking_no, carrier, state, derived, tracking_started_at
      )
      INSERT INTO express_shipments (workspace_id, item_id, created_by, created_at, tracking_no, carrier, state, status,
                                     estimated_delivery, delivered_at, last_event_at, delivery_at, updated_at,
                                     archived, archived_at, favorite, favorited_at)
      SELECT ${workspaceId}, id, ${userId}, tracking_started_at, tracking_no, carrier, state, derived ->> 'status',
             (derived ->> 'estimatedDelivery')::timestamptz, (derived ->> 'deliveredAt')::timestamptz,
             (derived ->> 'lastEventAt')::timestamptz,
             coalesce((derived ->> 'deliveredAt')::timestamptz, (derived ->> 'estimatedDelivery')::timestamptz,
                      ${UNKNOWN_TIME.toISOString()}::timestamptz),
             coalesce((derived ->> 'lastEventAt')::timestamptz, tracking_started_at),
             archived, CASE WHEN archived THEN now() END, favorite, CASE WHEN favorite THEN now() END
      FROM (SELECT *, random() < 0.1 AS archived, random() < 0.02 AS favorite FROM c) c`);
  }
}

const seconds = (since: number) => (performance.now() - since) / 1000;
const round = (n: number) => Math.round(n * 100) / 100;
const machine = () =>
  `${String(os.cpus().length)} cores (${os.cpus()[0]?.model ?? '?'}), load average ${os
    .loadavg()
    .map((n) => n.toFixed(1))
    .join(' ')}`;

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
