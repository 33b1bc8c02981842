/**
 * The top bar's search (GET /api/search) on seeded data: EXPLAIN (ANALYZE, BUFFERS) of its one
 * statement for the kinds of query people type, and the median of repeated runs. Two workspaces of
 * one user follow the same `BENCH_SHIPMENTS` containers and parcels each (default 5,000), 5% tagged.
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/search.bench.ts
 *   BENCH_EXPLAIN=1 …   prints every plan
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { searchTerms } from '@tracklane/shared/search/search-query';
import { workspaceMembers, workspaces } from '../src/db/schema/organizations';
import { searchQuery } from '../src/modules/search/search.service';
import { createBenchUser, withBenchDatabase } from './harness';
import { seedExpress, seedOcean } from './seed';

const COUNT = Number(process.env.BENCH_SHIPMENTS ?? 5_000);
const EXPLAIN = Boolean(process.env.BENCH_EXPLAIN);
const RUNS = 15;

const QUERIES: [string, string][] = [
  ['container, 2 characters (every row matches)', 'MS'],
  ['container, narrow prefix', 'MSCU00012'],
  ['container, whole number', 'MSCU0001234'],
  ['bill of lading, narrow prefix', 'MEDU00000123'],
  ['parcel, carrier prefix (a quarter match)', '1Z4A'],
  ['parcel, whole number', '1Z4A8E660000000123'],
  ['tag', 'urgent'],
  ['nothing matches', 'ZZ'],
];

await withBenchDatabase('search', async ({ db }) => {
  const { user, home } = await createBenchUser(db);
  await seedOcean(db, home.workspaceId, user.id, COUNT);
  await seedExpress(db, home.workspaceId, user.id, COUNT);
  // A second workspace following the same items: the search looks in both.
  const [second] = await db
    .insert(workspaces)
    .values({ organizationId: home.organizationId, name: 'Imports' })
    .returning();
  await db.insert(workspaceMembers).values({ workspaceId: second!.id, userId: user.id });
  for (const table of ['ocean_shipments', 'express_shipments']) {
    const columns =
      table === 'ocean_shipments' ? 'container_no, mbl_no, carrier_scac' : 'tracking_no, carrier';
    await db.execute(
      sql.raw(`INSERT INTO ${table} (workspace_id, item_id, created_by, created_at, archived, state, status, ${columns})
               SELECT '${second!.id}', item_id, created_by, created_at, archived, state, status, ${columns}
               FROM ${table} WHERE workspace_id = '${home.workspaceId}'`),
    );
    await db.execute(
      sql.raw(`UPDATE ${table} SET tags = CASE WHEN random() < 0.5 THEN ARRAY['urgent'] ELSE ARRAY['Customer ' || (random() * 40)::int] END
               WHERE random() < 0.05`),
    );
  }
  await db.execute(sql`VACUUM ANALYZE`);

  const ids = [home.workspaceId, second!.id];
  console.log(`\n${String(COUNT)} containers and ${String(COUNT)} parcels in each of 2 workspaces\n`);
  console.log('| query | q | rows | planning ms | execution ms | round trip ms | indexes |');
  console.log('| --- | --- | --- | --- | --- | --- | --- |');
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  for (const [name, q] of QUERIES) {
    const statement = searchQuery(ids, searchTerms(q));
    const planning: number[] = [];
    const execution: number[] = [];
    const trips: number[] = [];
    let lines: string[] = [];
    let rows = 0;
    for (let i = 0; i < RUNS; i++) {
      const plan = await db.execute<{ 'QUERY PLAN': string }>(sql`EXPLAIN (ANALYZE, BUFFERS) ${statement}`);
      lines = plan.rows.map((r) => r['QUERY PLAN']);
      const ms = (label: string) => Number(new RegExp(`${label}: ([\\d.]+) ms`).exec(lines.join('\n'))?.[1]);
      planning.push(ms('Planning Time'));
      execution.push(ms('Execution Time'));
      const start = performance.now();
      rows = (await db.execute(statement)).rows.length;
      trips.push(performance.now() - start);
    }
    if (EXPLAIN) console.log(`\n${name} (${q})\n${lines.join('\n')}\n`);
    const used = [
      ...new Set(lines.flatMap((l) => /Scan(?: Backward)? (?:using|on) (\w+_idx)/.exec(l)?.[1] ?? [])),
    ].sort();
    const seq = lines.some((l) => /Seq Scan on (ocean|express)_shipments/.test(l)) ? ', Seq Scan' : '';
    console.log(
      `| ${name} | ${q} | ${String(rows)} | ${median(planning).toFixed(1)} | ${median(execution).toFixed(1)} | ${median(trips).toFixed(1)} | ${used.join(', ')}${seq} |`,
    );
  }
});
