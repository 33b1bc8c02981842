import { describe, expect, it } from 'vitest';
import { deriveShipment } from '@tracklane/shared/tracking/ocean/derive-shipment';
import { demoTraits, demoVoyage } from './demo-carrier';

const DAY = 86_400_000;
const started = new Date('2026-11-01T00:00:00Z');
const query = (containerNo: string) => ({
  containerNo,
  mblNo: 'MEDU1234567',
  carrierScac: 'MSCU',
  trackingStartedAt: started,
});

// The demo carrier takes any number; intake is where check digits are enforced.
const NUMBERS = [
  'MSCU1234566',
  'CSQU3054383',
  'MSKU9070323',
  'TGHU1000007',
  'TCNU2000004',
  'FSCU3000010',
  'TRHU4000002',
  'BMOU5000009',
];

describe('the demo carrier', () => {
  it('answers the same voyage for the same container every time', () => {
    const now = started.getTime() + 10 * DAY;
    expect(demoVoyage(query('CSQU3054383'), now)).toEqual(demoVoyage(query('CSQU3054383'), now));
  });

  it('turns estimates into actuals as time passes, never losing an actual', () => {
    const found = NUMBERS.map((n) => ({ n, r: demoVoyage(query(n), started.getTime() + 120 * DAY) })).find(
      (x) => x.r.status === 'found',
    );
    expect(found).toBeDefined();
    let previousActuals = -1;
    for (let day = -10; day <= 120; day += 5) {
      const result = demoVoyage(query(found!.n), started.getTime() + day * DAY);
      if (result.status !== 'found') continue;
      const actuals = result.events.filter((e) => e.classifier === 'ACT').length;
      expect(actuals).toBeGreaterThanOrEqual(previousActuals);
      previousActuals = actuals;
      for (const e of result.events) {
        if (e.classifier === 'ACT')
          expect(Date.parse(e.eventTime)).toBeLessThanOrEqual(started.getTime() + day * DAY);
        expect(Date.parse(e.createdAt)).toBeLessThanOrEqual(started.getTime() + day * DAY);
      }
    }
    const end = demoVoyage(query(found!.n), started.getTime() + 120 * DAY);
    if (end.status !== 'found') throw new Error('expected found');
    expect(deriveShipment(end.events, { lastFreeDay: end.facts?.lastFreeDay ?? null }).status).toBe(
      'empty_returned',
    );
  });

  it('produces real ports, vessels and a coherent journey', () => {
    for (const n of NUMBERS) {
      const result = demoVoyage(query(n), started.getTime() + 15 * DAY);
      if (result.status !== 'found') continue;
      const d = deriveShipment(result.events);
      expect(d.pol?.name).toBeTruthy();
      expect(d.pod?.name).toBeTruthy();
      expect(d.pol?.locode).not.toBe(d.pod?.locode);
      expect(d.vessel?.name).toMatch(/^[A-Z ]+$/);
      const etd = d.departureVO.atd ?? d.departureVO.etd;
      const eta = d.arrivalVO.ata ?? d.arrivalVO.eta;
      expect(Date.parse(eta!)).toBeGreaterThan(Date.parse(etd!));
    }
  });

  it('derives its transshipment voyages at every stage: the last call is the POD, the middle ones between', () => {
    const at = (day: number) => started.getTime() + day * DAY;
    const voyages = Array.from({ length: 24 }, (_, i) => query(`DEMU${String(i).padStart(7, '0')}`))
      .map((q) => ({ q, end: demoVoyage(q, at(120)) }))
      .filter((v) => v.end.status === 'found')
      .map(({ q, end }) => {
        // The booking's plans name every call: loads at the POL and each transshipment, the last discharge at the POD.
        const plans = (end.status === 'found' ? end.events : []).filter((e) => e.classifier === 'PLN');
        const inOrder = (code: string) =>
          plans
            .filter((e) => e.typeCode === code)
            .sort((a, b) => Date.parse(a.eventTime) - Date.parse(b.eventTime))
            .map((e) => e.locationCode);
        return { q, loads: inOrder('LOAD'), pod: inOrder('DISC').at(-1) };
      })
      .filter((v) => v.loads.length > 1);
    expect(voyages.length).toBeGreaterThan(2);
    for (const { q, loads, pod } of voyages) {
      for (let day = -40; day <= 120; day += 3) {
        const result = demoVoyage(q, at(day));
        if (result.status !== 'found' || result.events.length === 0) continue;
        const d = deriveShipment(result.events);
        const arrived = result.events.some(
          (e) => e.typeCode === 'ARRI' && e.classifier === 'ACT' && e.locationCode === pod,
        );
        expect([d.pol?.locode, d.pod?.locode]).toEqual([loads[0], pod]);
        expect(d.transshipments.map((p) => p.locode)).toEqual(loads.slice(1));
        expect(d.arrivalVO.ata !== null).toBe(arrived);
      }
    }
  });

  it('says "not found" for some numbers, and slips some ETAs', () => {
    const results = Array.from({ length: 200 }, (_, i) =>
      demoVoyage(
        { ...query(`DEMU${String(i).padStart(7, '0')}`), mblNo: `MEDU${String(i)}` },
        started.getTime() + 90 * DAY,
      ),
    );
    const notFound = results.filter((r) => r.status === 'not_found').length;
    expect(notFound).toBeGreaterThan(2);
    expect(notFound).toBeLessThan(40);
    const slipped = results.filter(
      (r) => r.status === 'found' && deriveShipment(r.events).etaHistory.length > 1,
    ).length;
    expect(slipped).toBeGreaterThan(20);
  });

  it('rolls about one booking in ten to another vessel, announced before the box is loaded', () => {
    const rolled = Array.from({ length: 200 }, (_, i) =>
      demoVoyage(
        { ...query(`DEMU${String(i).padStart(7, '0')}`), mblNo: `MEDU${String(i)}` },
        started.getTime() + 90 * DAY,
      ),
    )
      .flatMap((r) => (r.status === 'found' ? [{ events: r.events, d: deriveShipment(r.events) }] : []))
      .filter(({ d }) => d.rolls.length > 0);
    expect(rolled.length).toBeGreaterThan(5);
    expect(rolled.length).toBeLessThan(40);
    for (const { events, d } of rolled) {
      expect(d.rolls).toHaveLength(1);
      const [roll] = d.rolls;
      const loaded = events.find(
        (e) => e.typeCode === 'LOAD' && e.classifier === 'ACT' && e.locationCode === d.pol?.locode,
      )!;
      expect(roll!.port.locode).toBe(d.pol?.locode);
      expect(roll!.to).toEqual({ name: loaded.vesselName, imo: loaded.vesselImo, voyage: loaded.voyage });
      expect(roll!.from.voyage).not.toBe(roll!.to.voyage);
      expect(Date.parse(roll!.recordedAt)).toBeLessThan(Date.parse(loaded.eventTime));
    }
  });

  it('rolls exactly the bookings its traits call rolled (tests pick numbers by them)', () => {
    for (let i = 0; i < 400; i++) {
      const q = { ...query(`DEMU${String(i).padStart(7, '0')}`), mblNo: `MEDU${String(i)}` };
      const answer = demoVoyage(q, started.getTime() + 90 * DAY);
      const rolls = answer.status === 'found' ? deriveShipment(answer.events).rolls.length : 0;
      expect({ i, rolled: rolls > 0 }).toEqual({ i, rolled: demoTraits(q.containerNo, q.mblNo).rolled });
    }
  });
});
