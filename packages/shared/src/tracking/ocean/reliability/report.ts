import { HORIZON_DAYS } from './eta-accuracy';
import type { ReliabilityFigures, ReliabilityQuery, ReliabilityReport } from './reliability.schema';
import { addFigures, delayQuantile, emptyFigures, type RollupFigures, type RollupRow } from './rollup';

type Source = RollupRow['source'];

/** One group's figures per source, summed. */
export type FiguresBySource = ReadonlyMap<Source, RollupFigures>;

/**
 * The period's figures as the page groups them (after the carrier and lane filters), and the carriers
 * and lanes the period offers (before them): summed here from roll-up rows, or by the database.
 */
export interface ReportGroups {
  all: FiguresBySource;
  carriers: ReadonlyMap<string, FiguresBySource>;
  /** By `${pol}>${pod}`. */
  lanes: ReadonlyMap<string, FiguresBySource>;
  /** By port: a route that passes a port counts once for it. */
  transshipments: ReadonlyMap<string, FiguresBySource>;
  /** By YYYY-MM. */
  months: ReadonlyMap<string, FiguresBySource>;
  /** Every carrier and every lane (both ports known) of the period, in any order. */
  offered: { carriers: readonly string[]; lanes: readonly { pol: string; pod: string }[] };
}

/**
 * The page's figures of a group. Counts, on-time share, delays and rolls are the carrier's (the
 * source every arrival has); the horizons list each source's accuracy.
 */
function figuresOf(group: FiguresBySource | undefined): ReliabilityFigures {
  const carrier = group?.get('carrier') ?? emptyFigures();
  const ratio = (part: number, whole: number) => (whole === 0 ? null : part / whole);
  return {
    arrived: carrier.arrived,
    judged: carrier.judged,
    onTime: carrier.onTime,
    onTimeShare: ratio(carrier.onTime, carrier.judged),
    late: carrier.late,
    avgDelayHours: ratio(carrier.delaySum, carrier.late),
    p90DelayHours: delayQuantile(carrier, 0.9),
    rolls: carrier.rolls,
    horizons: [...(group ?? new Map<Source, RollupFigures>()).entries()].flatMap(([source, figures]) =>
      HORIZON_DAYS.map((days, i) => ({
        source,
        days,
        samples: figures.errorCount[i] ?? 0,
        meanAbsErrorHours: ratio(figures.errorAbsSum[i] ?? 0, figures.errorCount[i] ?? 0),
        meanErrorHours: ratio(figures.errorSum[i] ?? 0, figures.errorCount[i] ?? 0),
      })),
    ),
  };
}

/** Adds a roll-up row into a group's figures of its source. */
function addRow(group: Map<Source, RollupFigures>, row: RollupRow): void {
  group.set(row.source, addFigures(group.get(row.source) ?? emptyFigures(), row));
}

function groupBy(
  rows: readonly RollupRow[],
  keysOf: (row: RollupRow) => string[],
): Map<string, Map<Source, RollupFigures>> {
  const groups = new Map<string, Map<Source, RollupFigures>>();
  for (const row of rows)
    for (const key of keysOf(row)) {
      let group = groups.get(key);
      if (!group) groups.set(key, (group = new Map<Source, RollupFigures>()));
      addRow(group, row);
    }
  return groups;
}

/** Most arrivals first, then by name. */
const byArrivals =
  <T extends { arrived: number }>(name: (item: T) => string) =>
  (a: T, b: T) =>
    b.arrived - a.arrived || name(a).localeCompare(name(b));

function monthsOf(from: string, to: string): string[] {
  const months: string[] = [];
  let year = Number(from.slice(0, 4));
  let month = Number(from.slice(5, 7));
  for (;;) {
    const label = `${String(year)}-${String(month).padStart(2, '0')}`;
    if (label > to) return months;
    months.push(label);
    month += 1;
    if (month > 12) [year, month] = [year + 1, 1];
  }
}

/**
 * The period's roll-up rows (already narrowed by tag when one is chosen) summed in groups: the carrier
 * and lane filters apply here so that the options still list every carrier and lane of the period. A
 * row whose route passes a port counts once for that port.
 */
export function groupRollups(
  query: Pick<ReliabilityQuery, 'carrier' | 'pol' | 'pod'>,
  periodRows: readonly RollupRow[],
): ReportGroups {
  const rows = periodRows.filter(
    (row) =>
      (!query.carrier || row.carrier === query.carrier) &&
      (!query.pol || row.pol === query.pol) &&
      (!query.pod || row.pod === query.pod),
  );
  const all = new Map<Source, RollupFigures>();
  rows.forEach((row) => addRow(all, row));
  return {
    all,
    carriers: groupBy(rows, (row) => [row.carrier]),
    lanes: groupBy(rows, (row) => [`${row.pol}>${row.pod}`]),
    transshipments: groupBy(rows, (row) => [...new Set(row.transshipments)]),
    months: groupBy(rows, (row) => [row.month.slice(0, 7)]),
    offered: {
      carriers: periodRows.map((row) => row.carrier),
      lanes: periodRows.filter((r) => r.pol && r.pod).map((r) => ({ pol: r.pol, pod: r.pod })),
    },
  };
}

/** The reliability page's answer from the period's figures in groups. */
export function reportFromGroups(
  scope: ReliabilityReport['scope'],
  query: Pick<ReliabilityQuery, 'from' | 'to'>,
  groups: ReportGroups,
): ReliabilityReport {
  const carriers = [...groups.carriers]
    .map(([carrier, group]) => ({ carrier, ...figuresOf(group) }))
    .sort(byArrivals((c) => c.carrier));
  const lanes = [...groups.lanes]
    .map(([lane, group]) => {
      const [pol = '', pod = ''] = lane.split('>');
      return { pol, pod, ...figuresOf(group) };
    })
    .sort(byArrivals((l) => `${l.pol}>${l.pod}`));
  const transshipments = [...groups.transshipments]
    .map(([port, group]) => ({ port, ...figuresOf(group) }))
    .sort(byArrivals((p) => p.port));
  const lanesOffered = new Map(groups.offered.lanes.map((lane) => [`${lane.pol}>${lane.pod}`, lane]));
  return {
    scope,
    from: query.from,
    to: query.to,
    overall: figuresOf(groups.all),
    carriers,
    lanes,
    transshipments,
    months: monthsOf(query.from, query.to).map((month) => ({
      month,
      ...figuresOf(groups.months.get(month)),
    })),
    options: {
      carriers: [...new Set(groups.offered.carriers)].sort(),
      lanes: [...lanesOffered.values()]
        .map((lane) => ({ pol: lane.pol, pod: lane.pod }))
        .sort((a, b) => `${a.pol}>${a.pod}`.localeCompare(`${b.pol}>${b.pod}`)),
    },
  };
}

/**
 * The reliability page's answer from roll-up rows of the period (already narrowed by tag when one is
 * chosen), summed here ({@link groupRollups}).
 */
export function reliabilityReport(
  scope: ReliabilityReport['scope'],
  query: Pick<ReliabilityQuery, 'from' | 'to' | 'carrier' | 'pol' | 'pod'>,
  periodRows: readonly RollupRow[],
): ReliabilityReport {
  return reportFromGroups(scope, query, groupRollups(query, periodRows));
}
