import { HORIZON_DAYS } from './eta-accuracy';
import type { ReliabilityFigures, ReliabilityQuery, ReliabilityReport } from './reliability.schema';
import { addFigures, delayQuantile, emptyFigures, type RollupFigures, type RollupRow } from './rollup';

type Source = RollupRow['source'];

/** Figures per source, summed. */
class Group {
  readonly bySource = new Map<Source, RollupFigures>();
  add(row: RollupRow): void {
    const figures = this.bySource.get(row.source) ?? emptyFigures();
    this.bySource.set(row.source, addFigures(figures, row));
  }
}

/**
 * The page's figures of a group. Counts, on-time share, delays and rolls are the carrier's (the
 * source every arrival has); the horizons list each source's accuracy.
 */
function figuresOf(group: Group | undefined): ReliabilityFigures {
  const carrier = group?.bySource.get('carrier') ?? emptyFigures();
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
    horizons: [...(group?.bySource ?? new Map<Source, RollupFigures>()).entries()].flatMap(
      ([source, figures]) =>
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

function groupBy(rows: readonly RollupRow[], keysOf: (row: RollupRow) => string[]): Map<string, Group> {
  const groups = new Map<string, Group>();
  for (const row of rows)
    for (const key of keysOf(row)) {
      let group = groups.get(key);
      if (!group) groups.set(key, (group = new Group()));
      group.add(row);
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
 * The reliability page's answer from roll-up rows of the period (already narrowed by tag when one is
 * chosen): the carrier and lane filters apply here so that the options still list every carrier and
 * lane of the period. A row whose route passes a port counts once for that port.
 */
export function reliabilityReport(
  scope: ReliabilityReport['scope'],
  query: Pick<ReliabilityQuery, 'from' | 'to' | 'carrier' | 'pol' | 'pod'>,
  periodRows: readonly RollupRow[],
): ReliabilityReport {
  const rows = periodRows.filter(
    (row) =>
      (!query.carrier || row.carrier === query.carrier) &&
      (!query.pol || row.pol === query.pol) &&
      (!query.pod || row.pod === query.pod),
  );
  const all = new Group();
  rows.forEach((row) => all.add(row));
  const carriers = [...groupBy(rows, (row) => [row.carrier])]
    .map(([carrier, group]) => ({ carrier, ...figuresOf(group) }))
    .sort(byArrivals((c) => c.carrier));
  const lanes = [...groupBy(rows, (row) => [`${row.pol}>${row.pod}`])]
    .map(([lane, group]) => {
      const [pol = '', pod = ''] = lane.split('>');
      return { pol, pod, ...figuresOf(group) };
    })
    .sort(byArrivals((l) => `${l.pol}>${l.pod}`));
  const transshipments = [...groupBy(rows, (row) => [...new Set(row.transshipments)])]
    .map(([port, group]) => ({ port, ...figuresOf(group) }))
    .sort(byArrivals((p) => p.port));
  const perMonth = groupBy(rows, (row) => [row.month.slice(0, 7)]);
  const lanesOffered = new Map(periodRows.filter((r) => r.pol && r.pod).map((r) => [`${r.pol}>${r.pod}`, r]));
  return {
    scope,
    from: query.from,
    to: query.to,
    overall: figuresOf(all),
    carriers,
    lanes,
    transshipments,
    months: monthsOf(query.from, query.to).map((month) => ({ month, ...figuresOf(perMonth.get(month)) })),
    options: {
      carriers: [...new Set(periodRows.map((row) => row.carrier))].sort(),
      lanes: [...lanesOffered.values()]
        .map((row) => ({ pol: row.pol, pod: row.pod }))
        .sort((a, b) => `${a.pol}>${a.pod}`.localeCompare(`${b.pol}>${b.pod}`)),
    },
  };
}
