import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { deriveParcel } from '@tracklane/shared/tracking/express/derive-parcel';
import type { ExpressQuery } from '../provider';
import { createKarrioProvider } from './karrio-provider';
import { KARRIO_TRACKER_STATUSES } from './karrio-schema';

const API_KEY = 'key_4f0c1e9a7d2b';
const NUMBER = '1Z12345E0205271688';
const now = new Date('2026-11-21T12:00:00Z');
const query = (trackingNo = NUMBER): ExpressQuery => ({
  trackingNo,
  carrier: 'ups',
  trackingStartedAt: new Date('2026-11-18T00:00:00Z'),
});

// A Karrio server: each test says how it answers; every request is recorded.
type Answer = (res: ServerResponse, body: Record<string, unknown>) => void;
let answer: Answer = (res) => res.end();
const requests: {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: Record<string, unknown>;
}[] = [];
const server = createServer((req, res) => {
  let raw = '';
  req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
  req.on('end', () => {
    const body = (raw ? JSON.parse(raw) : {}) as Record<string, unknown>;
    requests.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
    answer(res, body);
  });
});
let base = '';
const reply = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(typeof body === 'string' ? body : JSON.stringify(body));
};
const provider = (timeoutMs?: number) =>
  createKarrioProvider({ url: `${base}/`, apiKey: API_KEY, timeoutMs });

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${String((server.address() as AddressInfo).port)}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  requests.length = 0;
});

/** A tracker as Karrio's TrackingStatus serializer writes it (newest event first). */
const tracker = (extra: Record<string, unknown> = {}) => ({
  id: 'trk_6c1f3b2a9e8d4f7a',
  object_type: 'tracker',
  carrier_name: 'ups',
  carrier_id: 'ups',
  tracking_number: NUMBER,
  test_mode: false,
  status: 'in_transit',
  delivered: false,
  estimated_delivery: '2026-11-24',
  info: {
    shipment_service: 'UPS Worldwide Express',
    shipment_origin_country: 'DE',
    shipment_origin_postal_code: '04435',
    shipment_destination_country: 'us',
    signed_by: null,
  },
  events: [
    {
      date: '2026-11-20',
      time: '06:12 PM',
      timestamp: '2026-11-20T18:12:00Z',
      status: 'in_transit',
      code: 'AR',
      description: 'Arrived at Facility',
      location: 'LOUISVILLE, KY, US',
      latitude: 38.25,
      longitude: -85.76,
    },
    {
      date: '2026-11-19',
      time: '09:30 AM',
      code: 'PU',
      description: 'Pickup Scan',
      location: 'LEIPZIG, DE',
    },
    {
      date: '2026-11-18',
      time: '14:05',
      status: 'pending',
      code: 'MP',
      description: 'Shipper created a label',
    },
  ],
  messages: [],
  metadata: {},
  ...extra,
});

const found = async (timeoutMs?: number) => {
  const result = await provider(timeoutMs).track(query(), now);
  if (result.status !== 'found') throw new Error('expected found');
  return result;
};

describe('the Karrio provider', () => {
  it('asks Karrio for the tracker with our carrier code and its API key, and maps it', async () => {
    answer = (res) => reply(res, 202, tracker());
    const result = await found();
    expect(provider().source).toBe('karrio');
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({
      method: 'POST',
      url: '/v1/trackers',
      body: { tracking_number: NUMBER, carrier_name: 'ups' },
    });
    expect(requests[0]!.headers.authorization).toBe(`Token ${API_KEY}`);

    const scans = result.events.filter((e) => e.classifier === 'ACT');
    expect(scans.map((e) => [e.eventTime, e.status, e.subStatus, e.carrierCode])).toEqual([
      ['2026-11-20T18:12:00.000Z', 'in_transit', null, 'AR'],
      // No status of its own and not the latest: in transit, with the carrier's code and text kept.
      ['2026-11-19T09:30:00.000Z', 'in_transit', null, 'PU'],
      ['2026-11-18T14:05:00.000Z', 'info_received', null, 'MP'],
    ]);
    expect(scans[0]!.location).toEqual({
      name: 'LOUISVILLE, KY, US',
      city: null,
      countryCode: null,
      latitude: 38.25,
      longitude: -85.76,
    });
    expect(result.events.find((e) => e.classifier === 'EST')).toMatchObject({
      eventId: 'edd:2026-11-24',
      eventTime: '2026-11-24T00:00:00.000Z',
      createdAt: now.toISOString(),
    });
    expect(result.facts).toEqual({
      service: 'UPS Worldwide Express',
      origin: { name: '04435 DE', city: null, countryCode: 'DE', latitude: null, longitude: null },
      destination: { name: 'US', city: null, countryCode: 'US', latitude: null, longitude: null },
    });
    const d = deriveParcel(result.events, result.facts ?? {});
    expect(d.status).toBe('in_transit');
    expect(d.pickedUpAt).toBe('2026-11-19T09:30:00.000Z');
  });

  it('gives every scan the same id on every poll, and different scans different ids', async () => {
    answer = (res) => reply(res, 202, tracker());
    const first = await found();
    const again = await found();
    expect(again.events.map((e) => e.eventId)).toEqual(first.events.map((e) => e.eventId));
    expect(new Set(first.events.map((e) => e.eventId)).size).toBe(first.events.length);
  });

  it('maps every Karrio status onto ours, keeping the reason', async () => {
    const expected = {
      pending: ['info_received', null],
      picked_up: ['in_transit', 'picked_up'],
      in_transit: ['in_transit', null],
      out_for_delivery: ['out_for_delivery', null],
      ready_for_pickup: ['available_for_pickup', null],
      delivered: ['delivered', null],
      on_hold: ['exception', 'on_hold'],
      delivery_delayed: ['in_transit', 'delivery_delayed'],
      delivery_failed: ['failed_attempt', 'delivery_failed'],
      return_to_sender: ['exception', 'return_to_sender'],
      cancelled: ['exception', 'cancelled'],
      unknown: ['in_transit', 'unknown'],
    };
    expect(Object.keys(expected).sort()).toEqual([...KARRIO_TRACKER_STATUSES].sort());
    answer = (res) =>
      reply(
        res,
        202,
        tracker({
          events: KARRIO_TRACKER_STATUSES.map((status, i) => ({
            timestamp: `2026-11-20T${String(i).padStart(2, '0')}:00:00Z`,
            status,
            code: status.toUpperCase(),
            reason: status === 'delivery_failed' ? 'consignee_not_home' : null,
            description: status,
          })),
        }),
      );
    const result = await found();
    for (const status of KARRIO_TRACKER_STATUSES) {
      const event = result.events.find((e) => e.carrierCode === status.toUpperCase())!;
      expect([event.status, event.subStatus], status).toEqual(expected[status]);
    }
    expect(result.events.find((e) => e.carrierCode === 'DELIVERY_FAILED')!.exceptionReason).toBe(
      'consignee_not_home',
    );
  });

  it('takes the tracker status for a latest event without one (older Karrio)', async () => {
    answer = (res) =>
      reply(
        res,
        202,
        tracker({
          status: 'delivered',
          delivered: true,
          info: { signed_by: 'J SMITH' },
          events: [
            { date: '2026-11-21', time: '10:02', code: 'KB', description: 'Delivered' },
            { date: '2026-11-21', time: '07:40', code: 'OF', description: 'Out For Delivery' },
          ],
        }),
      );
    const result = await found();
    const d = deriveParcel(result.events, result.facts ?? {});
    expect(d.status).toBe('delivered');
    expect(d.deliveredAt).toBe('2026-11-21T10:02:00.000Z');
    expect(d.signedBy).toBe('J SMITH');
    expect(d.estimatedDelivery).toBeNull();
  });

  it('answers not found for a number Karrio or the carrier does not know', async () => {
    answer = (res) =>
      reply(res, 424, {
        messages: [
          { carrier_name: 'ups', carrier_id: 'ups', code: 'TW0001', message: 'Tracking number not found' },
        ],
      });
    expect(await provider().track(query(), now)).toEqual({ status: 'not_found' });
    answer = (res) => reply(res, 404, { errors: [{ code: 'not_found', message: 'Not Found' }] });
    expect(await provider().track(query(), now)).toEqual({ status: 'not_found' });
  });

  it('throws when the carrier fails for another reason, so the caller retries', async () => {
    answer = (res) =>
      reply(res, 424, { messages: [{ code: 'SHIPPING_SDK_INTERNAL_ERROR', message: 'Read timed out' }] });
    await expect(provider().track(query(), now)).rejects.toThrow(/Read timed out/);
    answer = (res) => reply(res, 502, '<html>Bad gateway</html>');
    await expect(provider().track(query(), now)).rejects.toThrow(/HTTP 502/);
  });

  it('throws a configuration error when the API key is refused', async () => {
    answer = (res) =>
      reply(res, 401, { errors: [{ code: 'authentication_failed', message: 'Invalid token.' }] });
    await expect(provider().track(query(), now)).rejects.toThrow(/API key.*KARRIO_API_KEY/);
  });

  it('throws when Karrio does not answer in time', async () => {
    answer = (res) => setTimeout(() => reply(res, 202, tracker()), 500);
    await expect(provider(50).track(query(), now)).rejects.toThrow(/did not answer within 50 ms/);
  });

  it('refuses a malformed answer whole, returning nothing of it', async () => {
    const broken = [
      'not json',
      { ...tracker(), tracking_number: undefined },
      tracker({ status: 'lost_in_space' }),
      tracker({ events: [tracker().events[0], { date: '20.11.2026', description: 'Arrived' }] }),
      tracker({ events: [{ timestamp: '2026-11-20T18:12:00Z', latitude: 'north' }] }),
      tracker({ estimated_delivery: 'soon' }),
      tracker({ tracking_number: '1Z999AA10123456784' }),
    ];
    for (const body of broken) {
      answer = (res) => reply(res, 202, body);
      await expect(provider().track(query(), now)).rejects.toThrow(/Karrio/);
    }
  });
});
