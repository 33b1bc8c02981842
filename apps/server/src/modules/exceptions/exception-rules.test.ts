import { describe, expect, it } from 'vitest';
import type { Milestone, VoyageLeg } from '@tracklane/shared/tracking/ocean/derive-shipment';
import { derivedView } from '@tracklane/shared/tracking/ocean/derive-shipment.test-support';
import {
  connectionAtRisk,
  emptyNotReturned,
  etaSlipped,
  lastFreeDay,
  oceanFindings,
  onHold,
  rolled,
  type OceanSnapshot,
} from '../ocean-shipments/ocean-exceptions';
import {
  failedAttempt,
  late,
  parcelException,
  parcelFindings,
  returnedToSender,
  type ParcelSnapshot,
} from '../express-shipments/express-exceptions';
import { noUpdate, notFound } from './exception-rules';

const NOW = new Date('2026-03-10T12:00:00Z');
const SINGAPORE = [{ locode: 'SGSIN', name: null }];
const at = (iso: string) => new Date(iso);
const hoursFromNow = (h: number) => new Date(NOW.getTime() + h * 3_600_000).toISOString();

function ocean(over: Partial<OceanSnapshot> = {}): OceanSnapshot {
  return {
    state: 'active',
    status: 'in_transit',
    eta: null,
    firstEta: null,
    ata: null,
    rolledAt: null,
    terminalOnHold: false,
    freeTimeEndsOn: null,
    lastCheckedAt: at('2026-03-10T11:00:00Z'),
    derived: derivedView(),
    ...over,
  };
}

function parcel(over: Partial<ParcelSnapshot> = {}): ParcelSnapshot {
  return {
    state: 'active',
    status: 'in_transit',
    estimatedDelivery: null,
    deliveredAt: null,
    lastCheckedAt: at('2026-03-10T11:00:00Z'),
    derived: { subStatus: null },
    ...over,
  };
}

const leg = (
  from: string,
  to: string,
  times: Partial<VoyageLeg['departure'] & VoyageLeg['arrival']>,
): VoyageLeg => ({
  from: { locode: from, name: null },
  to: { locode: to, name: null },
  departure: { etd: times.etd ?? null, atd: times.atd ?? null },
  arrival: { eta: times.eta ?? null, ata: times.ata ?? null },
});

const act = (time: string): Milestone => ({ time, classifier: 'ACT', location: null });

describe('ocean exception rules', () => {
  it('raises a roll until arrival, one episode per roll', () => {
    expect(rolled(ocean())).toBeNull();
    const first = rolled(ocean({ rolledAt: at('2026-03-01T00:00:00Z') }));
    const second = rolled(ocean({ rolledAt: at('2026-03-05T00:00:00Z') }));
    expect(first?.type).toBe('rolled');
    expect(first?.mark).not.toBe(second?.mark);
    expect(
      rolled(ocean({ rolledAt: at('2026-03-01T00:00:00Z'), ata: at('2026-03-09T00:00:00Z') })),
    ).toBeNull();
  });

  it('raises an ETA slip from 48 hours against the first ETA, not before, not after arrival', () => {
    const firstEta = at('2026-03-20T00:00:00Z');
    expect(etaSlipped(ocean({ firstEta, eta: at('2026-03-21T23:00:00Z') }))).toBeNull();
    expect(etaSlipped(ocean({ firstEta, eta: at('2026-03-22T00:00:00Z') }))?.detail).toBe(
      'ETA 48 h later than first announced',
    );
    expect(etaSlipped(ocean({ firstEta, eta: at('2026-03-25T00:00:00Z'), ata: NOW }))).toBeNull();
  });

  it('sees a connection at risk when the next vessel leaves too soon or before arrival', () => {
    const tight = derivedView({
      transshipments: SINGAPORE,
      legs: [
        leg('CNSHA', 'SGSIN', { eta: hoursFromNow(48) }),
        leg('SGSIN', 'NLRTM', { etd: hoursFromNow(60) }),
      ],
    });
    expect(connectionAtRisk(ocean({ derived: tight }))).toMatchObject({
      type: 'connection_at_risk',
      mark: 'SGSIN',
      detail: 'Only 12 h between arrival and the next departure at SGSIN',
    });
    const missed = derivedView({
      transshipments: SINGAPORE,
      legs: [
        leg('CNSHA', 'SGSIN', { eta: hoursFromNow(48) }),
        leg('SGSIN', 'NLRTM', { etd: hoursFromNow(40) }),
      ],
    });
    expect(connectionAtRisk(ocean({ derived: missed }))?.detail).toBe(
      'Next vessel leaves SGSIN 8 h before the box arrives',
    );
    const roomy = derivedView({
      transshipments: SINGAPORE,
      legs: [
        leg('CNSHA', 'SGSIN', { eta: hoursFromNow(48) }),
        leg('SGSIN', 'NLRTM', { etd: hoursFromNow(96) }),
      ],
    });
    expect(connectionAtRisk(ocean({ derived: roomy }))).toBeNull();
    const gone = derivedView({
      transshipments: SINGAPORE,
      legs: [
        leg('CNSHA', 'SGSIN', { ata: hoursFromNow(-10) }),
        leg('SGSIN', 'NLRTM', { etd: hoursFromNow(-5), atd: hoursFromNow(-5) }),
      ],
    });
    expect(connectionAtRisk(ocean({ derived: gone }))).toBeNull();
    // A call its vessel makes with the box on board is no connection.
    expect(connectionAtRisk(ocean({ derived: { ...tight, transshipments: [] } }))).toBeNull();
  });

  it('raises on hold only when the terminal says so', () => {
    expect(onHold(ocean())).toBeNull();
    expect(onHold(ocean({ terminalOnHold: true }))?.type).toBe('on_hold');
  });

  it('tells a last free day at risk (today, tomorrow) from one passed, until the empty is back', () => {
    expect(lastFreeDay(ocean({ freeTimeEndsOn: at('2026-03-12T00:00:00Z') }), NOW)).toBeNull();
    expect(lastFreeDay(ocean({ freeTimeEndsOn: at('2026-03-11T00:00:00Z') }), NOW)?.detail).toBe(
      'Last free day 2026-03-11 is tomorrow',
    );
    expect(lastFreeDay(ocean({ freeTimeEndsOn: at('2026-03-10T00:00:00Z') }), NOW)?.type).toBe('lfd_at_risk');
    expect(lastFreeDay(ocean({ freeTimeEndsOn: at('2026-03-09T00:00:00Z') }), NOW)?.type).toBe('lfd_passed');
    expect(
      lastFreeDay(ocean({ freeTimeEndsOn: at('2026-03-09T00:00:00Z'), status: 'empty_returned' }), NOW),
    ).toBeNull();
    // A return the carrier only plans does not stop the clock; an actual one does.
    const returnPlanned = (classifier: 'PLN' | 'ACT') =>
      ocean({
        freeTimeEndsOn: at('2026-03-09T00:00:00Z'),
        derived: derivedView({
          shipmentOverall: {
            ...derivedView().shipmentOverall,
            emptyReturned: { time: '2026-03-12T00:00:00Z', classifier, location: null },
          },
        }),
      });
    expect(lastFreeDay(returnPlanned('PLN'), NOW)?.type).toBe('lfd_passed');
    expect(lastFreeDay(returnPlanned('ACT'), NOW)).toBeNull();
  });

  it('raises an empty not returned seven days after an actual full gate-out', () => {
    const out = (time: string, returned?: string) =>
      ocean({
        derived: derivedView({
          shipmentOverall: {
            ...derivedView().shipmentOverall,
            fullGateOut: act(time),
            emptyReturned: returned ? act(returned) : null,
          },
        }),
      });
    expect(emptyNotReturned(out('2026-03-05T00:00:00Z'), NOW)).toBeNull();
    expect(emptyNotReturned(out('2026-03-03T00:00:00Z'), NOW)?.type).toBe('empty_not_returned');
    expect(emptyNotReturned(out('2026-03-03T00:00:00Z', '2026-03-09T00:00:00Z'), NOW)).toBeNull();
  });

  it('raises not found and no update by the tracking state and the last answer', () => {
    expect(notFound('not_found')?.type).toBe('not_found');
    expect(notFound('active')).toBeNull();
    expect(noUpdate('active', at('2026-03-07T12:00:00Z'), NOW)?.type).toBe('no_update');
    expect(noUpdate('active', at('2026-03-07T12:00:01Z'), NOW)).toBeNull();
    expect(noUpdate('active', null, NOW)?.type).toBe('no_update');
    expect(noUpdate('completed', null, NOW)).toBeNull();
  });

  it('lists every finding of one shipment together', () => {
    const types = oceanFindings(
      ocean({ rolledAt: at('2026-03-01T00:00:00Z'), terminalOnHold: true, lastCheckedAt: null }),
      NOW,
    ).map((f) => f.type);
    expect(types).toEqual(['rolled', 'on_hold', 'no_update']);
  });
});

describe('parcel exception rules', () => {
  it('raises an exception, and a return to sender instead of one', () => {
    expect(
      parcelException(parcel({ status: 'exception', derived: { subStatus: 'customs_hold' } }))?.detail,
    ).toBe('Carrier reports an exception (customs hold)');
    const returning = parcel({ status: 'exception', derived: { subStatus: 'return_to_sender' } });
    expect(parcelException(returning)).toBeNull();
    expect(returnedToSender(returning)?.type).toBe('returned_to_sender');
    expect(returnedToSender(parcel())).toBeNull();
  });

  it('raises a failed attempt while the status says so', () => {
    expect(failedAttempt(parcel({ status: 'failed_attempt' }))?.type).toBe('failed_attempt');
    expect(failedAttempt(parcel())).toBeNull();
  });

  it('raises late 24 hours after the estimate, until delivery', () => {
    expect(late(parcel({ estimatedDelivery: at('2026-03-09T13:00:00Z') }), NOW)).toBeNull();
    expect(late(parcel({ estimatedDelivery: at('2026-03-09T11:00:00Z') }), NOW)?.detail).toBe(
      '25 h past the estimated delivery',
    );
    expect(late(parcel({ estimatedDelivery: at('2026-03-01T00:00:00Z'), deliveredAt: NOW }), NOW)).toBeNull();
  });

  it('lists every finding of one parcel together', () => {
    expect(
      parcelFindings(parcel({ state: 'not_found', lastCheckedAt: null }), NOW).map((f) => f.type),
    ).toEqual(['not_found']);
  });
});
