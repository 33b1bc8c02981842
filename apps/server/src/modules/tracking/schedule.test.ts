import { describe, expect, it } from 'vitest';
import type { DerivedShipment } from '@tracklane/shared/tracking/ocean/derive-shipment';
import { derivedView } from '@tracklane/shared/tracking/ocean/derive-shipment.test-support';
import type { DerivedParcel } from '@tracklane/shared/tracking/express/derived-parcel';
import { oceanNextCheck } from '../ocean-shipments/ocean-mode';
import { expressNextCheck } from '../express-shipments/express-mode';
import { DAY, HOUR, MINUTE } from './backoff';
import { pollInterval, PUSHED_INTERVAL, SETTLED_INTERVAL } from './schedule';

const now = new Date('2026-11-20T12:00:00Z');
const inMs = (ms: number) => new Date(now.getTime() + ms).toISOString();
const quietFor = (ms: number) => new Date(now.getTime() - ms);

describe('pollInterval', () => {
  it('asks by how recently the item changed when nothing is close', () => {
    const far = [inMs(20 * DAY)];
    expect(pollInterval({ milestones: far, settled: false, changedAt: quietFor(HOUR), now })).toBe(HOUR);
    expect(pollInterval({ milestones: far, settled: false, changedAt: quietFor(2 * DAY), now })).toBe(
      3 * HOUR,
    );
    expect(pollInterval({ milestones: [], settled: false, changedAt: quietFor(8 * DAY), now })).toBe(
      12 * HOUR,
    );
  });

  it('asks more often the closer an ETA, a discharge or a last free day is, before or just after', () => {
    const quiet = quietFor(10 * DAY);
    const at = (ms: number) =>
      pollInterval({ milestones: [null, inMs(ms)], settled: false, changedAt: quiet, now });
    expect(at(20 * HOUR)).toBe(30 * MINUTE);
    expect(at(-6 * HOUR)).toBe(30 * MINUTE);
    expect(at(2 * DAY)).toBe(HOUR);
    expect(at(5 * DAY)).toBe(3 * HOUR);
    expect(at(9 * DAY)).toBe(12 * HOUR);
    // A recent change never slows it down.
    expect(
      pollInterval({ milestones: [inMs(5 * DAY)], settled: false, changedAt: quietFor(HOUR), now }),
    ).toBe(HOUR);
  });

  it('asks rarely once the journey is all but over, whatever is close', () => {
    expect(pollInterval({ milestones: [inMs(HOUR)], settled: true, changedAt: quietFor(MINUTE), now })).toBe(
      SETTLED_INTERVAL,
    );
  });

  it('keeps an urgent state’s shortest wait', () => {
    expect(
      pollInterval({
        milestones: [],
        settled: false,
        urgent: 30 * MINUTE,
        changedAt: quietFor(10 * DAY),
        now,
      }),
    ).toBe(30 * MINUTE);
  });
});

describe('the modes read their milestones into the schedule', () => {
  const milestone = (time: string, classifier: 'ACT' | 'EST' = 'ACT') => ({
    time,
    classifier,
    location: null,
  });
  const ship = (overall: Partial<DerivedShipment['shipmentOverall']>, eta: string | null) =>
    derivedView({
      shipmentOverall: { ...derivedView().shipmentOverall, ...overall },
      arrivalVO: { eta, ata: null },
    });
  const wait = (d: DerivedShipment) =>
    oceanNextCheck(d, quietFor(10 * DAY), now).at!.getTime() - now.getTime();

  it('ocean: close to the ETA or the last free day, rarely after the gate-out', () => {
    expect(wait(ship({}, inMs(12 * HOUR)))).toBe(30 * MINUTE);
    expect(wait(ship({ lastFreeDay: milestone(inMs(2 * DAY), 'EST') }, null))).toBe(HOUR);
    expect(wait(ship({}, inMs(30 * DAY)))).toBe(12 * HOUR);
    expect(wait(ship({ fullGateOut: milestone(inMs(-DAY)) }, inMs(-2 * DAY)))).toBe(SETTLED_INTERVAL);
  });

  it('express: close to the estimated delivery, rarely once delivered', () => {
    const parcel = (fields: Partial<DerivedParcel>) =>
      ({
        status: 'in_transit',
        deliveredAt: null,
        estimatedDelivery: null,
        lastEventAt: null,
        ...fields,
      }) as DerivedParcel;
    const at = (p: DerivedParcel) =>
      expressNextCheck(p, quietFor(10 * DAY), now).at!.getTime() - now.getTime();
    expect(at(parcel({ estimatedDelivery: inMs(10 * HOUR) }))).toBe(30 * MINUTE);
    expect(at(parcel({}))).toBe(12 * HOUR);
    expect(at(parcel({ status: 'delivered', deliveredAt: inMs(-HOUR) }))).toBe(SETTLED_INTERVAL);
  });

  it('asks a pushed item only as a safety net, however close its moments, until its journey ends', () => {
    const pushed = (d: DerivedShipment) =>
      oceanNextCheck(d, quietFor(HOUR), now, { pushed: true }).at!.getTime() - now.getTime();
    expect(pushed(ship({}, inMs(2 * HOUR)))).toBe(PUSHED_INTERVAL);
    expect(pushed(ship({ lastFreeDay: milestone(inMs(HOUR), 'EST') }, null))).toBe(PUSHED_INTERVAL);
    expect(PUSHED_INTERVAL).toBeGreaterThanOrEqual(12 * HOUR);
    const returned = ship({ emptyReturned: milestone(inMs(-5 * DAY)) }, inMs(-30 * DAY));
    expect(oceanNextCheck(returned, quietFor(HOUR), now, { pushed: true })).toEqual({
      at: null,
      completed: true,
    });
  });
});
