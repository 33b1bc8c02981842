import { and, between, isNull, sql, type SQL } from 'drizzle-orm';
import { ETA_SOURCES, HORIZON_DAYS } from '@tracklane/shared/tracking/ocean/reliability/eta-accuracy';
import type { ReliabilityQuery } from '@tracklane/shared/tracking/ocean/reliability/reliability.schema';
import type { ReportGroups } from '@tracklane/shared/tracking/ocean/reliability/report';
import {
  DELAY_BUCKET_EDGES_HOURS,
  type RollupFigures,
  type RollupRow,
} from '@tracklane/shared/tracking/ocean/reliability/rollup';
import type { Database } from '../../../db/client';
import { reliabilityRollups } from '../../../db/schema/reliability';
import {
  inOrganization,
  inWorkspace,
  type OrganizationScope,
  type WorkspaceScope,
} from '../../../tenancy/scope';

type Source = RollupRow['source'];

/** A workspace's page, or an organization's (each container once). */
export type ReliabilityScope =
  { kind: 'workspace'; tenant: WorkspaceScope } | { kind: 'organization'; tenant: OrganizationScope };

/** `ARRAY[sum(column[1]), …, sum(column[n])]`: an array column summed element by element. */
function sumEach(column: string, length: number, type: 'int' | 'float8'): SQL {
  const sums = Array.from({ length }, (_, i) => `coalesce(sum(${column}[${String(i + 1)}]), 0)::${type}`);
  return sql.raw(`ARRAY[${sums.join(', ')}]::${type}[]`);
}

/** Every roll-up figure summed over a group, in the columns of RollupFigures. */
const FIGURE_SUMS = sql`
  sum(arrived)::int AS arrived, sum(judged)::int AS judged, sum(on_time)::int AS "onTime",
  sum(late)::int AS late, sum(delay_sum) AS "delaySum", min(delay_min) AS "delayMin",
  max(delay_max) AS "delayMax",
  ${sumEach('delay_histogram', DELAY_BUCKET_EDGES_HOURS.length, 'int')} AS "delayHistogram",
  sum(rolls)::int AS rolls, ${sumEach('error_count', HORIZON_DAYS.length, 'int')} AS "errorCount",
  ${sumEach('error_abs_sum', HORIZON_DAYS.length, 'float8')} AS "errorAbsSum",
  ${sumEach('error_sum', HORIZON_DAYS.length, 'float8')} AS "errorSum"`;

/** The figures' columns empty, typed as FIGURE_SUMS types them (a DISTINCT would make them text). */
const NO_FIGURES = sql.raw(
  (
    [
      ['arrived', 'int'],
      ['judged', 'int'],
      ['"onTime"', 'int'],
      ['late', 'int'],
      ['"delaySum"', 'float8'],
      ['"delayMin"', 'float8'],
      ['"delayMax"', 'float8'],
      ['"delayHistogram"', 'int[]'],
      ['rolls', 'int'],
      ['"errorCount"', 'int[]'],
      ['"errorAbsSum"', 'float8[]'],
      ['"errorSum"', 'float8[]'],
    ] as const
  )
    .map(([name, type]) => `NULL::${type} AS ${name}`)
    .join(', '),
);

type SumRow = RollupFigures & {
  kind: 'all' | 'carrier' | 'lane' | 'month' | 'port' | 'offer';
  carrier: string | null;
  pol: string | null;
  pod: string | null;
  month: string | null;
  port: string | null;
  source: Source | null;
};

/**
 * The period's roll-ups of the scope summed by the database, per source, overall and per carrier,
 * lane, transshipment port and month (after the carrier and lane filters), with the carriers and
 * lanes the period offers (before them): one statement, one row per group and source, so the page
 * reads about a hundred rows whatever the period's length. The same sums as shared `groupRollups`.
 */
export async function sumRollups(
  db: Database,
  scope: ReliabilityScope,
  query: ReliabilityQuery,
): Promise<ReportGroups> {
  const r = reliabilityRollups;
  const inScope =
    scope.kind === 'workspace'
      ? inWorkspace(scope.tenant, r)
      : and(inOrganization(scope.tenant, r), isNull(r.workspaceId));
  const filters = [
    query.carrier ? sql`carrier = ${query.carrier}` : sql`true`,
    query.pol ? sql`pol = ${query.pol}` : sql`true`,
    query.pod ? sql`pod = ${query.pod}` : sql`true`,
  ];
  const result = await db.execute<Record<string, unknown>>(sql`
    WITH period AS (
      SELECT source, carrier, pol_locode AS pol, pod_locode AS pod, to_char(month, 'YYYY-MM') AS month,
        transshipments, arrived, judged, on_time, late, delay_sum, delay_min, delay_max, delay_histogram,
        rolls, error_count, error_abs_sum, error_sum
      FROM ${r}
      WHERE ${and(inScope, between(r.month, `${query.from}-01`, `${query.to}-01`))}
    ), shown AS (SELECT * FROM period WHERE ${sql.join(filters, sql` AND `)})
    SELECT CASE GROUPING(carrier, pol, pod, month) WHEN 7 THEN 'carrier' WHEN 9 THEN 'lane'
        WHEN 14 THEN 'month' ELSE 'all' END AS kind,
      carrier, pol, pod, month, NULL::text AS port, source, ${FIGURE_SUMS}
    FROM shown
    GROUP BY GROUPING SETS ((source), (source, carrier), (source, pol, pod), (source, month))
    UNION ALL
    SELECT 'port', NULL, NULL, NULL, NULL, via.port, source, ${FIGURE_SUMS}
    FROM shown CROSS JOIN LATERAL (SELECT DISTINCT unnest(shown.transshipments) AS port) via
    GROUP BY via.port, source
    UNION ALL
    SELECT DISTINCT 'offer', carrier, pol, pod, NULL, NULL, NULL::text, ${NO_FIGURES}
    FROM period`);
  const rows = result.rows as unknown as SumRow[];

  const groups = {
    all: new Map<Source, RollupFigures>(),
    carriers: new Map<string, Map<Source, RollupFigures>>(),
    lanes: new Map<string, Map<Source, RollupFigures>>(),
    transshipments: new Map<string, Map<Source, RollupFigures>>(),
    months: new Map<string, Map<Source, RollupFigures>>(),
  };
  const into = (map: Map<string, Map<Source, RollupFigures>>, key: string) => {
    let group = map.get(key);
    if (!group) map.set(key, (group = new Map<Source, RollupFigures>()));
    return group;
  };
  const offered = { carriers: [] as string[], lanes: [] as { pol: string; pod: string }[] };
  // Each group lists its sources in one order, whichever order the rows came in.
  const order = (source: Source | null) => ETA_SOURCES.indexOf(source ?? 'carrier');
  for (const row of rows.sort((a, b) => order(a.source) - order(b.source))) {
    const { kind, carrier, pol, pod, month, port, source, ...figures } = row;
    if (kind === 'offer') {
      offered.carriers.push(carrier!);
      if (pol && pod) offered.lanes.push({ pol, pod });
      continue;
    }
    const group: Map<Source, RollupFigures> =
      kind === 'all'
        ? groups.all
        : kind === 'carrier'
          ? into(groups.carriers, carrier!)
          : kind === 'lane'
            ? into(groups.lanes, `${pol!}>${pod!}`)
            : kind === 'month'
              ? into(groups.months, month!)
              : into(groups.transshipments, port!);
    group.set(source!, figures);
  }
  return { ...groups, offered };
}
