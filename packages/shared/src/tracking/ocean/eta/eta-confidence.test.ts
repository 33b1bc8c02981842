import { describe, expect, it } from 'vitest';
import {
  MIN_ETA_SAMPLES,
  carrierBand,
  errorSpread,
  horizonFor,
  quantile,
  tracklaneEstimate,
} from './eta-confidence';

const now = new Date('2026-05-01T00:00:00Z');
const daysOut = (d: number) => new Date(now.getTime() + d * 86_400_000).toISOString();

describe('horizonFor', () => {
  it('judges an ETA by the nearest horizon at or beyond it', () => {
    expect(horizonFor(daysOut(20), now)).toBe(14);
    expect(horizonFor(daysOut(10), now)).toBe(14);
    expect(horizonFor(daysOut(7), now)).toBe(7);
    expect(horizonFor(daysOut(5), now)).toBe(7);
    expect(horizonFor(daysOut(2), now)).toBe(3);
    expect(horizonFor(daysOut(0.5), now)).toBe(1);
    expect(horizonFor(daysOut(-1), now)).toBe(1);
  });
});

describe('quantile', () => {
  it('reads linearly between neighbours', () => {
    expect(quantile([0, 10], 0.5)).toBe(5);
    expect(quantile([1, 2, 3, 4, 5], 0.9)).toBeCloseTo(4.6);
  });
});

describe('errorSpread', () => {
  // 0, 1, …, 20 hours late: 21 arrivals, median 10, p10 2, p90 18.
  const errors = Array.from({ length: 21 }, (_, i) => i);

  it('gives p10, median and p90 of the measured errors', () => {
    expect(errorSpread(7, errors)).toEqual({
      horizonDays: 7,
      samples: 21,
      p10Hours: 2,
      medianHours: 10,
      p90Hours: 18,
    });
  });

  it(`gives nothing below ${MIN_ETA_SAMPLES} samples`, () => {
    expect(errorSpread(7, errors.slice(0, MIN_ETA_SAMPLES - 1))).toBeNull();
    expect(errorSpread(7, errors.slice(0, MIN_ETA_SAMPLES))).not.toBeNull();
  });
});

describe('estimates', () => {
  // The carrier has been 43 h late at the median on this lane: 20 arrivals, 24…62 h late in steps of 2.
  const spread = errorSpread(
    3,
    Array.from({ length: 20 }, (_, i) => 24 + 2 * i),
  )!;

  it('bands the carrier ETA by where past arrivals fell around it', () => {
    expect(spread.medianHours).toBe(43);
    expect(carrierBand('2026-05-04T00:00:00.000Z', spread)).toEqual({
      horizonDays: 3,
      samples: 20,
      from: new Date(Date.parse('2026-05-04T00:00:00Z') + spread.p10Hours * 3_600_000).toISOString(),
      to: new Date(Date.parse('2026-05-04T00:00:00Z') + spread.p90Hours * 3_600_000).toISOString(),
    });
    expect(spread.p10Hours).toBeCloseTo(27.8);
    expect(spread.p90Hours).toBeCloseTo(58.2);
  });

  it("moves the carrier's ETA by the median error for Tracklane's estimate", () => {
    const own = tracklaneEstimate('2026-05-04T00:00:00.000Z', spread);
    expect(own.eta).toBe('2026-05-05T19:00:00.000Z');
    expect(own.biasHours).toBe(43);
    expect(own.confidence.samples).toBe(20);
  });
});
