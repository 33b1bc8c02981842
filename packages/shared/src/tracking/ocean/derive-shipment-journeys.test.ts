import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { deriveShipment } from './derive-shipment';
import { ev, RTM, SHA, SIN } from './derive-shipment.test-support';
import type { TrackingEvent } from './tracking-event';

const BOOKED = '2026-09-28T00:00:00Z';
/** Days after 1 October 2026, as an ISO time. */
const day = (d: number) => new Date(Date.UTC(2026, 9, 1) + Math.round(d * 86_400_000)).toISOString();
type Move = 'ARRI' | 'DISC' | 'LOAD' | 'DEPA';
type Ship = Pick<TrackingEvent, 'vesselName' | 'voyage'>;

/**
 * One move at one vessel call as a DCSA feed has it: the booking's plan, then the actual, published an
 * hour after it happens. `call` is the transportCallSequenceNumber, which each voyage numbers afresh.
 */
function move(code: Move, where: string, ship: Ship, call: number, plan: number | null, actual?: number) {
  const more = { ...ship, transportCallSequence: call };
  const events: TrackingEvent[] = [];
  if (plan !== null) events.push(ev(code, 'PLN', day(plan), where, { ...more, createdAt: BOOKED }));
  if (actual !== undefined)
    events.push(ev(code, 'ACT', day(actual), where, { ...more, createdAt: day(actual + 1 / 24) }));
  return events;
}
/** What the carrier has published by a given day. */
const knownAt = (events: TrackingEvent[], d: number) =>
  events.filter((e) => Date.parse(e.createdAt) <= Date.parse(day(d)));
const locodes = (ports: { locode: string }[]) => ports.map((p) => p.locode);

// The journey: Shanghai on one vessel, reloaded in Singapore onto another, then Rotterdam,
// with no discharge plan for Rotterdam. Singapore is the mainline's first call, Shanghai the feeder's 4th.
const FEEDER = { vesselName: 'MSC IRINA', voyage: 'FE641W' };
const MAINLINE = { vesselName: 'MSC TESSA', voyage: 'AE7W' };
const viaSingapore = [
  ...move('LOAD', SHA, FEEDER, 4, 0, 0.1),
  ...move('DEPA', SHA, FEEDER, 4, 0.4, 0.5),
  ...move('ARRI', SIN, FEEDER, 6, 6, 6.25),
  ...move('DISC', SIN, FEEDER, 6, 7, 7.2),
  ...move('LOAD', SIN, MAINLINE, 1, 9, 9.3),
  ...move('DEPA', SIN, MAINLINE, 1, 9.5, 10.05),
  ...move('ARRI', RTM, MAINLINE, 3, 33, 36.3),
  ev('ARRI', 'EST', day(35), RTM, { ...MAINLINE, transportCallSequence: 3, createdAt: day(11) }),
  ev('ARRI', 'EST', day(36.25), RTM, { ...MAINLINE, transportCallSequence: 3, createdAt: day(19) }),
  ...move('DISC', RTM, MAINLINE, 3, null, 36.8),
];

// Ningbo → Singapore → Colombo → Hamburg on three vessels, numbered so that sequence order is backwards.
const [A, B, C] = ['A1W', 'B2W', 'C3W'].map((voyage) => ({ vesselName: `VESSEL ${voyage}`, voyage }));
const threeLegs = [
  ...[...move('LOAD', 'CNNGB', A!, 9, 0, 0.2), ...move('DEPA', 'CNNGB', A!, 9, 0.5, 0.6)],
  ...[...move('ARRI', SIN, A!, 11, 6, 6.2), ...move('DISC', SIN, A!, 11, 6.5, 6.6)],
  ...[...move('LOAD', SIN, B!, 5, 8, 8.3), ...move('DEPA', SIN, B!, 5, 8.5, 8.6)],
  ...[...move('ARRI', 'LKCMB', B!, 7, 13, 13.5), ...move('DISC', 'LKCMB', B!, 7, 13.6, 14)],
  ...[...move('LOAD', 'LKCMB', C!, 1, 15, 15.2), ...move('DEPA', 'LKCMB', C!, 1, 15.5, 15.6)],
  ...[...move('ARRI', 'DEHAM', C!, 2, 35, 36), ...move('DISC', 'DEHAM', C!, 2, 36.5, 37)],
];

// A feeder from Singapore to Port Klang, where the box joins a mainline that calls Singapore again
// (the box stays on board) on its way to Rotterdam.
const FD = { vesselName: 'FEEDER', voyage: 'FD12N' };
const ML = { vesselName: 'MAINLINE', voyage: 'AE5W' };
const loop = [
  ...[...move('LOAD', SIN, FD, 1, 0, 0.1), ...move('DEPA', SIN, FD, 1, 0.3, 0.4)],
  ...[...move('ARRI', 'MYPKG', FD, 2, 1, 1.1), ...move('DISC', 'MYPKG', FD, 2, 1.3, 1.4)],
  ...[...move('LOAD', 'MYPKG', ML, 7, 3, 3.2), ...move('DEPA', 'MYPKG', ML, 7, 3.5, 3.6)],
  ...[...move('ARRI', SIN, ML, 8, 4.5, 4.6), ...move('DEPA', SIN, ML, 8, 5.5, 5.6)],
  ...move('ARRI', RTM, ML, 12, 25),
];

// One voyage calling Rotterdam twice, Hamburg between: the box is discharged on the second call.
const V = { vesselName: 'RECALLER', voyage: 'V1W' };
const recall = [
  ...[...move('LOAD', SHA, V, 1, 0, 0.1), ...move('DEPA', SHA, V, 1, 0.5, 0.6)],
  ...[...move('ARRI', RTM, V, 5, 30, 30.2), ...move('DEPA', RTM, V, 5, 31, 31.1)],
  ...[...move('ARRI', 'DEHAM', V, 7, 32, 32.5), ...move('DEPA', 'DEHAM', V, 7, 33.5, 33.6)],
  ...[...move('ARRI', RTM, V, 9, 35, 35.2), ...move('DISC', RTM, V, 9, 35.5)],
];

describe('deriveShipment: journeys across vessels (DCSA sequences)', () => {
  it.each([
    ['at sea to Singapore', 3, { eta: day(33), ata: null }, 'in_transit', FEEDER.vesselName],
    ['discharged in Singapore, waiting', 8, { eta: day(33), ata: null }, 'in_transit', FEEDER.vesselName],
    ['at sea to Rotterdam', 20, { eta: day(36.25), ata: null }, 'in_transit', MAINLINE.vesselName],
    ['arrived in Rotterdam', 36.5, { eta: day(36.25), ata: day(36.3) }, 'arrived', MAINLINE.vesselName],
    ['discharged in Rotterdam', 37, { eta: day(36.25), ata: day(36.3) }, 'discharged', MAINLINE.vesselName],
  ])('Shanghai → Singapore → Rotterdam, %s', (_, now, arrivalVO, status, vessel) => {
    const d = deriveShipment(knownAt(viaSingapore, now));
    expect(d.pol?.locode).toBe(SHA);
    expect(d.pod?.locode).toBe(RTM);
    expect(locodes(d.transshipments)).toEqual([SIN]);
    expect(d.departureVO.atd).toBe(day(0.5));
    expect(d.arrivalVO).toEqual(arrivalVO);
    expect(d.status).toBe(status);
    expect(d.vessel?.name).toBe(vessel);
  });

  it('keeps every ETA for Rotterdam, none of Singapore’s', () => {
    const d = deriveShipment(knownAt(viaSingapore, 20));
    expect(d.etaHistory.map((h) => [h.eta, h.classifier])).toEqual([
      [day(33), 'PLN'],
      [day(35), 'EST'],
      [day(36.25), 'EST'],
    ]);
    expect(d.shipmentOverall.berthed).toBeNull();
    expect(d.shipmentOverall.discharged).toBeNull();
  });

  it.each([
    [3, null, 'in_transit'],
    [7, null, 'in_transit'],
    [10, null, 'in_transit'],
    [14.5, null, 'in_transit'],
    [20, null, 'in_transit'],
    [36.2, day(36), 'arrived'],
    [38, day(36), 'discharged'],
  ])('Ningbo → Singapore → Colombo → Hamburg on day %d', (now, ata, status) => {
    const d = deriveShipment(knownAt(threeLegs, now));
    expect([d.pol?.locode, d.pod?.locode]).toEqual(['CNNGB', 'DEHAM']);
    expect(locodes(d.transshipments)).toEqual([SIN, 'LKCMB']);
    expect(d.arrivalVO.ata).toBe(ata);
    expect(d.status).toBe(status);
  });

  it('a port called at twice: the departure is the first call’s, Port Klang the transshipment', () => {
    for (const now of [4, 4.8, 10]) {
      const d = deriveShipment(knownAt(loop, now));
      expect([d.pol?.locode, d.pod?.locode]).toEqual([SIN, RTM]);
      expect(locodes(d.transshipments)).toEqual(['MYPKG']);
      expect(d.departureVO).toEqual({ etd: day(0.3), atd: day(0.4) });
      expect(d.arrivalVO).toEqual({ eta: day(25), ata: null });
      expect(d.status).toBe('in_transit');
    }
  });

  it('a voyage re-calling the port of discharge: the first call’s arrival is not the arrival', () => {
    const atSea = deriveShipment(knownAt(recall, 34));
    expect([atSea.pod?.locode, atSea.transshipments]).toEqual([RTM, []]);
    expect(atSea.arrivalVO).toEqual({ eta: day(35), ata: null });
    expect(atSea.shipmentOverall.berthed).toBeNull();
    expect(atSea.status).toBe('in_transit');
    expect(deriveShipment(knownAt(recall, 36)).arrivalVO.ata).toBe(day(35.2));
  });

  it('knows no port of discharge when the box is reloaded and nothing says where it goes', () => {
    const d = deriveShipment(knownAt(viaSingapore, 20).filter((e) => e.locationCode !== RTM));
    expect([d.pod, locodes(d.transshipments), d.arrivalVO.ata]).toEqual([null, [SIN], null]);
    expect(d.status).toBe('in_transit');
  });

  it('gives the same view whatever order the events of any journey arrive in', () => {
    const cases = [
      ...[3, 8, 20, 37].map((now) => knownAt(viaSingapore, now)),
      ...[7, 14.5, 38].map((now) => knownAt(threeLegs, now)),
      knownAt(loop, 10),
      knownAt(recall, 34),
    ];
    fc.assert(
      fc.property(
        fc
          .constantFrom(...cases)
          .chain((events) =>
            fc.tuple(
              fc.constant(events),
              fc.shuffledSubarray(events, { minLength: events.length, maxLength: events.length }),
            ),
          ),
        ([events, shuffled]) => {
          expect(deriveShipment(shuffled)).toEqual(deriveShipment(events));
        },
      ),
    );
  });
});
