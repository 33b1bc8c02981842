import { describe, expect, it } from 'vitest';
import { etaStandingAt, measureEta, type IssuedEta } from './eta-accuracy';
import { measureCarrierEta } from './measure-shipment';

/** Day `n` of March 2026 at `hour` UTC. */
const day = (n: number, hour = 0) => new Date(Date.UTC(2026, 2, n, hour)).toISOString();
const eta = (etaDay: number, issuedDay: number, hour = 0): IssuedEta => ({
  eta: day(etaDay, hour),
  issuedAt: day(issuedDay),
});

describe('etaStandingAt', () => {
  const history = [eta(20, 1), eta(22, 5), eta(21, 5), eta(25, 10)];

  it('is the last ETA issued at or before the moment, the later of two issued together', () => {
    expect(etaStandingAt(history, Date.parse(day(4)))).toEqual(eta(20, 1));
    expect(etaStandingAt(history, Date.parse(day(5)))).toEqual(eta(21, 5));
    expect(etaStandingAt(history, Date.parse(day(9, 23)))).toEqual(eta(21, 5));
    expect(etaStandingAt(history, Date.parse(day(10)))).toEqual(eta(25, 10));
  });

  it('is null before the first ETA was issued', () => {
    expect(etaStandingAt(history, Date.parse(day(1)) - 1)).toBeNull();
  });
});

describe('measureEta', () => {
  it('judges the ETA standing 14, 7, 3 and 1 days before the actual arrival', () => {
    // Arrived 30 March. Standing: on the 16th the one of the 10th (28th), on the 23rd the one of the
    // 20th (29th), on the 27th and the 29th the one of the 26th (30th, noon).
    const history = [eta(25, 1), eta(28, 10), eta(29, 20), eta(30, 26, 12)];
    const measured = measureEta(history, day(30), 1);
    expect(measured.errorHours).toEqual([48, 24, -12, -12]);
    expect(measured.firstEta).toBe(day(25));
    expect(measured.etaWeekOut).toBe(day(29));
    // Five days after the first ETA: late, however well the week-out ETA did.
    expect(measured.onTime).toBe(false);
    expect(measured.delayHours).toBe(120);
    expect(measured.rolls).toBe(1);
  });

  it('never judges against an ETA issued after the arrival, nor against a later ETA', () => {
    const history = [eta(10, 1), eta(14, 20)];
    const measured = measureEta(history, day(14), 0);
    // The correction issued after the arrival does not exist for the measure.
    expect(measured.errorHours).toEqual([null, 96, 96, 96]);
    expect(measured.firstEta).toBe(day(10));
    expect(measured.delayHours).toBe(96);
  });

  it('leaves a horizon empty when no ETA stood that far out', () => {
    const measured = measureEta([eta(20, 15)], day(20, 6), 0);
    expect(measured.errorHours).toEqual([null, null, 6, 6]);
    expect(measured.etaWeekOut).toBeNull();
    // Within a day of the first ETA, and none stood a week out: on time.
    expect(measured.onTime).toBe(true);
    expect(measured.delayHours).toBeNull();
  });

  it('is on time within one day of both the first ETA and the ETA a week out, early or late', () => {
    expect(measureEta([eta(20, 1)], day(21), 0).onTime).toBe(true);
    expect(measureEta([eta(20, 1)], day(19), 0).onTime).toBe(true);
    expect(measureEta([eta(20, 1)], day(21, 1), 0).onTime).toBe(false);
    // Early by more than a day: not on time, and not late either.
    const early = measureEta([eta(20, 1)], day(18, 23), 0);
    expect(early.onTime).toBe(false);
    expect(early.delayHours).toBeNull();
    // The first ETA kept, but the one a week out was two days off.
    const wobbly = measureEta([eta(20, 1), eta(22, 12)], day(20), 0);
    expect(wobbly.etaWeekOut).toBe(day(22));
    expect(wobbly.onTime).toBe(false);
  });

  it('lets no ETA stand after a source withdrew it, until it gives another', () => {
    // Arrived 30 March. A person set the 27th on the 1st, cleared it on the 14th, set the 31st on the
    // 25th: 14 days out (the 16th) nothing stood, 7 days out neither, 3 and 1 days out the 31st.
    const cleared: IssuedEta = { eta: null, issuedAt: day(14) };
    const history = [eta(27, 1), cleared, eta(31, 25)];
    const measured = measureEta(history, day(30), 0);
    expect(measured.errorHours).toEqual([null, null, -24, -24]);
    expect(measured.firstEta).toBe(day(27));
    expect(measured.etaWeekOut).toBeNull();
    // Three days after the first ETA.
    expect(measured.delayHours).toBe(72);
    expect(measured.onTime).toBe(false);
    // Only ever cleared: nothing to judge.
    expect(measureEta([cleared], day(30), 0)).toMatchObject({ firstEta: null, onTime: null });
  });

  it('has no on-time answer when no ETA was issued before the arrival', () => {
    const measured = measureEta([], day(20), 2);
    expect(measured).toEqual({
      actualArrival: day(20),
      errorHours: [null, null, null, null],
      firstEta: null,
      etaWeekOut: null,
      onTime: null,
      delayHours: null,
      rolls: 2,
    });
  });
});

describe('measureCarrierEta', () => {
  it('measures the carrier ETA history of an arrived shipment, and nothing before arrival', () => {
    const etaHistory = [
      { eta: day(20), classifier: 'PLN' as const, recordedAt: day(1) },
      { eta: day(22), classifier: 'EST' as const, recordedAt: day(12) },
    ];
    const vessel = (name: string) => ({ name, imo: null, voyage: '1W' });
    const rolls = [
      { port: { locode: 'CNSHA', name: null }, from: vessel('A'), to: vessel('B'), recordedAt: day(2) },
    ];
    expect(measureCarrierEta({ arrivalVO: { eta: day(22), ata: null }, etaHistory, rolls })).toBeNull();
    const measured = measureCarrierEta({ arrivalVO: { eta: day(22), ata: day(23) }, etaHistory, rolls });
    expect(measured?.errorHours).toEqual([72, 24, 24, 24]);
    expect(measured?.onTime).toBe(false);
    expect(measured?.delayHours).toBe(72);
    expect(measured?.rolls).toBe(1);
  });
});
