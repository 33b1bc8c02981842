/**
 * The reliability page's answer (GET /api/reliability and /api/reliability/organization, over HTTP)
 * at scale: one workspace following `BENCH_RELIABILITY_SHIPMENTS` containers (default 100,000) with
 * `BENCH_RELIABILITY_EVENTS` tracking events between them (default 5,000,000); six in seven arrived
 * over the last two years with an ETA history of three estimates. The arrival facts and roll-ups are
 * made by the catch-up job, as after migration 0030 in production. Prints p50 and p95 of repeated
 * requests per case; the target is p95 ≤ 300 ms.
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/reliability.bench.ts
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { catchUpArrivals } from '../src/modules/ocean-shipments/reliability/arrival-facts';
import { withBenchEnvironment } from './harness';
import { markdownTable, percentiles, round, seconds } from './report';

const COUNT = Number(process.env.BENCH_RELIABILITY_SHIPMENTS ?? 100_000);
const EVENTS = Number(process.env.BENCH_RELIABILITY_EVENTS ?? 5_000_000);
const RUNS = 30;
const TARGET_P95_MS = 300;

const month = (offset: number) => {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + offset, 1)).toISOString().slice(0, 7);
};

await withBenchEnvironment(
  async (db, workspaceId, userId) => {
    let since = performance.now();
    // Five carriers, six lanes, one in three via Singapore, one in twenty rolled; arrivals spread over
    // two years, the ETA first given 30 days out, corrected 10 and 2 days out; 5% tagged.
    await db.execute(sql`
      WITH c AS (
        INSERT INTO tracked_items (mode, tracking_no, reference, carrier, scope, state, changed_at, derived)
        SELECT 'ocean', 'BNCH' || lpad(g::text, 7, '0'), 'REL' || g, carrier, 'shared', 'active', now(),
          jsonb_build_object(
            'pol', jsonb_build_object('locode', pol, 'name', null),
            'pod', jsonb_build_object('locode', pod, 'name', null),
            'transshipments', CASE WHEN g % 3 = 0 THEN '[{"locode":"SGSIN","name":null}]'::jsonb ELSE '[]'::jsonb END,
            'rolls', CASE WHEN g % 20 = 0 THEN '[{"recordedAt":"2026-01-01T00:00:00Z"}]'::jsonb ELSE '[]'::jsonb END,
            'arrivalVO', jsonb_build_object('eta', ata, 'ata', CASE WHEN g % 7 <> 0 THEN ata END),
            'etaHistory', jsonb_build_array(
              jsonb_build_object('eta', ata + (random() * 8 - 3) * interval '1 day', 'classifier', 'EST', 'recordedAt', ata - interval '30 days'),
              jsonb_build_object('eta', ata + (random() * 4 - 2) * interval '1 day', 'classifier', 'EST', 'recordedAt', ata - interval '10 days'),
              jsonb_build_object('eta', ata + (random() - 0.5) * interval '1 day', 'classifier', 'EST', 'recordedAt', ata - interval '2 days')))
        FROM (
          SELECT g, (ARRAY['MAEU','MSCU','CMDU','HLCU','ONEY'])[1 + g % 5] AS carrier,
            (ARRAY['CNSHA','CNNGB','CNYTN','KRPUS','SGSIN','VNCMT'])[1 + g % 6] AS pol,
            (ARRAY['NLRTM','DEHAM','USLAX','USSEA','BEANR','USSAV'])[1 + (g / 6) % 6] AS pod,
            date_trunc('hour', now() - random() * interval '730 days') AS ata
          FROM generate_series(1, ${COUNT}::int) g
        ) s
        RETURNING id, tracking_no, reference, carrier, derived
      )
      INSERT INTO ocean_shipments (workspace_id, item_id, created_by, created_at, container_no, mbl_no, carrier_scac, state, tags, ata)
      SELECT ${workspaceId}, id, ${userId}, now() - interval '800 days', tracking_no, reference, carrier, 'active',
        CASE WHEN random() < 0.05 THEN ARRAY['urgent'] ELSE '{}' END, (derived -> 'arrivalVO' ->> 'ata')::timestamptz
      FROM c`);
    await db.execute(sql`
      INSERT INTO tracking_events (item_id, source, event_id, classifier, event_time, event_created_at, data)
      SELECT ti.id, 'demo', 'e' || n, 'ACT', now() - n * interval '1 hour', now() - n * interval '1 hour', '{}'
      FROM tracked_items ti, generate_series(1, ${Math.ceil(EVENTS / COUNT)}::int) n`);
    const [events] = (await db.execute<{ n: string }>(sql`SELECT count(*) AS n FROM tracking_events`)).rows;
    console.log(
      `seeded ${String(COUNT)} containers and ${events!.n} events in ${seconds(since).toFixed(0)} s`,
    );
    since = performance.now();
    const measured = await catchUpArrivals(db);
    const [rollups] = (await db.execute<{ n: string }>(sql`SELECT count(*) AS n FROM reliability_rollups`))
      .rows;
    console.log(
      `backfilled ${String(measured)} arrivals into ${rollups!.n} roll-up rows in ${seconds(since).toFixed(0)} s`,
    );
  },
  async ({ base, cookie }) => {
    const year = `from=${month(-11)}&to=${month(0)}`;
    const cases: [string, string][] = [
      ['workspace, last 12 months', `/api/reliability?${year}`],
      ['workspace, last 24 months', `/api/reliability?from=${month(-23)}&to=${month(0)}`],
      ['workspace, last 3 months', `/api/reliability?from=${month(-2)}&to=${month(0)}`],
      ['workspace, 12 months, one carrier', `/api/reliability?${year}&carrier=MAEU`],
      ['workspace, 12 months, one lane', `/api/reliability?${year}&pol=CNSHA&pod=NLRTM`],
      ['workspace, 12 months, tag (5%)', `/api/reliability?${year}&tag=urgent`],
      ['organization, last 12 months', `/api/reliability/organization?${year}`],
    ];
    const rows = [];
    for (const [name, path] of cases) {
      const times: number[] = [];
      let arrived = 0;
      for (let i = 0; i < RUNS; i++) {
        const start = performance.now();
        const res = await fetch(`${base}${path}`, { headers: { cookie } });
        const body = (await res.json()) as { result: { overall: { arrived: number } } | null };
        times.push(performance.now() - start);
        if (res.status !== 200 || !body.result) throw new Error(`${path}: ${String(res.status)}`);
        arrived = body.result.overall.arrived;
      }
      const { p50, p95 } = percentiles(times);
      rows.push({
        case: name,
        arrived,
        'p50 ms': round(p50),
        'p95 ms': round(p95),
        target:
          p95 <= TARGET_P95_MS ? `met (≤ ${String(TARGET_P95_MS)})` : `NOT MET (≤ ${String(TARGET_P95_MS)})`,
      });
    }
    console.log(`\n${markdownTable(rows)}\n`);
  },
);
