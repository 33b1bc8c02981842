import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { deriveParcel } from './derive-parcel';
import type { ParcelEvent, ParcelPlace, ParcelStatus } from './parcel-event';

const place = (city: string, countryCode: string): ParcelPlace => ({
  name: `${city} Hub`,
  city,
  countryCode,
  latitude: null,
  longitude: null,
});
const LEJ = place('Leipzig', 'DE');
const CDG = place('Paris', 'FR');
const LYS = place('Lyon', 'FR');

let seq = 0;
function scan(status: ParcelStatus, at: string, where: ParcelPlace | null, more: Partial<ParcelEvent> = {}) {
  return {
    eventId: `s${String(++seq)}`,
    classifier: 'ACT',
    status,
    subStatus: null,
    carrierCode: null,
    description: status,
    exceptionReason: null,
    location: where,
    eventTime: at,
    createdAt: at,
    ...more,
  } satisfies ParcelEvent;
}
function estimate(deliveryAt: string, announcedAt: string): ParcelEvent {
  return {
    eventId: `edd:${deliveryAt}`,
    classifier: 'EST',
    status: null,
    subStatus: null,
    carrierCode: null,
    description: 'Estimated delivery',
    exceptionReason: null,
    location: null,
    eventTime: deliveryAt,
    createdAt: announcedAt,
  };
}

const journey = (): ParcelEvent[] => [
  scan('info_received', '2026-11-02T08:00:00Z', null),
  estimate('2026-11-06T17:00:00Z', '2026-11-02T08:00:00Z'),
  scan('in_transit', '2026-11-02T18:00:00Z', LEJ, { description: 'Picked up' }),
  scan('in_transit', '2026-11-03T04:00:00Z', CDG, { description: 'Arrived at hub' }),
  estimate('2026-11-07T17:00:00Z', '2026-11-04T09:00:00Z'),
  scan('out_for_delivery', '2026-11-05T07:00:00Z', LYS),
  scan('failed_attempt', '2026-11-05T15:00:00Z', LYS, { subStatus: 'recipient_absent' }),
  scan('out_for_delivery', '2026-11-06T07:00:00Z', LYS),
];

describe('deriveParcel', () => {
  it('a parcel without events is pending with nothing known', () => {
    const d = deriveParcel([], {});
    expect(d).toMatchObject({
      status: 'pending',
      lastEventAt: null,
      estimatedDelivery: null,
      estimatedDeliveryHistory: [],
      pickedUpAt: null,
      deliveredAt: null,
      failedAttempts: 0,
      firstEventAt: null,
      origin: null,
      destination: null,
    });
  });

  it('in delivery after a failed attempt: latest scan, slipped estimate and its history', () => {
    const d = deriveParcel(journey(), { service: 'Express Worldwide' });
    expect(d.status).toBe('out_for_delivery');
    expect(d.service).toBe('Express Worldwide');
    expect(d.failedAttempts).toBe(1);
    expect(d.pickedUpAt).toBe('2026-11-02T18:00:00Z');
    expect(d.deliveredAt).toBeNull();
    expect(d.lastLocation).toEqual(LYS);
    expect(d.origin).toEqual(LEJ);
    // Not delivered yet: the place of the last scan is not taken for the destination.
    expect(d.destination).toBeNull();
    expect(d.estimatedDelivery).toBe('2026-11-07T17:00:00Z');
    expect(d.estimatedDeliveryHistory).toEqual([
      { estimatedDelivery: '2026-11-06T17:00:00Z', recordedAt: '2026-11-02T08:00:00Z' },
      { estimatedDelivery: '2026-11-07T17:00:00Z', recordedAt: '2026-11-04T09:00:00Z' },
    ]);
    expect(d.firstEventAt).toBe('2026-11-02T08:00:00Z');
    expect(d.lastEventAt).toBe('2026-11-06T07:00:00Z');
  });

  it('delivered: no estimate any more, delivery time from the first delivered scan, facts win', () => {
    const events = [
      ...journey(),
      scan('delivered', '2026-11-06T11:00:00Z', LYS, { description: 'Delivered' }),
      scan('delivered', '2026-11-06T11:05:00Z', LYS, { description: 'Signed for by MARTIN' }),
    ];
    const d = deriveParcel(events, { signedBy: 'MARTIN' });
    expect(d.status).toBe('delivered');
    expect(d.statusText).toBe('Signed for by MARTIN');
    expect(d.deliveredAt).toBe('2026-11-06T11:00:00Z');
    expect(d.estimatedDelivery).toBeNull();
    expect(d.estimatedDeliveryHistory).toHaveLength(2);
    expect(d.destination).toEqual(LYS);
    expect(d.signedBy).toBe('MARTIN');
    const withFacts = deriveParcel(events, { origin: CDG, destination: LEJ });
    expect(withFacts.origin).toEqual(CDG);
    expect(withFacts.destination).toEqual(LEJ);
  });

  it('a delivery followed by a return is not delivered', () => {
    const events = [
      scan('delivered', '2026-11-06T11:00:00Z', LYS),
      scan('exception', '2026-11-07T09:00:00Z', LYS, {
        subStatus: 'return_to_sender',
        exceptionReason: 'refused',
      }),
    ];
    const d = deriveParcel(events, {});
    expect(d.status).toBe('exception');
    expect(d.subStatus).toBe('return_to_sender');
    expect(d.exceptionReason).toBe('refused');
    expect(d.deliveredAt).toBeNull();
  });

  it('an exception before pickup is not a pickup; estimates alone date the first event', () => {
    const onlyEstimate = deriveParcel([estimate('2026-11-09T12:00:00Z', '2026-11-03T10:00:00Z')], {});
    expect(onlyEstimate.status).toBe('pending');
    expect(onlyEstimate.firstEventAt).toBe('2026-11-03T10:00:00Z');
    expect(onlyEstimate.estimatedDelivery).toBe('2026-11-09T12:00:00Z');
    const d = deriveParcel([scan('exception', '2026-11-02T08:00:00Z', null, { subStatus: 'address_issue' })]);
    expect(d.pickedUpAt).toBeNull();
    expect(d.status).toBe('exception');
  });

  it('the latest announcement wins even when it moves the date back; repeats stay one history entry', () => {
    const d = deriveParcel([
      estimate('2026-11-08T17:00:00Z', '2026-11-02T08:00:00Z'),
      estimate('2026-11-10T17:00:00Z', '2026-11-03T08:00:00Z'),
      { ...estimate('2026-11-08T17:00:00Z', '2026-11-04T08:00:00Z'), eventId: 'again' },
    ]);
    expect(d.estimatedDelivery).toBe('2026-11-08T17:00:00Z');
    expect(d.estimatedDeliveryHistory.map((h) => h.estimatedDelivery)).toEqual([
      '2026-11-08T17:00:00Z',
      '2026-11-10T17:00:00Z',
    ]);
  });

  it('scans at the same moment are ordered by creation time, then by id', () => {
    const at = '2026-11-05T10:00:00Z';
    const a = scan('out_for_delivery', at, LYS, { eventId: 'b', createdAt: '2026-11-05T10:01:00Z' });
    const b = scan('failed_attempt', at, LYS, { eventId: 'a', createdAt: '2026-11-05T10:02:00Z' });
    expect(deriveParcel([b, a]).status).toBe('failed_attempt');
    const c = scan('delivered', at, LYS, { eventId: 'z', createdAt: '2026-11-05T10:02:00Z' });
    expect(deriveParcel([c, b, a]).status).toBe('delivered');
    expect(deriveParcel([a, c, b]).status).toBe('delivered');
  });

  it('gives the same result for the events in any order', () => {
    const at = '2026-11-05T10:00:00Z';
    const events = [
      ...journey(),
      // Ties on event time and on both times, which only the tie-breaks order.
      scan('available_for_pickup', at, CDG, { eventId: 'tie-1' }),
      scan('exception', at, CDG, { eventId: 'tie-2' }),
      estimate('2026-11-09T17:00:00Z', '2026-11-04T09:00:00Z'),
    ];
    const expected = deriveParcel(events, {});
    fc.assert(
      fc.property(fc.shuffledSubarray(events, { minLength: events.length }), (shuffled) => {
        expect(deriveParcel(shuffled, {})).toEqual(expected);
      }),
    );
  });
});
