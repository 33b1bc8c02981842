import { describe, expect, it } from 'vitest';
import { reliabilityReport } from './report';
import { addFigures, delayBucket, delayQuantile, emptyFigures, rollUp, type ArrivalFact } from './rollup';

const fact = (over: Partial<ArrivalFact>): ArrivalFact => ({
  source: 'carrier',
  carrier: 'MAEU',
  pol: 'CNSHA',
  pod: 'NLRTM',
  transshipments: [],
  arrivedAt: new Date('2026-03-20T00:00:00Z'),
  onTime: true,
  delayHours: null,
  rolls: 0,
  errorHours: [null, null, null, null],
  ...over,
});
const late = (delayHours: number, over: Partial<ArrivalFact> = {}) =>
  fact({ onTime: false, delayHours, ...over });

describe('delay buckets', () => {
  it('count a delay in the bucket whose edges hold it', () => {
    expect(delayBucket(24.5)).toBe(0);
    expect(delayBucket(30)).toBe(1);
    expect(delayBucket(47.9)).toBe(3);
    expect(delayBucket(96)).toBe(8);
    expect(delayBucket(5000)).toBe(24);
  });

  it('read the 90th percentile within the bucket, clamped to the delays seen', () => {
    const [row] = rollUp([late(48), late(96)]);
    // Rank 1.8 of 2 falls on 96's bucket, whose only delay is 96.
    expect(delayQuantile(row!, 0.9)).toBe(96);
    const [same] = rollUp([25, 26, 27, 28, 29].map((d) => late(d)));
    // All in [24, 30): placed linearly between 25 and 29, rank 4.5 of 5: 25 + 4 × 0.9.
    expect(delayQuantile(same!, 0.9)).toBeCloseTo(28.6);
    expect(delayQuantile(emptyFigures(), 0.9)).toBeNull();
  });

  it('stays within a quarter of the exact percentile on a spread of delays, merged or not', () => {
    const delays = Array.from({ length: 200 }, (_, i) => 25 + ((i * 37) % 500));
    const halves = [
      rollUp(delays.slice(0, 90).map((d) => late(d)))[0]!,
      rollUp(delays.slice(90).map((d) => late(d)))[0]!,
    ];
    const merged = addFigures(emptyFigures(), halves[0]!);
    addFigures(merged, halves[1]!);
    const sorted = [...delays].sort((a, b) => a - b);
    const exact = sorted[Math.ceil(0.9 * sorted.length) - 1]!;
    const read = delayQuantile(merged, 0.9)!;
    expect(Math.abs(read - exact) / exact).toBeLessThan(0.25);
    expect(merged.late).toBe(200);
    expect(merged.delaySum).toBe(delays.reduce((a, b) => a + b, 0));
  });
});

describe('rollUp and reliabilityReport', () => {
  // March: MAEU on time (errors 12 h at 14 and 7 days); MAEU 96 h late via SGSIN, rolled once
  // (errors 96, 24); April: HLCU 48 h late via SGSIN (errors 48, 48); one HLCU with no ETA before arrival.
  const facts = [
    fact({ errorHours: [12, 12, 12, 12] }),
    late(96, { transshipments: ['SGSIN'], rolls: 1, errorHours: [96, 24, 24, 24] }),
    late(48, {
      carrier: 'HLCU',
      pod: 'DEHAM',
      transshipments: ['SGSIN'],
      arrivedAt: new Date('2026-04-12T00:00:00Z'),
      errorHours: [48, 48, 48, 48],
    }),
    fact({ carrier: 'HLCU', pod: 'DEHAM', onTime: null, arrivedAt: new Date('2026-04-13T00:00:00Z') }),
  ];

  it('gives the known answers per carrier, lane, port and month', () => {
    const report = reliabilityReport('workspace', { from: '2026-02', to: '2026-04' }, rollUp(facts));
    expect(report.overall).toMatchObject({
      arrived: 4,
      judged: 3,
      onTime: 1,
      late: 2,
      avgDelayHours: 72,
      rolls: 1,
    });
    expect(report.overall.onTimeShare).toBeCloseTo(1 / 3);
    expect(report.overall.p90DelayHours).toBe(96);
    expect(report.overall.horizons.slice(0, 2)).toEqual([
      { source: 'carrier', days: 14, samples: 3, meanAbsErrorHours: 52, meanErrorHours: 52 },
      { source: 'carrier', days: 7, samples: 3, meanAbsErrorHours: 28, meanErrorHours: 28 },
    ]);
    expect(report.carriers.map((c) => [c.carrier, c.arrived, c.onTimeShare])).toEqual([
      ['HLCU', 2, 0],
      ['MAEU', 2, 0.5],
    ]);
    expect(report.transshipments).toEqual([expect.objectContaining({ port: 'SGSIN', arrived: 2, late: 2 })]);
    expect(report.months.map((m) => [m.month, m.arrived])).toEqual([
      ['2026-02', 0],
      ['2026-03', 2],
      ['2026-04', 2],
    ]);
  });

  it('narrows by carrier and lane but still offers every carrier and lane of the period', () => {
    const report = reliabilityReport(
      'workspace',
      { from: '2026-03', to: '2026-04', pol: 'CNSHA', pod: 'NLRTM' },
      rollUp(facts),
    );
    expect(report.overall).toMatchObject({ arrived: 2, onTime: 1, late: 1, avgDelayHours: 96 });
    expect(report.options).toEqual({
      carriers: ['HLCU', 'MAEU'],
      lanes: [
        { pol: 'CNSHA', pod: 'DEHAM' },
        { pol: 'CNSHA', pod: 'NLRTM' },
      ],
    });
  });
});
