import { describe, expect, it } from 'vitest';
import { deriveShipment } from './derive-shipment';
import { ev, RTM, SHA, SIN } from './derive-shipment.test-support';
import { portCalls } from './voyage';

const feeder = { vesselName: 'FEEDER', voyage: '1W', transportCallSequence: 1 };
const main = { vesselName: 'MAIN', voyage: '2W', transportCallSequence: 1 };

/** Shanghai, Singapore (transshipment), Rotterdam, planned on 1 October. */
const plan = () => [
  ev('LOAD', 'PLN', '2026-10-05T00:00:00.000Z', SHA, feeder),
  ev('DEPA', 'PLN', '2026-10-05T06:00:00.000Z', SHA, feeder),
  ev('ARRI', 'PLN', '2026-10-12T00:00:00.000Z', SIN, { ...feeder, transportCallSequence: 2 }),
  ev('DISC', 'PLN', '2026-10-12T08:00:00.000Z', SIN, { ...feeder, transportCallSequence: 2 }),
  ev('LOAD', 'PLN', '2026-10-15T00:00:00.000Z', SIN, main),
  ev('DEPA', 'PLN', '2026-10-15T06:00:00.000Z', SIN, main),
  ev('ARRI', 'PLN', '2026-11-08T00:00:00.000Z', RTM, { ...main, transportCallSequence: 2 }),
];
const codes = (ports: { locode: string }[] | undefined) => ports?.map((p) => p.locode);

describe('the route as first published and as it stands', () => {
  it('keeps the first published route when a call is added later', () => {
    const colombo = ev('ARRI', 'EST', '2026-10-25T00:00:00.000Z', 'LKCMB', {
      ...main,
      transportCallSequence: 3,
      createdAt: '2026-10-03T00:00:00Z',
    });
    const d = deriveShipment([...plan(), colombo]);
    expect(codes(d.plannedRoute)).toEqual([SHA, SIN, RTM]);
    expect(codes(portCalls(d))).toEqual([SHA, SIN, 'LKCMB', RTM]);
  });

  it('leaves a call whose plans are all withdrawn out of the current route, not out of the plan', () => {
    const events = plan();
    const singapore = events.filter((e) => e.locationCode === SIN && e.typeCode !== 'LOAD');
    const withdrawn = new Set(singapore.map((e) => e.eventId));
    const d = deriveShipment(events, { withdrawn });
    expect(codes(d.plannedRoute)).toEqual([SHA, SIN, RTM]);
    // The reload there is still listed: the call stays.
    expect(codes(portCalls(d))).toEqual([SHA, SIN, RTM]);
    const all = new Set(events.filter((e) => e.locationCode === SIN).map((e) => e.eventId));
    expect(codes(portCalls(deriveShipment(events, { withdrawn: all })))).toEqual([SHA, RTM]);
  });

  it('never withdraws an actual', () => {
    const events = [...plan(), ev('ARRI', 'ACT', '2026-10-12T02:00:00.000Z', SIN, feeder)];
    const all = new Set(events.filter((e) => e.locationCode === SIN).map((e) => e.eventId));
    expect(codes(portCalls(deriveShipment(events, { withdrawn: all })))).toEqual([SHA, SIN, RTM]);
  });

  it('tells each departure as first planned beside its latest estimate', () => {
    const later = ev('DEPA', 'EST', '2026-10-17T06:00:00.000Z', SIN, {
      ...main,
      createdAt: '2026-10-04T00:00:00Z',
    });
    const leg = deriveShipment([...plan(), later]).legs![1]!;
    expect(leg.departure).toEqual({
      etd: '2026-10-17T06:00:00.000Z',
      atd: null,
      plannedEtd: '2026-10-15T06:00:00.000Z',
    });
  });
});
