import { describe, expect, it } from 'vitest';
import { deriveShipment, milestoneText, pickMilestone } from './derive-shipment';
import type { TrackingEvent } from './tracking-event';

let seq = 0;
/** A hand-built event; `created` defaults to the event time for actuals and a week before for plans. */
function ev(
  typeCode: TrackingEvent['typeCode'],
  classifier: TrackingEvent['classifier'],
  at: string,
  where: string,
  more: Partial<TrackingEvent> = {},
): TrackingEvent {
  const transport = typeCode === 'ARRI' || typeCode === 'DEPA';
  return {
    eventId: `e${String(++seq)}`,
    eventType: transport ? 'TRANSPORT' : 'EQUIPMENT',
    typeCode,
    classifier,
    emptyIndicator: transport ? null : 'LADEN',
    locationCode: where,
    locationName: where,
    vesselName: null,
    vesselImo: null,
    voyage: null,
    transportCallSequence: null,
    eventTime: at,
    createdAt: classifier === 'ACT' ? at : '2026-10-01T00:00:00Z',
    ...more,
  };
}

const SHA = 'CNSHA';
const SIN = 'SGSIN';
const RTM = 'NLRTM';

describe('deriveShipment', () => {
  it('a direct voyage in transit: actuals at origin, estimates at destination', () => {
    const events = [
      ev('GTOT', 'ACT', '2026-10-20T08:00:00Z', SHA, { emptyIndicator: 'EMPTY', transportCallSequence: 1 }),
      ev('GTIN', 'ACT', '2026-10-22T10:00:00Z', SHA, { transportCallSequence: 1 }),
      ev('LOAD', 'ACT', '2026-10-25T03:00:00Z', SHA, {
        transportCallSequence: 1,
        vesselName: 'MSC AURORA',
        voyage: 'FA542W',
      }),
      ev('DEPA', 'ACT', '2026-10-25T18:00:00Z', SHA, {
        transportCallSequence: 1,
        vesselName: 'MSC AURORA',
        voyage: 'FA542W',
      }),
      ev('ARRI', 'EST', '2026-11-28T06:00:00Z', RTM, { transportCallSequence: 2 }),
      ev('DISC', 'EST', '2026-11-29T06:00:00Z', RTM, { transportCallSequence: 2 }),
    ];
    const d = deriveShipment(events);
    expect(d.pol).toEqual({ locode: SHA, name: SHA });
    expect(d.pod).toEqual({ locode: RTM, name: RTM });
    expect(d.transshipments).toEqual([]);
    expect(d.status).toBe('in_transit');
    expect(d.departureVO).toEqual({ etd: null, atd: '2026-10-25T18:00:00Z' });
    expect(d.arrivalVO).toEqual({ eta: '2026-11-28T06:00:00Z', ata: null });
    expect(d.shipmentOverall.emptyGateOut).toMatchObject({ classifier: 'ACT', time: '2026-10-20T08:00:00Z' });
    expect(d.shipmentOverall.discharged).toMatchObject({ classifier: 'EST' });
    expect(d.shipmentOverall.berthed).toBeNull();
    expect(d.vessel).toEqual({ name: 'MSC AURORA', imo: null, voyage: 'FA542W' });
  });

  it('a transshipment: first load is the POL, last discharge the POD, the middle port in between', () => {
    const events = [
      ev('LOAD', 'ACT', '2026-10-01T00:00:00Z', SHA, { transportCallSequence: 1 }),
      ev('DISC', 'ACT', '2026-10-08T00:00:00Z', SIN, { transportCallSequence: 2 }),
      ev('LOAD', 'ACT', '2026-10-10T00:00:00Z', SIN, {
        transportCallSequence: 2,
        vesselName: 'MAERSK ESSEN',
      }),
      ev('ARRI', 'EST', '2026-11-05T00:00:00Z', RTM, { transportCallSequence: 3 }),
      ev('DISC', 'EST', '2026-11-06T00:00:00Z', RTM, { transportCallSequence: 3 }),
    ];
    const d = deriveShipment(events);
    expect(d.pol?.locode).toBe(SHA);
    expect(d.pod?.locode).toBe(RTM);
    expect(d.transshipments.map((p) => p.locode)).toEqual([SIN]);
    expect(d.shipmentOverall.loaded).toMatchObject({
      time: '2026-10-01T00:00:00Z',
      location: { locode: SHA },
    });
    expect(d.shipmentOverall.discharged).toMatchObject({ classifier: 'EST', location: { locode: RTM } });
    expect(d.vessel?.name).toBe('MAERSK ESSEN');
  });

  it('ETA slips: the newest estimate wins and every distinct ETA is kept in order', () => {
    const events = [
      ev('ARRI', 'PLN', '2026-11-20T00:00:00Z', RTM, { createdAt: '2026-10-01T00:00:00Z' }),
      ev('ARRI', 'EST', '2026-11-22T00:00:00Z', RTM, { createdAt: '2026-10-15T00:00:00Z' }),
      ev('ARRI', 'EST', '2026-11-22T00:00:00Z', RTM, { createdAt: '2026-10-16T00:00:00Z' }),
      ev('ARRI', 'EST', '2026-11-25T12:00:00Z', RTM, { createdAt: '2026-11-02T00:00:00Z' }),
      ev('DISC', 'EST', '2026-11-26T00:00:00Z', RTM),
    ];
    const d = deriveShipment(events);
    expect(d.arrivalVO.eta).toBe('2026-11-25T12:00:00Z');
    expect(d.etaHistory.map((h) => h.eta)).toEqual([
      '2026-11-20T00:00:00Z',
      '2026-11-22T00:00:00Z',
      '2026-11-25T12:00:00Z',
    ]);
  });

  it('an estimate received after the actual never overwrites it', () => {
    const events = [
      ev('DISC', 'ACT', '2026-11-06T09:00:00Z', RTM, { createdAt: '2026-11-06T09:05:00Z' }),
      ev('DISC', 'EST', '2026-11-07T00:00:00Z', RTM, { createdAt: '2026-11-08T00:00:00Z' }),
      ev('ARRI', 'ACT', '2026-11-05T22:00:00Z', RTM, { createdAt: '2026-11-05T22:10:00Z' }),
      ev('ARRI', 'EST', '2026-11-04T00:00:00Z', RTM, { createdAt: '2026-11-09T00:00:00Z' }),
    ];
    const d = deriveShipment(events);
    expect(d.shipmentOverall.discharged).toMatchObject({ classifier: 'ACT', time: '2026-11-06T09:00:00Z' });
    expect(d.arrivalVO.ata).toBe('2026-11-05T22:00:00Z');
    expect(d.shipmentOverall.berthed).toMatchObject({ classifier: 'ACT', time: '2026-11-05T22:00:00Z' });
    expect(d.status).toBe('discharged');
  });

  it('gives the same answer whatever order the events arrive in', () => {
    const events = [
      ev('GTOT', 'ACT', '2026-10-20T08:00:00Z', SHA, { emptyIndicator: 'EMPTY' }),
      ev('LOAD', 'ACT', '2026-10-25T03:00:00Z', SHA, { transportCallSequence: 1 }),
      ev('DEPA', 'ACT', '2026-10-25T18:00:00Z', SHA, { transportCallSequence: 1 }),
      ev('ARRI', 'ACT', '2026-11-27T06:00:00Z', RTM, { transportCallSequence: 2 }),
      ev('DISC', 'ACT', '2026-11-28T06:00:00Z', RTM, { transportCallSequence: 2 }),
      ev('GTOT', 'ACT', '2026-11-30T10:00:00Z', RTM),
      ev('GTIN', 'ACT', '2026-12-03T10:00:00Z', 'NLRTM', { emptyIndicator: 'EMPTY' }),
    ];
    const forward = deriveShipment(events);
    const backward = deriveShipment([...events].reverse());
    const shuffled = deriveShipment([
      events[4]!,
      events[0]!,
      events[6]!,
      events[2]!,
      events[5]!,
      events[1]!,
      events[3]!,
    ]);
    expect(backward).toEqual(forward);
    expect(shuffled).toEqual(forward);
    expect(forward.status).toBe('empty_returned');
    expect(forward.shipmentOverall.emptyReturned).toMatchObject({ time: '2026-12-03T10:00:00Z' });
    expect(forward.shipmentOverall.fullGateOut).toMatchObject({ time: '2026-11-30T10:00:00Z' });
  });

  it('knows nothing from nothing', () => {
    const d = deriveShipment([]);
    expect(d).toMatchObject({
      pol: null,
      pod: null,
      status: 'booked',
      vessel: null,
      etaHistory: [],
      arrivalVO: { eta: null, ata: null },
    });
  });

  it('carries the last free day from terminal data when a provider has it', () => {
    const d = deriveShipment([ev('DISC', 'ACT', '2026-11-06T09:00:00Z', RTM)], {
      lastFreeDay: '2026-11-10T23:59:00Z',
    });
    expect(d.shipmentOverall.lastFreeDay).toMatchObject({
      time: '2026-11-10T23:59:00Z',
      location: { locode: RTM },
    });
  });
});

describe('pickMilestone', () => {
  it('prefers ACT over EST over PLN, then the newest', () => {
    const plan = ev('ARRI', 'PLN', '2026-01-01T00:00:00Z', RTM, { createdAt: '2026-01-05T00:00:00Z' });
    const old = ev('ARRI', 'EST', '2026-01-02T00:00:00Z', RTM, { createdAt: '2025-12-01T00:00:00Z' });
    const fresh = ev('ARRI', 'EST', '2026-01-03T00:00:00Z', RTM, { createdAt: '2025-12-20T00:00:00Z' });
    expect(pickMilestone([plan, old, fresh])).toBe(fresh);
    expect(pickMilestone([])).toBeNull();
  });
});

describe('milestoneText (spec §3)', () => {
  const f = (iso: string) => iso.slice(0, 10);
  it.each([
    ['2026-11-05', '2026-11-04', '2026-11-05 EST: 2026-11-04'],
    [null, '2026-11-04', 'EST: 2026-11-04'],
    ['2026-11-05', null, '2026-11-05'],
    [null, null, '-'],
  ])('actual %s, estimate %s → %s', (actual, estimated, text) => {
    expect(milestoneText(actual, estimated, f)).toBe(text);
  });
});
