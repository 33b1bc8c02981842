/**
 * `npm run bench`: the list endpoint and the dashboard of every tracking mode (ocean, express) at 100,000
 * shipments each in one workspace, beside the same SQL through a bare `pg` pool at the same concurrency
 * (see harness.ts). The refresh's throughput is refresh.bench.ts.
 */
import { performance } from 'node:perf_hooks';
import type pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import { expressListQuerySchema } from '@tracklane/shared/tracking/express/express-shipments.schema';
import { oceanListQuerySchema } from '@tracklane/shared/tracking/ocean/ocean-shipments.schema';
import { TRACKING_MODES, type TrackingMode } from '@tracklane/shared/tracking/tracking-modes';
import type { Database } from '../src/db/client';
import * as schema from '../src/db/schema';
import { expressShipments, oceanShipments } from '../src/db/schema';
import { customListConditions } from '../src/modules/custom-fields/custom-field-values.service';
import { encodeCursor } from '../src/lib/keyset-cursor';
import { oceanDashboard } from '../src/modules/ocean-shipments/ocean-dashboard';
import { expressDashboard } from '../src/modules/express-shipments/express-dashboard';
import { expressListQuery } from '../src/modules/express-shipments/express-shipments.service';
import { oceanListQuery } from '../src/modules/ocean-shipments/ocean-shipments.service';
import type { ListReader } from '../src/modules/shipment-favorites/shipment-favorites.service';
import {
  compareWithSql,
  CONNECTIONS,
  queryOf,
  DURATION_S,
  withBenchEnvironment,
  type BoundSql,
  type EndpointCase,
} from './harness';
import { markdownTable, seconds } from './report';
import { seedExpress, seedOcean } from './seed';

/** Shipments per mode. */
const SHIPMENTS = Number(process.env.BENCH_SHIPMENTS ?? 100_000);
/** Which modes to run, e.g. `express` (default: all). */
const MODES = (process.env.BENCH_MODES ?? TRACKING_MODES.join(',')).split(',').map((m) => m.trim());
const PAGE = 50;
const DEEP_ROW = Math.floor(SHIPMENTS / 2);

/** A list page query of the API, unexecuted: its SQL, or its rows from an offset (the deep cursor). */
interface PageQuery {
  toSQL(): BoundSql;
  offset(rows: number): PromiseLike<{ s: { createdAt: Date; id: string } }[]>;
}

/** What the benchmark needs to know of a mode; everything else is shared. */
interface ListBench {
  mode: TrackingMode;
  path: string;
  seed: typeof seedOcean;
  /**
   * The API's page query for a query string (parsed by the route's own schema): the page's rows and the
   * tab counts in one statement (the counts alone are asked only for a page without rows).
   */
  pageQuery(db: Database, reader: ListReader, qs: string): Promise<{ query: PageQuery }>;
  /** Cases as name and query string (the page size is added); `deep` is a cursor at DEEP_ROW. */
  cases(deep: string): [string, string][];
  /** The mode's dashboard endpoint and the service behind it. */
  dashboard: { path: string; run(db: Database, workspaceId: string, now: Date): Promise<unknown> };
}

const ocean: ListBench = {
  mode: 'ocean',
  path: '/api/shipments/ocean',
  seed: seedOcean,
  // Wrapped: a query builder is a thenable that awaiting would run.
  pageQuery: async (db, reader, qs) => {
    const query = oceanListQuerySchema.parse(queryOf(qs));
    const { search } = await customListConditions(db, reader.workspaceId, oceanShipments, [], query.search);
    return { query: oceanListQuery(db, reader, query, new Date(), [], undefined, search).query };
  },
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
  pageQuery: async (db, reader, qs) => {
    const query = expressListQuerySchema.parse(queryOf(qs));
    const { search } = await customListConditions(db, reader.workspaceId, expressShipments, [], query.search);
    return { query: expressListQuery(db, reader, query, new Date(), [], undefined, search).query };
  },
  cases: (deep) => [
    ['first page', ''],
    [`deep page (row ${DEEP_ROW.toLocaleString('en')})`, `cursor=${deep}`],
    ['filtered (carrier, 17%)', 'carrier=dhl_express'],
    ['filtered (status, 4%)', 'parcelStatus=exception'],
    // The user's own favourites (2% of the parcels, seedExpress).
    ['favourites (2%)', 'favorite=true'],
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
  const seed = async (db: Database, workspaceId: string, userId: string) => {
    for (const bench of BENCHES) {
      const t0 = performance.now();
      await bench.seed(db, workspaceId, userId, SHIPMENTS);
      console.log(
        `Seeded ${SHIPMENTS.toLocaleString('en')} ${bench.mode} shipments in ${seconds(t0).toFixed(0)} s`,
      );
    }
  };
  await withBenchEnvironment(seed, async (env) => {
    for (const bench of BENCHES) {
      console.log(
        `\n${bench.mode}: GET ${bench.path}, ${String(DURATION_S)} s per case, ${String(CONNECTIONS)} connections`,
      );
      console.log(
        markdownTable(
          await compareWithSql(
            env,
            await listCases(bench, env.db, { workspaceId: env.workspaceId, userId: env.user.id }),
          ),
        ),
      );
    }
    console.log(`\ndashboards: GET /api/dashboard/{mode}, ${String(DURATION_S)} s each`);
    console.log(
      markdownTable(
        await compareWithSql(
          env,
          await Promise.all(BENCHES.map((bench) => dashboardCase(bench, env.pool, env.workspaceId))),
        ),
      ),
    );
  });
}

/** A mode's cases with the exact SQL the API runs for each (its page query with the tab counts). */
async function listCases(bench: ListBench, db: Database, reader: ListReader): Promise<EndpointCase[]> {
  // The deep cursor is the one the API would hand out after row DEEP_ROW of the default order.
  const [deep] = await (await bench.pageQuery(db, reader, 'limit=1')).query.offset(DEEP_ROW);
  if (!deep) throw new Error(`${bench.mode}: fewer than ${String(DEEP_ROW)} active shipments`);
  return Promise.all(
    bench.cases(encodeCursor(deep.s.createdAt, deep.s.id, 'created_desc')).map(async ([name, params]) => {
      const qs = [`limit=${String(PAGE)}`, params].filter(Boolean).join('&');
      return {
        name,
        path: `${bench.path}?${qs}`,
        sql: [(await bench.pageQuery(db, reader, qs)).query.toSQL()],
      };
    }),
  );
}

/**
 * A dashboard's case: every statement the service sends for one answer, captured through a logging
 * client (the service sends its independent statements at once, as the harness replays them).
 */
async function dashboardCase(bench: ListBench, pool: pg.Pool, workspaceId: string): Promise<EndpointCase> {
  const statements: BoundSql[] = [];
  const capturing = drizzle(pool, {
    schema,
    logger: { logQuery: (query, params) => statements.push({ sql: query, params }) },
  });
  await bench.dashboard.run(capturing, workspaceId, new Date());
  return { name: `${bench.mode} dashboard`, path: bench.dashboard.path, sql: statements };
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
