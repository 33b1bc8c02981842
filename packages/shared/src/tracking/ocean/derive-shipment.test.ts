import { describe, expect, it } from 'vitest';
import { deriveShipment, milestoneText, pickMilestone } from './derive-shipment';
import { ev, RTM, SHA, SIN } from './derive-shipment.test-support';

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

  describe('rolls', () => {
    const A = { vesselName: 'MSC AURORA', vesselImo: '9000001', voyage: '101E' };
    const B = { vesselName: 'EVER ACE', vesselImo: '9000002', voyage: '202W' };
    const booked = '2026-10-01T00:00:00Z';
    const rolledAt = '2026-10-05T00:00:00Z';
    const rest = [
      ev('ARRI', 'EST', '2026-11-05T00:00:00Z', RTM, { transportCallSequence: 3 }),
      ev('DISC', 'EST', '2026-11-06T00:00:00Z', RTM, { transportCallSequence: 3 }),
    ];

    it('none while the plan names one vessel throughout, whatever the classifier', () => {
      const d = deriveShipment([
        ev('LOAD', 'PLN', '2026-10-10T00:00:00Z', SHA, { ...A, createdAt: booked }),
        ev('DEPA', 'PLN', '2026-10-10T12:00:00Z', SHA, { ...A, createdAt: booked }),
        ev('LOAD', 'ACT', '2026-10-10T01:00:00Z', SHA, A),
        ...rest,
      ]);
      expect(d.rolls).toEqual([]);
    });

    it('another vessel and voyage published for the load at the POL is a roll from the booked one', () => {
      const d = deriveShipment([
        ev('LOAD', 'PLN', '2026-10-10T00:00:00Z', SHA, { ...A, createdAt: booked }),
        ev('DEPA', 'PLN', '2026-10-10T12:00:00Z', SHA, { ...A, createdAt: booked }),
        ev('LOAD', 'EST', '2026-10-17T00:00:00Z', SHA, { ...B, createdAt: rolledAt }),
        ev('DEPA', 'EST', '2026-10-17T12:00:00Z', SHA, { ...B, createdAt: rolledAt }),
        ...rest,
      ]);
      expect(d.rolls).toEqual([
        {
          port: { locode: SHA, name: SHA },
          from: { name: A.vesselName, imo: A.vesselImo, voyage: A.voyage },
          to: { name: B.vesselName, imo: B.vesselImo, voyage: B.voyage },
          recordedAt: rolledAt,
        },
      ]);
      expect(d.vessel?.name).toBe(B.vesselName);
    });

    it('the same vessel on a later voyage is a roll; a missing voyage or IMO is not', () => {
      const later = { ...A, voyage: '103E' };
      const d = deriveShipment([
        ev('LOAD', 'PLN', '2026-10-10T00:00:00Z', SHA, { ...A, createdAt: booked }),
        ev('DEPA', 'PLN', '2026-10-10T12:00:00Z', SHA, {
          ...A,
          vesselImo: null,
          voyage: null,
          createdAt: booked,
        }),
        ev('LOAD', 'EST', '2026-10-24T00:00:00Z', SHA, { ...later, createdAt: rolledAt }),
        ...rest,
      ]);
      expect(d.rolls.map((r) => [r.from.voyage, r.to.voyage])).toEqual([['101E', '103E']]);
    });

    it('a roll at a transshipment port counts; a change of vessel at the transshipment itself does not', () => {
      const d = deriveShipment([
        ev('LOAD', 'ACT', '2026-10-01T00:00:00Z', SHA, { ...A, transportCallSequence: 1 }),
        ev('DISC', 'ACT', '2026-10-08T00:00:00Z', SIN, { ...A, transportCallSequence: 2 }),
        ev('LOAD', 'PLN', '2026-10-10T00:00:00Z', SIN, { ...B, transportCallSequence: 1, createdAt: booked }),
        ev('LOAD', 'EST', '2026-10-12T00:00:00Z', SIN, {
          vesselName: 'ONE INNOVATION',
          vesselImo: '9000003',
          voyage: '303E',
          transportCallSequence: 1,
          createdAt: '2026-10-09T00:00:00Z',
        }),
        ...rest,
      ]);
      expect(d.rolls).toHaveLength(1);
      expect(d.rolls[0]).toMatchObject({
        port: { locode: SIN },
        from: { name: B.vesselName },
        to: { name: 'ONE INNOVATION' },
      });
    });

    it('the same rolls whatever order the events arrive in', () => {
      const events = [
        ev('LOAD', 'PLN', '2026-10-10T00:00:00Z', SHA, { ...A, createdAt: booked }),
        ev('LOAD', 'EST', '2026-10-17T00:00:00Z', SHA, { ...B, createdAt: rolledAt }),
        ev('LOAD', 'ACT', '2026-10-17T01:00:00Z', SHA, B),
        ...rest,
      ];
      expect(deriveShipment([...events].reverse()).rolls).toEqual(deriveShipment(events).rolls);
    });
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
