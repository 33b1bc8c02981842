import { HORIZON_DAYS, type EtaSource } from './eta-accuracy';

/**
 * Lower edges, in hours, of the buckets a roll-up counts late arrivals' delays in (a late arrival is
 * more than a day after its first ETA, so the first edge is 24). Each edge is at most 1.25 times the
 * one before: a 90th percentile read from the buckets is within one bucket's width of the exact one
 * (at most 6 hours below two days, at most a quarter of the value above), and never outside the
 * smallest and largest delay seen. The last bucket is open; the roll-up's largest delay closes it.
 */
export const DELAY_BUCKET_EDGES_HOURS = [
  24, 30, 36, 42, 48, 60, 72, 84, 96, 120, 144, 168, 204, 240, 288, 336, 408, 504, 600, 720, 888, 1080, 1344,
  1680, 2160,
] as const;

/** The bucket a delay (hours, over 24) is counted in. */
export function delayBucket(delayHours: number): number {
  let bucket = 0;
  while (bucket + 1 < DELAY_BUCKET_EDGES_HOURS.length && delayHours >= DELAY_BUCKET_EDGES_HOURS[bucket + 1]!)
    bucket += 1;
  return bucket;
}

/** What one arrived shipment contributes: one source's measure of it (a stored arrival fact). */
export interface ArrivalFact {
  source: EtaSource;
  carrier: string;
  pol: string | null;
  pod: string | null;
  /** Its transshipment ports in order, without repeats. */
  transshipments: string[];
  arrivedAt: Date;
  onTime: boolean | null;
  delayHours: number | null;
  rolls: number;
  /** Arrival minus the standing ETA at 14, 7, 3 and 1 days, in hours; null where none stood. */
  errorHours: (number | null)[];
}

/** Sums over a group of arrivals from which every figure of the page is read; sums merge by adding. */
export interface RollupFigures {
  arrived: number;
  /** Arrivals with an ETA issued before arrival: those on-time is judged for. */
  judged: number;
  onTime: number;
  late: number;
  delaySum: number;
  delayMin: number | null;
  delayMax: number | null;
  /** Late arrivals per bucket of DELAY_BUCKET_EDGES_HOURS. */
  delayHistogram: number[];
  rolls: number;
  /** Per horizon (HORIZON_DAYS order): how many had an ETA then, the sum of |error|, the sum of error. */
  errorCount: number[];
  errorAbsSum: number[];
  errorSum: number[];
}

/** One roll-up row: the figures of one month, source, carrier, lane and transshipment route. */
export interface RollupRow extends RollupFigures {
  /** First day of the month (UTC), YYYY-MM-01. */
  month: string;
  source: EtaSource;
  carrier: string;
  /** '' when unknown. */
  pol: string;
  pod: string;
  transshipments: string[];
}

export function emptyFigures(): RollupFigures {
  const horizons = () => HORIZON_DAYS.map(() => 0);
  return {
    arrived: 0,
    judged: 0,
    onTime: 0,
    late: 0,
    delaySum: 0,
    delayMin: null,
    delayMax: null,
    delayHistogram: DELAY_BUCKET_EDGES_HOURS.map(() => 0),
    rolls: 0,
    errorCount: horizons(),
    errorAbsSum: horizons(),
    errorSum: horizons(),
  };
}

const lower = (a: number | null, b: number | null) => (a === null ? b : b === null ? a : Math.min(a, b));
const higher = (a: number | null, b: number | null) => (a === null ? b : b === null ? a : Math.max(a, b));

/** Adds `more` into `into` (in place) and returns it. */
export function addFigures(into: RollupFigures, more: RollupFigures): RollupFigures {
  into.arrived += more.arrived;
  into.judged += more.judged;
  into.onTime += more.onTime;
  into.late += more.late;
  into.delaySum += more.delaySum;
  into.delayMin = lower(into.delayMin, more.delayMin);
  into.delayMax = higher(into.delayMax, more.delayMax);
  more.delayHistogram.forEach((count, i) => (into.delayHistogram[i] = (into.delayHistogram[i] ?? 0) + count));
  into.rolls += more.rolls;
  HORIZON_DAYS.forEach((_, i) => {
    into.errorCount[i]! += more.errorCount[i] ?? 0;
    into.errorAbsSum[i]! += more.errorAbsSum[i] ?? 0;
    into.errorSum[i]! += more.errorSum[i] ?? 0;
  });
  return into;
}

/** Adds one arrival into `into` (in place). */
export function addFact(into: RollupFigures, fact: ArrivalFact): RollupFigures {
  into.arrived += 1;
  if (fact.onTime !== null) into.judged += 1;
  if (fact.onTime === true) into.onTime += 1;
  if (fact.delayHours !== null) {
    into.late += 1;
    into.delaySum += fact.delayHours;
    into.delayMin = lower(into.delayMin, fact.delayHours);
    into.delayMax = higher(into.delayMax, fact.delayHours);
    into.delayHistogram[delayBucket(fact.delayHours)]! += 1;
  }
  into.rolls += fact.rolls;
  fact.errorHours.forEach((error, i) => {
    if (error === null || i >= HORIZON_DAYS.length) return;
    into.errorCount[i]! += 1;
    into.errorAbsSum[i]! += Math.abs(error);
    into.errorSum[i]! += error;
  });
  return into;
}

/** "2026-03-01" for any instant in March 2026 (UTC). */
export function monthOf(instant: Date): string {
  return `${instant.toISOString().slice(0, 7)}-01`;
}

/** The roll-up rows of these arrivals: one per month, source, carrier, lane and route. */
export function rollUp(facts: readonly ArrivalFact[]): RollupRow[] {
  const rows = new Map<string, RollupRow>();
  for (const fact of facts) {
    const key = {
      month: monthOf(fact.arrivedAt),
      source: fact.source,
      carrier: fact.carrier,
      pol: fact.pol ?? '',
      pod: fact.pod ?? '',
      transshipments: fact.transshipments,
    };
    const id = JSON.stringify(key);
    let row = rows.get(id);
    if (!row) rows.set(id, (row = { ...key, ...emptyFigures() }));
    addFact(row, fact);
  }
  return [...rows.values()];
}

/**
 * The delay `share` of the late arrivals did not exceed, read from the buckets: the rank falls in one
 * bucket and is placed linearly between its edges (clamped to the smallest and largest delay seen).
 */
export function delayQuantile(figures: RollupFigures, share: number): number | null {
  if (figures.late === 0 || figures.delayMin === null || figures.delayMax === null) return null;
  const rank = share * figures.late;
  let before = 0;
  for (let i = 0; i < figures.delayHistogram.length; i += 1) {
    const count = figures.delayHistogram[i] ?? 0;
    if (count === 0 || before + count < rank) {
      before += count;
      continue;
    }
    const low = Math.max(DELAY_BUCKET_EDGES_HOURS[i]!, figures.delayMin);
    const high = Math.min(DELAY_BUCKET_EDGES_HOURS[i + 1] ?? figures.delayMax, figures.delayMax);
    return low + (Math.max(high, low) - low) * ((rank - before) / count);
  }
  return figures.delayMax;
}
