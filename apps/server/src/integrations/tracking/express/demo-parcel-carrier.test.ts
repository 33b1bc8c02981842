import { describe, expect, it } from 'vitest';
import { deriveParcel } from '@tracklane/shared/tracking/express/derive-parcel';
import { PARCEL_HUBS } from '@tracklane/shared/tracking/express/parcel-hubs';
import type { ExpressAnswer, ExpressQuery } from '../provider';
import { createDemoParcelCarrier, demoParcelJourney } from './demo-parcel-carrier';

const DAY = 86_400_000;
const started = new Date('2026-11-01T00:00:00Z');
const query = (trackingNo: string): ExpressQuery => ({
  trackingNo,
  carrier: 'dhl_express',
  trackingStartedAt: started,
});
const at = (days: number) => started.getTime() + days * DAY;
const found = (answer: ExpressAnswer) => {
  if (answer.status !== 'found') throw new Error('expected found');
  return answer;
};
const NUMBERS = Array.from({ length: 300 }, (_, i) => `JD01460000${String(1000 + i * 7)}`);

describe('the demo parcel carrier', () => {
  it('answers the same journey for the same number every time, as the demo source', async () => {
    const carrier = createDemoParcelCarrier();
    expect(carrier.source).toBe('demo');
    const now = new Date(at(3));
    const n = NUMBERS.find((x) => demoParcelJourney(query(x), now.getTime()).status === 'found')!;
    expect(await carrier.track(query(n), now)).toEqual(await carrier.track(query(n), now));
  });

  it('never changes the past: what it said at one moment is still said, unchanged, later', () => {
    for (const n of NUMBERS.slice(0, 30)) {
      let previous = new Map<string, unknown>();
      for (let hours = -24; hours <= 20 * 24; hours += 10) {
        const answer = demoParcelJourney(query(n), at(hours / 24));
        if (answer.status === 'not_found') break;
        const current = new Map(answer.events.map((e) => [e.eventId, e]));
        expect(current.size).toBe(answer.events.length);
        for (const [id, event] of previous) expect(current.get(id)).toEqual(event);
        for (const e of answer.events) {
          expect(Date.parse(e.createdAt)).toBeLessThanOrEqual(at(hours / 24));
          if (e.classifier === 'ACT') expect(Date.parse(e.eventTime)).toBeLessThanOrEqual(at(hours / 24));
        }
        previous = current;
      }
    }
  });

  it('travels between real hub cities in a coherent order to a final state', () => {
    const cities = new Set(PARCEL_HUBS.map((h) => h.city));
    const finals = new Map<string, number>();
    for (const n of NUMBERS) {
      const answer = demoParcelJourney(query(n), at(30));
      if (answer.status === 'not_found') continue;
      const { events, facts } = found(answer);
      const d = deriveParcel(events, facts ?? {});
      finals.set(
        `${d.status}/${d.subStatus ?? ''}`,
        (finals.get(`${d.status}/${d.subStatus ?? ''}`) ?? 0) + 1,
      );
      expect(cities.has(d.origin!.city!)).toBe(true);
      expect(cities.has(d.destination!.city!)).toBe(true);
      expect(d.origin!.city).not.toBe(d.destination!.city);
      for (const e of events) if (e.location) expect(cities.has(e.location.city!)).toBe(true);
      const scans = events.filter((e) => e.classifier === 'ACT');
      expect(scans[0]!.status).toBe('info_received');
      expect(Date.parse(d.pickedUpAt!)).toBeGreaterThan(Date.parse(scans[0]!.eventTime));
      if (d.status === 'delivered') {
        expect(d.lastLocation).toEqual(d.destination);
        expect(d.signedBy).toBeTruthy();
        expect(d.estimatedDelivery).toBeNull();
      }
    }
    // Every ending the demo promises appears among 300 parcels.
    expect(finals.get('delivered/')).toBeGreaterThan(150);
    expect(finals.get('exception/return_to_sender')).toBeGreaterThan(5);
  });

  it('has parcels at every stage while it runs: failed attempts, pickup points, customs holds', () => {
    const seen = new Set<string>();
    let failedThenDelivered = 0;
    for (const n of NUMBERS) {
      for (let hours = 0; hours <= 14 * 24; hours += 6) {
        const answer = demoParcelJourney(query(n), at(hours / 24));
        if (answer.status === 'not_found') break;
        const d = deriveParcel(answer.events, answer.facts ?? {});
        seen.add(d.status);
        if (d.subStatus) seen.add(d.subStatus);
      }
      const end = demoParcelJourney(query(n), at(30));
      if (end.status === 'found') {
        const d = deriveParcel(end.events, end.facts ?? {});
        if (d.status === 'delivered' && d.failedAttempts > 0) failedThenDelivered++;
      }
    }
    expect([...seen]).toEqual(
      expect.arrayContaining([
        'info_received',
        'in_transit',
        'out_for_delivery',
        'failed_attempt',
        'available_for_pickup',
        'delivered',
        'exception',
        'customs_hold',
        'address_issue',
      ]),
    );
    expect(failedThenDelivered).toBeGreaterThan(10);
  });

  it('announces delays as new estimated deliveries, the first one with the pickup', () => {
    let slipped = 0;
    for (const n of NUMBERS) {
      const answer = demoParcelJourney(query(n), at(30));
      if (answer.status === 'not_found') continue;
      const d = deriveParcel(answer.events, answer.facts ?? {});
      expect(d.estimatedDeliveryHistory.length).toBeGreaterThan(0);
      expect(Date.parse(d.estimatedDeliveryHistory[0]!.recordedAt)).toBeGreaterThanOrEqual(
        Date.parse(d.pickedUpAt!),
      );
      if (d.estimatedDeliveryHistory.length > 1) slipped++;
    }
    expect(slipped).toBeGreaterThan(40);
  });

  it('does not find every number ending in 404, and about 5% of the others', () => {
    for (const n of ['1Z999AA10123456404', '404', 'JD014600001404'])
      expect(demoParcelJourney(query(n), at(10))).toEqual({ status: 'not_found' });
    const notFound = NUMBERS.filter((n) => demoParcelJourney(query(n), at(10)).status === 'not_found').length;
    expect(notFound).toBeGreaterThan(3);
    expect(notFound).toBeLessThan(35);
  });
});
