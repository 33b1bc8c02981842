import { HORIZON_DAYS, type HorizonDays } from '../reliability/eta-accuracy';

/**
 * How far to trust an ETA, from how this organization's past ETAs of the same source, carrier and lane
 * fared against the actual arrivals (reliability/eta-accuracy.ts: arrival − ETA in hours, late
 * positive, at 14, 7, 3 and 1 days out), and Tracklane's own estimate: the carrier's ETA corrected by
 * the median of those errors.
 */

/** Fewer measured arrivals than this give no band and no Tracklane estimate. */
export const MIN_ETA_SAMPLES = 20;

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/**
 * The horizon whose measured errors speak for an ETA this far away: the nearest one at or beyond it
 * (an ETA 10 days out is judged by the errors of ETAs 14 days out), the farthest beyond 14 days.
 */
export function horizonFor(eta: string, now: Date): HorizonDays {
  const daysOut = (Date.parse(eta) - now.getTime()) / DAY_MS;
  const ascending = [...HORIZON_DAYS].sort((a, b) => a - b);
  return ascending.find((days) => daysOut <= days) ?? ascending.at(-1)!;
}

/** The value at rank `p` (0…1) of sorted values, read linearly between neighbours. */
export function quantile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) throw new RangeError('quantile of nothing');
  const rank = (sorted.length - 1) * p;
  const low = Math.floor(rank);
  const high = Math.ceil(rank);
  return sorted[low]! + (sorted[high]! - sorted[low]!) * (rank - low);
}

/** The spread of the measured errors at one horizon: 10th, 50th and 90th percentile, in hours. */
export interface ErrorSpread {
  horizonDays: HorizonDays;
  samples: number;
  p10Hours: number;
  medianHours: number;
  p90Hours: number;
}

/** The spread of these errors, or null below {@link MIN_ETA_SAMPLES}. */
export function errorSpread(horizonDays: HorizonDays, errors: readonly number[]): ErrorSpread | null {
  const finite = errors.filter((e) => Number.isFinite(e)).sort((a, b) => a - b);
  if (finite.length < MIN_ETA_SAMPLES) return null;
  return {
    horizonDays,
    samples: finite.length,
    p10Hours: quantile(finite, 0.1),
    medianHours: quantile(finite, 0.5),
    p90Hours: quantile(finite, 0.9),
  };
}

/** An ETA's band: the arrival fell between `from` and `to` for 8 in 10 of the measured ETAs. */
export interface EtaConfidence {
  horizonDays: HorizonDays;
  samples: number;
  from: string;
  to: string;
}

const shift = (iso: string, hours: number) => new Date(Date.parse(iso) + hours * HOUR_MS).toISOString();

/** The carrier's ETA with the band its measured errors give (p10…p90 of arrival − ETA). */
export function carrierBand(eta: string, spread: ErrorSpread): EtaConfidence {
  return {
    horizonDays: spread.horizonDays,
    samples: spread.samples,
    from: shift(eta, spread.p10Hours),
    to: shift(eta, spread.p90Hours),
  };
}

/**
 * Tracklane's estimate: the carrier's ETA moved by the median error, with the band of the errors left
 * around it (the same p10…p90, so the band is the carrier's band: only the centre moves).
 */
export function tracklaneEstimate(
  carrierEta: string,
  spread: ErrorSpread,
): { eta: string; biasHours: number; confidence: EtaConfidence } {
  return {
    eta: shift(carrierEta, spread.medianHours),
    biasHours: spread.medianHours,
    confidence: carrierBand(carrierEta, spread),
  };
}
