/**
 * `npm run bench`: the ocean list endpoint at 100,000 shipments in one workspace, and the refresh job's
 * throughput. Each endpoint figure stands beside the same SQL run through a bare `pg` client in the
 * same run: on a noisy machine the ratio (API overhead) is the number to watch.
 */
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { oceanListQuerySchema } from '@tracklane/shared/ocean-shipments/ocean-shipments.schema';
import { buildApp } from '../src/app';
import type { AppContext } from '../src/app-context';
import { loadConfig } from '../src/config';
import { createDatabase } from '../src/db/client';
import { startEmbeddedPostgres } from '../src/db/embedded';
import { runMigrations } from '../src/db/migrate';
import { createRealtimeHub } from '../src/integrations/realtime/realtime-hub';
import { createLocalStorage } from '../src/integrations/storage/file-storage';
import { startJobQueue } from '../src/jobs/queue';
import { createLogger } from '../src/lib/logger';
import { loadAuthKey } from '../src/lib/password-crypto';
import { createSession } from '../src/modules/auth/sessions';
import { encodeCursor } from '../src/lib/keyset-cursor';
import { oceanListQuery } from '../src/modules/ocean-shipments/ocean-shipments.service';
import { createPersonalOrganization } from '../src/modules/organizations/organizations.service';
import { saveSelection } from '../src/modules/organizations/selection';
import { refreshItem } from '../src/modules/tracking/refresh.service';
import { createTrackingEngine } from '../src/modules/tracking/tracking-engine';
import { users } from '../src/db/schema/users';

const SHIPMENTS = Number(process.env.BENCH_SHIPMENTS ?? 100_000);
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 8);
const REFRESH_SAMPLE = 2_000;
const quiet = { info: () => undefined, warn: console.warn, debug: () => undefined, error: console.error };

async function main() {
  const dir = await mkdtemp(path.join(tmpdir(), 'tracklane-bench-'));
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
    console.log(`Seeding ${SHIPMENTS.toLocaleString('en')} ocean shipments…`);
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
    await seed(db, home.workspaceId, user!.id);

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
    const cookie = `tl_session=${session.token}`;
    const app = await buildApp(ctx);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${String((app.server.address() as { port: number }).port)}`;

    const deep = await db.execute<{ created_at: Date; id: string }>(sql`
      SELECT created_at, id FROM ocean_shipments WHERE workspace_id = ${home.workspaceId} AND NOT archived
      ORDER BY created_at DESC, id DESC OFFSET ${Math.floor(SHIPMENTS / 2)} LIMIT 1`);
    const deepCursor = encodeCursor(new Date(deep.rows[0]!.created_at), deep.rows[0]!.id);
    const cases: [string, string][] = [
      ['first page', 'limit=50'],
      [`deep page (row ${String(Math.floor(SHIPMENTS / 2))})`, `limit=50&cursor=${deepCursor}`],
      ['filtered (POL)', 'limit=50&pol=CNSHA'],
      ['sorted (arrival)', 'limit=50&sort=arrival_asc'],
      ['search (prefix)', 'limit=50&search=MSCU10'],
    ];

    const rows: Record<string, string | number>[] = [];
    for (const [name, qs] of cases) {
      const api = await autocannon({
        url: `${base}/api/shipments/ocean?${qs}`,
        headers: { cookie },
        connections: 10,
        duration: DURATION_S,
      });
      const query = oceanListQuerySchema.parse(Object.fromEntries(new URLSearchParams(qs)));
      const pageSql = oceanListQuery(db, home.workspaceId, query).toSQL();
      if (process.env.BENCH_EXPLAIN) {
        const plan = await pool.query(`EXPLAIN (ANALYZE, BUFFERS) ${pageSql.sql}`, pageSql.params);
        console.log(`\n${name}\n${plan.rows.map((r: Record<string, string>) => r['QUERY PLAN']).join('\n')}`);
        const countPlan = await pool.query(`EXPLAIN ANALYZE ${countTabsSql(home.workspaceId).sql}`, [
          home.workspaceId,
        ]);
        console.log(countPlan.rows.map((r: Record<string, string>) => r['QUERY PLAN']).join('\n'));
      }
      const bare = await bareSql(pool, pageSql, home.workspaceId);
      rows.push({
        case: name,
        'api p50 ms': api.latency.p50,
        'api p97.5 ms': api.latency.p97_5,
        'api req/s': Math.round(api.requests.average),
        'sql p50 ms': round(bare.p50),
        'sql p95 ms': round(bare.p95),
        'api/sql p50': round(api.latency.p50 / Math.max(bare.p50, 0.01)),
        errors: api.errors + api.non2xx,
      });
    }
    console.table(rows);

    // Refresh throughput: the demo carrier through storage, derivation and change detection.
    const ids = await db.execute<{ id: string }>(
      sql`SELECT id FROM tracked_items WHERE mode = 'ocean' ORDER BY random() LIMIT ${REFRESH_SAMPLE}`,
    );
    const started = performance.now();
    let next = 0;
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        while (next < ids.rows.length) {
          const { id } = ids.rows[next++]!;
          await refreshItem(ctx, ctx.tracking, id, new Date());
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `refresh: ${String(ids.rows.length)} containers in ${seconds.toFixed(1)} s = ${(ids.rows.length / seconds).toFixed(0)} containers/s (8 concurrent)`,
    );
    await app.close();
    await realtime.close();
    await jobs.boss.stop({ graceful: false, wait: true });
  } finally {
    await pool.end();
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await admin.end();
    await embedded?.stop();
    await rm(dir, { recursive: true, force: true });
  }
}

/** The API's own SQL (page query and tab counts), timed through a bare client, sequentially. */
async function bareSql(pool: pg.Pool, page: { sql: string; params: unknown[] }, workspaceId: string) {
  const counts = countTabsSql(workspaceId);
  const client = await pool.connect();
  const times: number[] = [];
  try {
    const deadline = performance.now() + 3000;
    while (performance.now() < deadline) {
      const t0 = performance.now();
      await client.query(page.sql, page.params);
      await client.query(counts.sql, counts.params);
      times.push(performance.now() - t0);
    }
  } finally {
    client.release();
  }
  times.sort((a, b) => a - b);
  return { p50: times[Math.floor(times.length * 0.5)]!, p95: times[Math.floor(times.length * 0.95)]! };
}

/** The tab counts query (countTabs), as SQL. */
function countTabsSql(workspaceId: string) {
  return {
    sql: 'SELECT workspace_id, active, archived FROM ocean_shipment_counts WHERE workspace_id = $1',
    params: [workspaceId],
  };
}

/** Inserts containers with realistic derived data and their subscriptions, in SQL for speed. */
async function seed(db: ReturnType<typeof createDatabase>['db'], workspaceId: string, userId: string) {
  const lanes = [
    ['CNSHA', 'NLRTM'],
    ['CNNGB', 'DEHAM'],
    ['CNYTN', 'USLAX'],
    ['KRPUS', 'USSEA'],
    ['SGSIN', 'BEANR'],
    ['VNCMT', 'USSAV'],
  ];
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
  for (const [i, [pol, pod]] of lanes.entries()) {
    const share = Math.ceil(SHIPMENTS / lanes.length);
    const from = i * share;
    const to = Math.min(SHIPMENTS, from + share) - 1;
    if (from > to) continue;
    await db.execute(sql`
      WITH c AS (
        INSERT INTO tracked_items (mode, tracking_no, reference, carrier, state, derived, last_checked_at, last_source, next_check_at, tracking_started_at)
        SELECT 'ocean', 'MSCU' || lpad(g::text, 7, '0'), 'MEDU' || lpad(g::text, 9, '0'), 'MSCU', 'active', ${derived(pol!, pod!)}::jsonb, now(), 'demo',
               now() + interval '1 hour', now() - (g % 40) * interval '1 day'
        FROM generate_series(${from}::int, ${to}::int) g
        RETURNING id, tracking_no AS container_no, reference AS mbl_no
      )
      INSERT INTO ocean_shipments (workspace_id, item_id, created_by, created_at, container_no, mbl_no, carrier_scac, state, status,
                                   pol_locode, pod_locode, vessel_name, atd, eta, arrival_at, departure_at, archived)
      SELECT ${workspaceId}, c.id, ${userId}, now() - (random() * interval '90 days'), c.container_no, c.mbl_no, 'MSCU', 'active', 'in_transit',
             ${pol}, ${pod}, 'EVER ACE', now() - interval '10 days', eta, eta, now() - interval '10 days', random() < 0.1
      FROM (SELECT *, now() + (random() * interval '40 days') AS eta FROM c) c`);
  }
  // What autovacuum does in production: statistics, and a visibility map for index-only counts.
  await db.execute(sql`VACUUM ANALYZE`);
}

const round = (n: number) => Math.round(n * 100) / 100;

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
