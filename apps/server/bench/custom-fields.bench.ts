/**
 * `npm run bench`: the lists filtered and searched by custom fields (ADR 0051) in one workspace of
 * 100,000 containers and 100,000 parcels (`BENCH_SHIPMENTS` each) with 20 custom fields of every type
 * (seed.ts, SEEDED_FIELDS: about 11 value rows per shipment). Each case is a list request through the
 * API beside the exact statement it runs (see harness.ts): a text field's value, choices (any of), a
 * number range, a date range and the list search by the start of a text value, on the first page and on
 * a later one (a cursor into the matches, as the list's "load more" sends). Then the lists sorted by a
 * custom field or a reference (ADR 0054; SORT_CASES), on the first page and deep ones, beside the same
 * page computed per row (the sort without its index walk). `BENCH_CF_CASES=filters` or `sorts` runs
 * one kind alone.
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import type { Pool } from 'pg';
import { expressListQuerySchema } from '@tracklane/shared/tracking/express/express-shipments.schema';
import { oceanListQuerySchema } from '@tracklane/shared/tracking/ocean/ocean-shipments.schema';
import { TRACKING_MODES, type TrackingMode } from '@tracklane/shared/tracking/tracking-modes';
import type { Database } from '../src/db/client';
import { customFieldValues, expressShipments, oceanShipments } from '../src/db/schema';
import { encodeCursor, type KeysetSort } from '../src/lib/keyset-cursor';
import { customListConditions } from '../src/modules/custom-fields/custom-field-values.service';
import { createCustomField } from '../src/modules/custom-fields/custom-fields.service';
import {
  expressListQuery,
  expressListSort,
  readExpressListRows,
} from '../src/modules/express-shipments/express-shipments.service';
import {
  oceanListQuery,
  oceanListSort,
  readOceanListRows,
} from '../src/modules/ocean-shipments/ocean-shipments.service';
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
import type { StatementTrace } from '../src/modules/custom-fields/custom-field-list-page';
import { SEEDED_FIELDS, seedCustomFieldValues, seedExpress, seedOcean } from './seed';

/** Shipments per mode. */
const SHIPMENTS = Number(process.env.BENCH_SHIPMENTS ?? 100_000);
/** Which modes to run, e.g. `ocean` (default: all). */
const MODES = (process.env.BENCH_MODES ?? TRACKING_MODES.join(',')).split(',').map((m) => m.trim());
const PAGE = 50;
/** Which kinds of case to run: `filters`, `sorts` (default: both). */
const KINDS = (process.env.BENCH_CF_CASES ?? 'filters,sorts').split(',').map((k) => k.trim());

/** A case: its query string, with `{Field name}` standing for that field's id. */
interface CfCase {
  name: string;
  qs: string;
  /**
   * Roughly the share of the list's rows it matches: the later page starts halfway through them (at
   * least on page 2); none when they fit on one page.
   */
  share: number;
}

/**
 * A mode's cases; the parcels' POs are numbered from BENCH_SHIPMENTS, and were added in the last few
 * weeks (seedExpress), so their date range is a week two weeks back. `listedPo` is a PO of a shipment
 * in the list's tab (poInList).
 */
const CASES = (mode: TrackingMode, poBase: number, listedPo: string): CfCase[] => {
  const po = (n: number) => `PO-${String(poBase + n).padStart(7, '0')}`;
  const [from, to] = mode === 'ocean' ? [67, 60] : [17, 10];
  return [
    // One shipment, typed in lower case (the filter ignores case).
    { name: 'text equals (PO, 1 match)', qs: `cf={PO number}:${listedPo.toLowerCase()}`, share: 0 },
    { name: 'text equals (cost center, 0.5%)', qs: 'cf={Cost center}:CC-042', share: 0.005 },
    { name: 'choice any of (priority High or Urgent, 24%)', qs: 'cf={Priority}:High,Urgent', share: 0.24 },
    { name: 'choice any of (one customer, 4%)', qs: 'cf={Customer}:Alpine Ski House', share: 0.04 },
    { name: 'multiple choice any of (Hazardous, 9%)', qs: 'cf={Handling}:Hazardous', share: 0.09 },
    { name: 'number range (weight 10–11 t, 3%)', qs: 'cf={Gross weight (kg)}:10000..11000', share: 0.03 },
    // Ocean: booked 60–67 days ago, shipments added about two months ago, deep in the list's order.
    {
      name: `date range (booked ${String(from)}–${String(to)} days ago)`,
      qs: `cf={Booked on}:${daysAgo(from)}..${daysAgo(to)}`,
      share: mode === 'ocean' ? 0.07 : 0.1,
    },
    {
      name: 'date range, open (appointment from today, 17%)',
      qs: `cf={Delivery appointment}:${daysAgo(0)}..`,
      share: 0.17,
    },
    {
      name: 'two filters (a customer and weight from 20 t, 6%)',
      qs: 'cf={Customer}:Northwind Traders&cf={Gross weight (kg)}:20000..',
      share: 0.06,
    },
    // 100 POs, 95 of them filled; then 1,000 (1,000 to 1,999).
    { name: 'search PO prefix (95 matches)', qs: `search=${po(1200).slice(0, -2)}`, share: 95 / SHIPMENTS },
    {
      name: 'search PO prefix (950 matches)',
      qs: `search=${po(1000).slice(0, -3)}`,
      share: 950 / SHIPMENTS,
    },
    { name: 'search, nothing matches', qs: 'search=ZZ-NOPE', share: 0 },
    // Every PO of the mode: the list walks its order.
    { name: 'search PO prefix (every PO)', qs: `search=${po(0).slice(0, -5)}`, share: 0.95 },
  ];
};

/**
 * A PO number of a shipment the list shows (its default tab): the shipment numbered 1,234 from the
 * mode's base (seedCustomFieldValues numbers them in id order) or, when that one is archived or not
 * found, the next in that order that is listed.
 */
async function poInList(db: Database, mode: TrackingMode, fieldId: string, poBase: number) {
  const table = mode === 'ocean' ? oceanShipments : expressShipments;
  const listed =
    mode === 'ocean' ? sql`NOT ${oceanShipments.archived}` : sql`${expressShipments.tab} = 'active'`;
  const { rows } = await db.execute<{ po: string }>(sql`
    SELECT v.text_value AS po FROM ${customFieldValues} v JOIN ${table} ON ${table.id} = v.subscription_id
    WHERE v.field_id = ${fieldId} AND ${listed} AND v.text_value >= ${`PO-${String(poBase + 1234).padStart(7, '0')}`}
    ORDER BY v.text_value LIMIT 1`);
  if (!rows[0]) throw new Error(`No ${mode} shipment in the list has a PO number`);
  return rows[0].po;
}

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

interface PageQuery {
  toSQL(): BoundSql;
  offset(rows: number): PromiseLike<{ s: { createdAt: Date; id: string }; o: { sortValue: unknown } }[]>;
}

/**
 * The statements a list request runs after resolving its custom field conditions, as it runs them
 * (the page, and a window's end where a condition walks the list), the page the answer's first.
 */
async function traced(read: (trace: StatementTrace) => Promise<unknown>): Promise<BoundSql[]> {
  const statements: BoundSql[] = [];
  await read((statement) => statements.push(statement.toSQL()));
  return [statements.at(-1)!, ...statements.slice(0, -1)];
}

/**
 * A mode's list: its path, a page query for a query string (`cf` resolved as the route does, each
 * condition reading its matches by id: the same rows; one the bench can OFFSET to find a later page's
 * row) and the statements the API runs for it.
 */
const LISTS: Record<
  TrackingMode,
  {
    path: string;
    /** `computed`: a column sort without its index walk (each row's value computed, then sorted). */
    pageQuery(
      db: Database,
      reader: ListReader,
      qs: string,
      computed?: boolean,
    ): Promise<{ query: PageQuery }>;
    statements(db: Database, reader: ListReader, qs: string): Promise<BoundSql[]>;
  }
> = {
  ocean: {
    path: '/api/shipments/ocean',
    pageQuery: async (db, reader, qs, computed = false) => {
      const query = oceanListQuerySchema.parse(queryOf(qs));
      const { byId } = await customListConditions(
        db,
        reader.workspaceId,
        oceanShipments,
        query.cf,
        query.search,
      );
      const sort = perRow(await oceanListSort(db, reader.workspaceId, query.sort), computed);
      // Wrapped: a query builder is a thenable that awaiting would run.
      return {
        query: oceanListQuery(db, reader, query, new Date(), byId.filters, sort, byId.search, false).query,
      };
    },
    statements: (db, reader, qs) =>
      traced((trace) =>
        readOceanListRows(db, reader, oceanListQuerySchema.parse(queryOf(qs)), new Date(), { trace }),
      ),
  },
  express: {
    path: '/api/shipments/express',
    pageQuery: async (db, reader, qs, computed = false) => {
      const query = expressListQuerySchema.parse(queryOf(qs));
      const { byId } = await customListConditions(
        db,
        reader.workspaceId,
        expressShipments,
        query.cf,
        query.search,
      );
      const sort = perRow(await expressListSort(db, reader.workspaceId, query.sort), computed);
      return {
        query: expressListQuery(db, reader, query, new Date(), byId.filters, sort, byId.search, false).query,
      };
    },
    statements: (db, reader, qs) =>
      traced((trace) =>
        readExpressListRows(db, reader, expressListQuerySchema.parse(queryOf(qs)), new Date(), { trace }),
      ),
  },
};

const perRow = (sort: KeysetSort, computed: boolean): KeysetSort =>
  computed ? { ...sort, walk: undefined } : sort;

/**
 * The sorts measured: a choice (70% filled, four values: long ties), a date (85%) and the booking
 * number (90%, seedBookings), and a deep page of each: halfway, and in the rows without a value.
 */
const SORT_CASES = [
  { name: 'choice (Priority)', sort: 'cf.{Priority}' },
  { name: 'date (Booked on)', sort: 'cf.{Booked on}' },
  { name: 'booking number', sort: 'ref.booking' },
  // A multiple choice (30%, its joined choices kept by migration 0040).
  { name: 'multiple choice (Teams)', sort: 'cf.{Teams}' },
];

/** Booking numbers on 90% of the mode's shipments, in no order of the list's. */
async function seedBookings(db: Database, mode: TrackingMode) {
  const table = mode === 'ocean' ? oceanShipments : expressShipments;
  await db.execute(
    sql`UPDATE ${table} SET booking_number = 'BK' || lpad((abs(hashtext(id::text)) % 10000000)::text, 7, '0') WHERE abs(hashtext(id::text || 'b')) % 10 <> 0`,
  );
  await db.execute(sql`VACUUM ANALYZE ${table}`);
}

/** The sort cases of a mode, and each one's page computed per row (the median of three, alone). */
async function sortCases(
  db: Database,
  pool: Pool,
  reader: ListReader,
  mode: TrackingMode,
  fieldIds: Record<string, string>,
): Promise<{ cases: EndpointCase[]; computed: { case: string; 'computed per row ms': number }[] }> {
  const list = LISTS[mode];
  const cases: EndpointCase[] = [];
  const computed: { case: string; 'computed per row ms': number }[] = [];
  for (const c of SORT_CASES)
    for (const direction of ['asc', 'desc']) {
      const sort = `${c.sort.replace(/\{([^}]+)\}/g, (_, name: string) => fieldIds[name]!)}.${direction}`;
      const qs = `limit=${String(PAGE)}&sort=${sort}`;
      const pages: [string, string][] = [['first page', qs]];
      for (const at of [Math.floor(SHIPMENTS / 2), Math.floor(SHIPMENTS * 0.97)]) {
        const [row] = await (await list.pageQuery(db, reader, `limit=1&sort=${sort}`, true)).query.offset(at);
        if (row)
          pages.push([
            `page at row ${at.toLocaleString('en')}${row.o.sortValue === null ? ' (no value)' : ''}`,
            `${qs}&cursor=${encodeCursor(row.o.sortValue as string | number | null, row.s.id, sort)}`,
          ]);
      }
      for (const [where, params] of pages) {
        const name = `sort ${c.name} ${direction}, ${where}`;
        cases.push({
          name,
          path: `${list.path}?${params}`,
          sql: [(await list.pageQuery(db, reader, params)).query.toSQL()],
        });
        const old = (await list.pageQuery(db, reader, params, true)).query.toSQL();
        const times: number[] = [];
        for (let i = 0; i < 3; i++) {
          const t0 = performance.now();
          await pool.query(old.sql, old.params);
          times.push(performance.now() - t0);
        }
        computed.push({ case: name, 'computed per row ms': Math.round(times.sort((a, b) => a - b)[1]!) });
      }
    }
  return { cases, computed };
}

const modes = TRACKING_MODES.filter((m) => MODES.includes(m));

async function main() {
  if (!modes.length) throw new Error(`BENCH_MODES: choose among ${TRACKING_MODES.join(', ')}`);
  const fieldIds: Record<string, string> = {};
  const seed = async (db: Database, workspaceId: string, userId: string) => {
    for (const field of SEEDED_FIELDS)
      fieldIds[field.name] = (await createCustomField(db, workspaceId, field)).id;
    // The values go in without their secondary indexes, which are then built from the definitions
    // the migrations made (one sorted build each instead of 2,000,000 inserts into five of them).
    const indexes = await db.execute<{ name: string; def: string }>(
      sql`SELECT indexname AS name, indexdef AS def FROM pg_indexes WHERE tablename = 'custom_field_values' AND indexname NOT LIKE '%_pk'`,
    );
    for (const { name } of indexes.rows) await db.execute(sql.raw(`DROP INDEX ${name}`));
    for (const [i, mode] of modes.entries()) {
      let t0 = performance.now();
      await (mode === 'ocean' ? seedOcean : seedExpress)(db, workspaceId, userId, SHIPMENTS);
      const shipments = seconds(t0);
      t0 = performance.now();
      await seedCustomFieldValues(db, workspaceId, mode, fieldIds, i * SHIPMENTS);
      console.log(
        `Seeded ${SHIPMENTS.toLocaleString('en')} ${mode} shipments in ${shipments.toFixed(0)} s, their custom field values in ${seconds(t0).toFixed(0)} s`,
      );
    }
    const t0 = performance.now();
    for (const { def } of indexes.rows) await db.execute(sql.raw(def));
    console.log(`Built the values' ${String(indexes.rows.length)} indexes in ${seconds(t0).toFixed(0)} s`);
  };
  await withBenchEnvironment(seed, async (env) => {
    const rows = await env.pool.query<{ n: string }>('SELECT count(*) AS n FROM custom_field_values');
    console.log(
      `${Number(rows.rows[0]!.n).toLocaleString('en')} custom field value rows, ${String(SEEDED_FIELDS.length)} fields`,
    );
    const reader = { workspaceId: env.workspaceId, userId: env.user.id };
    for (const [i, mode] of modes.entries()) {
      const list = LISTS[mode];
      console.log(
        `\n${mode}: GET ${list.path} with custom field filters, ${String(DURATION_S)} s per case, ${String(CONNECTIONS)} connections`,
      );
      const cases: EndpointCase[] = [];
      const filterCases = KINDS.includes('filters')
        ? CASES(mode, i * SHIPMENTS, await poInList(env.db, mode, fieldIds['PO number']!, i * SHIPMENTS))
        : [];
      for (const c of filterCases) {
        const qs = `limit=${String(PAGE)}&${c.qs.replace(/\{([^}]+)\}/g, (_, name: string) => {
          const id = fieldIds[name];
          if (!id) throw new Error(`No field ${name}`);
          return id;
        })}`;
        // The query string as a browser sends it (values encoded, `cf` repeated).
        const url = (params: string) =>
          `${list.path}?${[...new URLSearchParams(params)].map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('&')}`;
        const page = (params: string) => list.statements(env.db, reader, params);
        cases.push({ name: `${c.name}, first page`, path: url(qs), sql: await page(qs) });
        // The later page's cursor is the one the API hands out after that row (halfway, or fewer when
        // the share was guessed high).
        const one = qs.replace(`limit=${String(PAGE)}`, 'limit=1');
        const expected = c.share * SHIPMENTS * 0.9;
        if (expected <= PAGE) continue;
        let at = Math.max(PAGE, Math.floor(expected / 2));
        let row: { s: { createdAt: Date; id: string } } | undefined;
        while (at >= PAGE && !(row = (await (await list.pageQuery(env.db, reader, one)).query.offset(at))[0]))
          at = Math.floor(at / 2);
        if (!row) continue;
        const later = `${qs}&cursor=${encodeCursor(row.s.createdAt, row.s.id, 'created_desc')}`;
        cases.push({
          name: `${c.name}, page at row ${at.toLocaleString('en')}`,
          path: url(later),
          sql: await page(later),
        });
      }
      if (cases.length) console.log(markdownTable(await compareWithSql(env, cases)));
      if (KINDS.includes('sorts')) {
        await seedBookings(env.db, mode);
        const sorts = await sortCases(env.db, env.pool, reader, mode, fieldIds);
        console.log(`\n${mode}: GET ${list.path} sorted by a custom field or a reference`);
        console.log(markdownTable(await compareWithSql(env, sorts.cases)));
        console.log(markdownTable(sorts.computed));
      }
    }
  });
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
