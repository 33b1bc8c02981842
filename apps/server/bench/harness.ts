/**
 * What every API benchmark shares: a throwaway database with one signed-in user's workspace, the built
 * API listening on it, and {@link compareWithSql}, which drives an endpoint and then the same SQL
 * through a bare `pg` pool at the same concurrency, so that the API's own cost shows as a ratio that
 * holds on a noisy machine.
 *
 * To benchmark more endpoints (the dashboards, say), write a `*.bench.ts` beside this file that calls
 * {@link withBenchEnvironment} with a seed, describes its cases as {@link EndpointCase}s (the path and
 * the exact SQL its handler runs, e.g. from the service's query builders' `toSQL()`), prints
 * `markdownTable(await compareWithSql(env, cases))`, and add it to the `bench` script of
 * apps/server/package.json.
 */
import { chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import inspector from 'node:inspector/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { CURRENT_AGREEMENT_VERSION } from '@tracklane/shared/legal/user-agreement';
import { buildApp } from '../src/app';
import type { AppContext } from '../src/app-context';
import { loadConfig } from '../src/config';
import { createDatabase, type Database } from '../src/db/client';
import { startEmbeddedPostgres } from '../src/db/embedded';
import { runMigrations } from '../src/db/migrate';
import { users, type UserRow } from '../src/db/schema/users';
import { createRealtimeHub } from '../src/integrations/realtime/realtime-hub';
import { createLocalStorage } from '../src/integrations/storage/file-storage';
import { startJobQueue } from '../src/jobs/queue';
import { createLogger } from '../src/lib/logger';
import { loadAuthKey } from '../src/lib/password-crypto';
import { createSession } from '../src/modules/auth/sessions';
import { createPersonalOrganization } from '../src/modules/organizations/organizations.service';
import { saveSelection } from '../src/tenancy/selection';
import { machine, percentiles, round } from './report';
import { createTrackingWithConnections } from '../src/modules/tracking/tracking-engine';
import { ITEMS_CHANGED_SUBSCRIBERS } from '../src/items-changed-subscribers';

/** Seconds per case (`BENCH_SECONDS`), for the API and again for its SQL. */
export const DURATION_S = Number(process.env.BENCH_SECONDS ?? 8);
/** Concurrent connections to the API, and concurrent loops of its SQL. */
export const CONNECTIONS = 10;
/** The pool both the API and the bare SQL use. */
const POOL_SIZE = 20;
/** How long the SQL of a case also runs alone, one query after the other (the latency floor). */
const ALONE_MS = 3000;
const EXPLAIN = Boolean(process.env.BENCH_EXPLAIN);
/** Keep the seeded database afterwards (with BENCH_DATABASE_URL), e.g. to try query plans by hand. */
const KEEP = Boolean(process.env.BENCH_KEEP_DATABASE);
const quiet = { info: () => undefined, warn: console.warn, debug: () => undefined, error: console.error };

export interface BoundSql {
  sql: string;
  params: unknown[];
}

/** What a benchmark gets: the database, the listening API and a signed-in user's workspace. */
export interface BenchEnvironment {
  db: Database;
  pool: pg.Pool;
  ctx: AppContext;
  /** `http://127.0.0.1:port` of the API. */
  base: string;
  /** The Cookie header of the user's session, whose selected workspace is `workspaceId`. */
  cookie: string;
  user: UserRow;
  workspaceId: string;
}

/** A throwaway database for a benchmark, migrated, and a scratch directory. */
export interface BenchDatabase {
  db: Database;
  pool: pg.Pool;
  /** Its connection string. */
  url: string;
  /** A scratch directory (the app's data directory), removed afterwards. */
  dir: string;
  /** `BENCH_DATABASE_URL` was given: the database lives on that server. */
  external: boolean;
}

/**
 * Runs `work` on a new database (embedded PostgreSQL, or a new database on `BENCH_DATABASE_URL`),
 * migrated; drops it afterwards unless `BENCH_KEEP_DATABASE` is set on an external server.
 */
export async function withBenchDatabase(
  name: string,
  work: (database: BenchDatabase) => Promise<void>,
): Promise<void> {
  console.log(machine());
  const dir = await mkdtemp(path.join(os.tmpdir(), `tracklane-bench-${name}-`));
  await chmod(dir, 0o755);
  let adminUrl = process.env.BENCH_DATABASE_URL;
  const embedded = adminUrl
    ? null
    : await startEmbeddedPostgres({ dataDir: path.join(dir, 'pg'), logger: quiet, persistent: false });
  adminUrl ??= embedded!.adminUrl;
  const dbName = `tracklane_bench_${name}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${dbName}`);
  const url = new URL(adminUrl);
  url.pathname = `/${dbName}`;
  const { db, pool } = createDatabase(url.toString(), POOL_SIZE);
  try {
    await runMigrations(pool);
    await work({ db, pool, url: url.toString(), dir, external: !embedded });
  } finally {
    await pool.end();
    if (KEEP && !embedded) console.log(`Kept the database: ${url.toString()}`);
    else await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await admin.end();
    await embedded?.stop();
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * The production app's context on a bench database (no rate limit, silent logs, its job queue and
 * realtime hub started); `close` stops what it started.
 */
export async function benchContext(
  database: BenchDatabase,
  options: { serveWeb?: boolean } = {},
): Promise<{ ctx: AppContext; close: () => Promise<void> }> {
  const config = {
    ...loadConfig({
      NODE_ENV: 'production',
      LOG_LEVEL: 'silent',
      RATE_LIMIT_PER_MINUTE: '100000000',
      SERVE_WEB: options.serveWeb ? 'true' : 'false',
      // Another build of the web app to serve (to compare two builds on one machine).
      ...(process.env.BENCH_WEB_DIST ? { WEB_DIST_DIR: process.env.BENCH_WEB_DIST } : {}),
    }),
    dataDir: database.dir,
  };
  const logger = createLogger(config);
  const jobs = await startJobQueue(database.url, logger);
  const realtime = createRealtimeHub(database.url, logger);
  await realtime.ready;
  const ctx: AppContext = {
    config,
    db: database.db,
    pool: database.pool,
    logger,
    jobs,
    realtime,
    authKey: await loadAuthKey({ dataDir: database.dir }),
    storage: createLocalStorage(path.join(database.dir, 'uploads')),
    ...createTrackingWithConnections({
      db: database.db,
      pool: database.pool,
      jobs,
      config,
      logger,
      onItemsChanged: ITEMS_CHANGED_SUBSCRIBERS,
    }),
  };
  return {
    ctx,
    close: async () => {
      await realtime.close();
      await jobs.boss.stop({ graceful: false }).catch(() => undefined);
    },
  };
}

/** The bench's one verified user who agreed to the terms, with their own organization. */
export async function createBenchUser(db: Database) {
  const [user] = await db
    .insert(users)
    .values({
      email: 'bench@example.com',
      passwordHash: 'x',
      firstName: 'Bench',
      lastName: 'User',
      emailVerifiedAt: new Date(),
      agreedAt: new Date(),
      agreementVersion: CURRENT_AGREEMENT_VERSION,
    })
    .returning();
  return { user: user!, home: await createPersonalOrganization(db, user!) };
}

/**
 * Runs `bench` against a throwaway database ({@link withBenchDatabase}), seeded by `seed` and vacuumed,
 * with the production API listening on it.
 */
export async function withBenchEnvironment(
  seed: (db: Database, workspaceId: string, userId: string) => Promise<void>,
  bench: (env: BenchEnvironment) => Promise<void>,
  options: { serveWeb?: boolean } = {},
): Promise<void> {
  await withBenchDatabase('api', async (database) => {
    const { db, pool } = database;
    const { user, home } = await createBenchUser(db);
    await seed(db, home.workspaceId, user.id);
    // What autovacuum does in production: statistics, and a visibility map for index-only scans.
    await db.execute(sql`VACUUM ANALYZE`);

    const { ctx, close } = await benchContext(database, options);
    const session = await createSession(db, user.id, { ip: '127.0.0.1', userAgent: 'bench' });
    await saveSelection(db, session.id, home);
    const app = await buildApp(ctx);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${String((app.server.address() as { port: number }).port)}`;
    try {
      await bench({
        db,
        pool,
        ctx,
        base,
        cookie: `tl_session=${session.token}`,
        user,
        workspaceId: home.workspaceId,
      });
    } finally {
      await app.close();
      await close();
    }
    console.log(machine());
  });
}

/** One endpoint call and the SQL its handler runs for it (run in parallel, as the handler does). */
export interface EndpointCase {
  name: string;
  /** Path and query string, e.g. `/api/shipments/ocean?limit=50`. */
  path: string;
  sql: BoundSql[];
}

export interface CaseResult {
  case: string;
  /** Rows the first query returns (a page): a case that finds nothing measures nothing. */
  rows: number;
  'api req/s': number;
  'sql req/s': number;
  'api÷sql req/s': number;
  'api p50 ms': number;
  'api p95 ms': number;
  'sql p50 ms': number;
  'sql p95 ms': number;
  'api÷sql p50': number;
  /** The SQL alone, one call after the other: the floor a request cannot go below. */
  'alone p50 ms': number;
  /** The API's p50 at 10 connections over the SQL's p50 alone (one query after the other). */
  'api÷alone p50': number;
  /** The API with one connection, one request after the other: its own latency floor. */
  'api alone p50 ms': number;
  /** The same, p95: what one user waits for on a server that is not busy with others. */
  'api alone p95 ms': number;
  /** Request overhead without queueing: the API alone over the SQL alone. */
  'api÷sql alone p50': number;
  errors: number;
}

/**
 * Each case through the API (autocannon, {@link CONNECTIONS} connections, after a warm-up), then its
 * SQL through the same pool from {@link CONNECTIONS} concurrent loops for as long, then each alone (one
 * request or call after the other).
 */
export async function compareWithSql(env: BenchEnvironment, cases: EndpointCase[]): Promise<CaseResult[]> {
  // Warm-up, not reported: the first case would otherwise carry JIT compilation and cold caches.
  if (cases[0]) await driveApi(env, cases[0].path, Math.min(2, DURATION_S));
  const results: CaseResult[] = [];
  for (const c of cases) {
    if (EXPLAIN) {
      console.log(`\n${c.name}: ${c.path}`);
      for (const query of c.sql) {
        const plan = await env.pool.query(`EXPLAIN (ANALYZE, BUFFERS) ${query.sql}`, query.params);
        console.log(plan.rows.map((r: Record<string, string>) => r['QUERY PLAN']).join('\n'));
      }
    }
    const api = await profiled(c.name, () => driveApi(env, c.path, DURATION_S));
    const together = await driveSql(env.pool, c.sql, CONNECTIONS, DURATION_S * 1000);
    const alone = await driveSql(env.pool, c.sql, 1, ALONE_MS);
    const apiAlone = await driveApi(env, c.path, ALONE_MS / 1000, 1);
    results.push({
      case: c.name,
      rows: together.rows,
      'api req/s': Math.round(api.perSecond),
      'sql req/s': Math.round(together.perSecond),
      'api÷sql req/s': round(api.perSecond / together.perSecond),
      'api p50 ms': round(api.p50),
      'api p95 ms': round(api.p95),
      'sql p50 ms': round(together.p50),
      'sql p95 ms': round(together.p95),
      'api÷sql p50': round(api.p50 / Math.max(together.p50, 0.01)),
      'alone p50 ms': round(alone.p50),
      'api÷alone p50': round(api.p50 / Math.max(alone.p50, 0.01)),
      'api alone p50 ms': round(apiAlone.p50),
      'api alone p95 ms': round(apiAlone.p95),
      'api÷sql alone p50': round(apiAlone.p50 / Math.max(alone.p50, 0.01)),
      errors: api.errors + apiAlone.errors,
    });
  }
  return results;
}

interface Run {
  perSecond: number;
  p50: number;
  p95: number;
}

/** A directory for a CPU profile of the API's thread during each case (`BENCH_CPU_PROFILE`). */
const PROFILE_DIR = process.env.BENCH_CPU_PROFILE;

/**
 * Runs `work` under V8's CPU profiler when {@link PROFILE_DIR} is set, writing `<case>.cpuprofile`
 * there (open it in Chrome DevTools or speedscope): the load generator runs in its own thread, so the
 * profile is the API's work (and the pool's) alone.
 */
async function profiled<T>(name: string, work: () => Promise<T>): Promise<T> {
  if (!PROFILE_DIR) return work();
  const session = new inspector.Session();
  session.connect();
  try {
    await session.post('Profiler.enable');
    await session.post('Profiler.start');
    const result = await work();
    const { profile } = await session.post('Profiler.stop');
    await mkdir(PROFILE_DIR, { recursive: true });
    await writeFile(
      path.join(PROFILE_DIR, `${name.replace(/[^a-z0-9]+/gi, '-')}.cpuprofile`),
      JSON.stringify(profile),
    );
    return result;
  } finally {
    session.disconnect();
  }
}

/**
 * The endpoint under load from autocannon in a worker thread (bench/load-client.mjs); latencies are
 * taken from every response, so p95 is exact.
 */
function driveApi(
  env: BenchEnvironment,
  path: string,
  seconds: number,
  connections = CONNECTIONS,
): Promise<Run & { errors: number }> {
  const worker = new Worker(new URL('./load-client.mjs', import.meta.url), {
    workerData: {
      url: `${env.base}${path}`,
      headers: { cookie: env.cookie },
      connections,
      duration: seconds,
    },
  });
  return new Promise<Run & { errors: number }>((resolve, reject) => {
    worker.once('error', reject);
    worker.once('message', (answer: { error: string } | { latencies: number[]; errors: number }) => {
      if ('error' in answer) return reject(new Error(answer.error));
      resolve({
        ...percentiles(answer.latencies),
        perSecond: answer.latencies.length / seconds,
        errors: answer.errors,
      });
    });
  }).finally(() => void worker.terminate());
}

/** The queries of one request, in parallel, from `loops` concurrent loops until the time is up. */
async function driveSql(
  pool: pg.Pool,
  queries: BoundSql[],
  loops: number,
  ms: number,
): Promise<Run & { rows: number }> {
  const latencies: number[] = [];
  let rows = 0;
  const started = performance.now();
  const deadline = started + ms;
  await Promise.all(
    Array.from({ length: loops }, async () => {
      while (performance.now() < deadline) {
        const t0 = performance.now();
        const answers = await Promise.all(queries.map((q) => pool.query(q.sql, q.params)));
        latencies.push(performance.now() - t0);
        rows = answers[0]?.rowCount ?? 0;
      }
    }),
  );
  return {
    ...percentiles(latencies),
    perSecond: latencies.length / ((performance.now() - started) / 1000),
    rows,
  };
}

/** A query string as the API's query schemas take it: a repeated parameter (`cf`) as a list. */
export const queryOf = (qs: string) => {
  const query: Record<string, string | string[]> = {};
  for (const [key, value] of new URLSearchParams(qs)) {
    const had = query[key];
    query[key] = had === undefined ? value : [...(Array.isArray(had) ? had : [had]), value];
  }
  return query;
};
