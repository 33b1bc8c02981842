import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { deriveShipment } from '@tracklane/shared/tracking/ocean/derive-shipment';
import type { OceanQuery } from '../provider';
import { createDcsaProvider, type DcsaProviderOptions } from './dcsa-provider';

// /work/main/apps/server/src/integrations/tracking/dcsa → /work/shared is seven levels up.
const EXAMPLES = new URL('./fixtures/dcsa-examples/', import.meta.url);
const FIXTURES = new URL('./fixtures/', import.meta.url);
const readText = (base: URL, name: string) => readFileSync(new URL(name, base), 'utf8');

const API_KEY = 'k3y-0f-the-carrier-9d1c7e';
const CONTAINER = 'MSMU4730410';
const BILL = 'MEDUS7481236';
const now = new Date('2026-11-21T12:00:00Z');
const query = (containerNo = CONTAINER): OceanQuery => ({
  containerNo,
  mblNo: BILL,
  carrierScac: 'MSCU',
  trackingStartedAt: new Date('2026-08-20T00:00:00Z'),
});

// A carrier's DCSA 2.2 server: each test says how it answers; every request is recorded.
type Answer = (res: ServerResponse, url: URL) => void;
let answer: Answer = (res) => res.end();
const requests: { url: URL; headers: IncomingHttpHeaders }[] = [];
const server = createServer((req, res) => {
  const url = new URL(req.url ?? '/', base);
  requests.push({ url, headers: req.headers });
  answer(res, url);
});
let base = '';

const json = (res: ServerResponse, body: unknown, headers: Record<string, string> = {}) => {
  res.writeHead(200, { 'content-type': 'application/json', ...headers });
  res.end(typeof body === 'string' ? body : JSON.stringify(body));
};

const warnings: unknown[][] = [];
const logger = { warn: (...args: unknown[]) => void warnings.push(args) };
const provider = (options: Partial<DcsaProviderOptions> = {}) =>
  createDcsaProvider({
    scac: 'MSCU',
    eventsUrl: `${base}/v2/events`,
    headers: { 'X-API-Key': API_KEY },
    logger,
    ...options,
  });

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
  warnings.length = 0;
});

const call = {
  transportCallID: 'a6c1d0e2-5f3b-4c8e-9a71-2b0f6e3d4c58',
  modeOfTransport: 'VESSEL',
  UNLocationCode: 'CNSHA',
  transportCallSequenceNumber: 1,
  importVoyageNumber: 'FE638E',
  exportVoyageNumber: 'FE639W',
  location: { locationName: 'Yangshan Deep Water Port', UNLocationCode: 'CNSHA' },
  vessel: { vesselIMONumber: '9980253', vesselName: 'MSC IRINA' },
};
const transport = (code: 'ARRI' | 'DEPA', extra: Record<string, unknown> = {}) => ({
  eventID: randomUUID(),
  eventCreatedDateTime: '2026-09-06T00:10:00Z',
  eventType: 'TRANSPORT',
  eventClassifierCode: 'ACT',
  eventDateTime: '2026-09-06T07:35:00+08:00',
  transportEventTypeCode: code,
  transportCall: call,
  ...extra,
});
const equipment = (code: string, extra: Record<string, unknown> = {}) => ({
  eventID: randomUUID(),
  eventCreatedDateTime: '2026-09-03T08:30:00Z',
  eventType: 'EQUIPMENT',
  eventClassifierCode: 'ACT',
  eventDateTime: '2026-09-03T16:05:00+08:00',
  equipmentEventTypeCode: code,
  equipmentReference: CONTAINER,
  emptyIndicatorCode: 'LADEN',
  transportCall: call,
  ...extra,
});
const ids = (events: { eventId: string }[]) => events.map((e) => e.eventId);

describe('the DCSA T&T 2.2 provider', () => {
  it('follows Next-Page links and bare cursors, sending the API key on every request', async () => {
    const pages = [
      [equipment('GTOT', { emptyIndicatorCode: 'EMPTY' }), equipment('GTIN')],
      [equipment('LOAD'), transport('DEPA')],
      [transport('ARRI')],
      [equipment('DISC')],
    ];
    answer = (res, url) => {
      const cursor = url.searchParams.get('cursor');
      // An absolute link, a relative link, then only a cursor, as 2.2's own example shows it.
      if (cursor === null) json(res, pages[0], { 'next-page': `${base}/v2/events?cursor=cDI%3D` });
      else if (cursor === 'cDI=') json(res, pages[1], { 'next-page': '/v2/events?cursor=cDM%3D' });
      else if (cursor === 'cDM=') json(res, pages[2], { 'next-page': 'cDQ=' });
      else if (cursor === 'cDQ=') json(res, pages[3]);
      else res.writeHead(400).end();
    };
    const result = await provider().track(query(), now);
    if (result.status !== 'found') throw new Error('expected found');
    expect(ids(result.events)).toEqual(pages.flat().map((e) => e.eventID));
    expect(result.events.map((e) => e.typeCode)).toEqual(['GTOT', 'GTIN', 'LOAD', 'DEPA', 'ARRI', 'DISC']);

    expect(requests).toHaveLength(4);
    for (const request of requests) {
      expect(request.headers['x-api-key']).toBe(API_KEY);
      expect(request.headers.accept).toBe('application/json');
    }
    const first = requests[0]!.url.searchParams;
    expect(first.get('equipmentReference')).toBe(CONTAINER);
    expect(first.get('transportDocumentReference')).toBe(BILL);
    expect(first.get('limit')).toBe('100');
    // A bare cursor continues the first request, filters included.
    const last = requests[3]!.url.searchParams;
    expect([last.get('equipmentReference'), last.get('transportDocumentReference')]).toEqual([
      CONTAINER,
      BILL,
    ]);
  });

  it('stores nothing when a later page is invalid, and logs why without the API key', async () => {
    answer = (res, url) => {
      if (url.searchParams.get('cursor') === null)
        json(res, [equipment('GTOT'), transport('DEPA')], { 'next-page': '/v2/events?cursor=2' });
      else json(res, [{ ...transport('ARRI'), eventDateTime: '10/10/2026 15:48' }]);
    };
    const attempt = provider().track(query(), now);
    await expect(attempt).rejects.toThrow(
      /DCSA MSCU: .*not valid DCSA Track & Trace 2\.2 \(page 2: \[0\]\.eventDateTime/,
    );
    expect(requests).toHaveLength(2);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]![0]).toMatchObject({
      carrier: 'MSCU',
      page: 2,
      reason: expect.stringContaining('eventDateTime'),
    });
    expect(JSON.stringify(warnings)).not.toContain(API_KEY);
    await attempt.catch((err: Error) => expect(err.message).not.toContain(API_KEY));
  });

  it('refuses a body that is not JSON', async () => {
    answer = (res) => json(res, '<html>Service Unavailable</html>');
    await expect(provider().track(query(), now)).rejects.toThrow(/not valid DCSA .*not JSON/);
    expect(warnings).toHaveLength(1);
  });

  it.each([401, 403])('says the credentials were refused on HTTP %i', async (status) => {
    answer = (res) => res.writeHead(status, { 'content-type': 'application/json' }).end('{"errors":[]}');
    await expect(provider().track(query(), now)).rejects.toThrow(
      /DCSA MSCU: the carrier connection's credentials were refused/,
    );
  });

  it.each([429, 500, 502, 503])('throws on HTTP %i so the caller retries later', async (status) => {
    answer = (res) => res.writeHead(status).end();
    await expect(provider().track(query(), now)).rejects.toThrow(`HTTP ${String(status)}`);
  });

  it('gives up on a carrier that never answers after the timeout', async () => {
    answer = () => undefined;
    await expect(provider({ timeoutMs: 300 }).track(query(), now)).rejects.toThrow(
      'the carrier did not answer within 300 ms',
    );
  });

  it('gives up on a body that stops halfway, after the timeout', async () => {
    answer = (res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('[{"eventID":');
    };
    await expect(provider({ timeoutMs: 300 }).track(query(), now)).rejects.toThrow('within 300 ms');
  });

  it('throws when the carrier cannot be reached', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    const unreachable = provider({ eventsUrl: `http://127.0.0.1:${String(port)}/v2/events` });
    await expect(unreachable.track(query(), now)).rejects.toThrow(/could not be reached .*ECONNREFUSED/);
  });

  it('answers not_found for an empty list and for 404', async () => {
    answer = (res) => json(res, []);
    expect(await provider().track(query(), now)).toEqual({ status: 'not_found' });
    answer = (res) => res.writeHead(404).end();
    expect(await provider().track(query(), now)).toEqual({ status: 'not_found' });
  });

  it('maps the official 2.2 example, skipping shipment events', async () => {
    answer = (res) => json(res, readText(EXAMPLES, 'tnt-220-response.json'));
    const result = await provider().track(query('APZU4812090'), now);
    if (result.status !== 'found') throw new Error('expected found');
    expect(ids(result.events)).toEqual([
      '3cecb101-7a1a-43a4-9d62-e88a131651e2',
      '3cecb101-7a1a-43a4-9d62-e88a131651e4',
      '3cecb101-7a1a-43a4-9d62-e88a131651e5',
      '3cecb101-7a1a-43a4-9d62-e88a131651e7',
    ]);
    const vessel = { vesselName: 'King of the Seas', vesselImo: '9321483', transportCallSequence: 2 };
    expect(result.events[0]).toEqual({
      eventId: '3cecb101-7a1a-43a4-9d62-e88a131651e2',
      eventType: 'TRANSPORT',
      typeCode: 'ARRI',
      classifier: 'ACT',
      emptyIndicator: null,
      locationCode: 'FRPAR',
      locationName: null,
      ...vessel,
      voyage: '2103N',
      eventTime: '2021-01-09T13:12:56.000Z',
      createdAt: '2021-01-23T12:34:56.000Z',
    });
    expect(result.events[1]).toEqual({
      eventId: '3cecb101-7a1a-43a4-9d62-e88a131651e4',
      eventType: 'EQUIPMENT',
      typeCode: 'LOAD',
      classifier: 'EST',
      emptyIndicator: 'EMPTY',
      locationCode: 'FRPAR',
      locationName: 'Eiffel Tower',
      ...vessel,
      voyage: '2103S',
      eventTime: '2019-11-11T23:11:00.000Z',
      createdAt: '2021-01-23T12:34:56.000Z',
    });
  });

  it("drops other containers' equipment events and requested times, keeps the vessel's", async () => {
    const ours = equipment('GTOT', { emptyIndicatorCode: 'EMPTY' });
    const oursPrinted = equipment('GTIN', { equipmentReference: 'MSMU 473041-0' });
    const depa = transport('DEPA');
    const requested = transport('ARRI', { eventClassifierCode: 'REQ' });
    answer = (res) =>
      json(res, [
        ours,
        equipment('GTOT', { equipmentReference: 'MSCU1234566' }),
        depa,
        requested,
        oursPrinted,
      ]);
    const result = await provider().track(query(), now);
    if (result.status !== 'found') throw new Error('expected found');
    expect(ids(result.events)).toEqual([ours.eventID, depa.eventID, oursPrinted.eventID]);
  });

  it('derives a sensible journey from a real-shaped MSC voyage', async () => {
    answer = (res) => json(res, readText(FIXTURES, 'voyage-msc.json'));
    const result = await provider().track(query(), now);
    if (result.status !== 'found') throw new Error('expected found');
    expect(result.events).toHaveLength(9);
    const derived = deriveShipment(result.events);
    expect(derived.pol?.locode).toBe('CNSHA');
    expect(derived.pod?.locode).toBe('NLRTM');
    expect(derived.transshipments).toEqual([]);
    expect(derived.departureVO).toEqual({ etd: '2026-09-05T22:00:00.000Z', atd: '2026-09-05T23:35:00.000Z' });
    // The later estimate replaces the booking's plan; the actual arrival stands beside it.
    expect(derived.arrivalVO).toEqual({ eta: '2026-10-10T12:00:00.000Z', ata: '2026-10-10T13:48:00.000Z' });
    expect(derived.etaHistory.map((h) => [h.eta, h.classifier])).toEqual([
      ['2026-10-08T06:00:00.000Z', 'PLN'],
      ['2026-10-10T12:00:00.000Z', 'EST'],
    ]);
    expect(derived.shipmentOverall.emptyGateOut?.time).toBe('2026-09-01T02:20:00.000Z');
    expect(derived.shipmentOverall.discharged?.classifier).toBe('ACT');
    expect(derived.vessel).toEqual({ name: 'MSC IRINA', imo: '9980253', voyage: 'FE639W' });
    expect(derived.status).toBe('discharged');
  });

  it('derives a transshipment journey, sent in pages out of order, as at sea towards Rotterdam', async () => {
    // Shanghai on one vessel, discharged and reloaded in Singapore onto another, Rotterdam planned and
    // twice estimated. Each voyage numbers its own calls (Singapore is the mainline's first call), so
    // transportCallSequenceNumber cannot put the two vessels' calls in order.
    const journey = JSON.parse(readText(FIXTURES, 'journey-transshipment.json')) as { eventID: string }[];
    const pages = [journey.slice(10), journey.slice(4, 10).reverse(), journey.slice(0, 4)];
    answer = (res, url) => {
      const page = Number(url.searchParams.get('cursor') ?? '0');
      json(res, pages[page], page + 1 < pages.length ? { 'next-page': String(page + 1) } : {});
    };
    const result = await provider().track(query(), now);
    if (result.status !== 'found') throw new Error('expected found');
    expect(requests).toHaveLength(3);
    const derived = deriveShipment(result.events);
    expect(derived.pol).toEqual({ locode: 'CNSHA', name: 'Yangshan Deep Water Port' });
    expect(derived.pod).toEqual({ locode: 'NLRTM', name: 'Maasvlakte II' });
    expect(derived.transshipments).toEqual([{ locode: 'SGSIN', name: 'Pasir Panjang Terminal' }]);
    expect(derived.departureVO.atd).toBe('2026-10-26T11:25:00.000Z');
    expect(derived.arrivalVO).toEqual({ eta: '2026-12-01T21:00:00.000Z', ata: null });
    expect(derived.etaHistory.map((h) => [h.eta, h.classifier])).toEqual([
      ['2026-11-28T07:00:00.000Z', 'PLN'],
      ['2026-11-29T13:00:00.000Z', 'EST'],
      ['2026-12-01T21:00:00.000Z', 'EST'],
    ]);
    expect(derived.shipmentOverall.berthed).toBeNull();
    expect(derived.vessel).toEqual({ name: 'MSC TESSA', imo: '9978559', voyage: 'AE7W' });
    expect(derived.status).toBe('in_transit');
  });

  it('keeps one copy of an event repeated across pages, and refuses two events under one id', async () => {
    const gateOut = equipment('GTOT');
    let second: object = gateOut;
    answer = (res, url) =>
      url.searchParams.get('cursor') === null
        ? json(res, [gateOut], { 'next-page': '/v2/events?cursor=2' })
        : json(res, [second, transport('DEPA')]);
    const result = await provider().track(query(), now);
    expect(result.status === 'found' && ids(result.events)).toEqual([gateOut.eventID, expect.any(String)]);
    second = { ...gateOut, eventClassifierCode: 'EST' };
    await expect(provider().track(query(), now)).rejects.toThrow(/page 2: eventID .* different content/);
  });

  it('refuses a Next-Page link back to a page already sent', async () => {
    answer = (res) => json(res, [equipment('GTOT')], { 'next-page': '?cursor=same' });
    await expect(provider().track(query(), now)).rejects.toThrow('links back to a page');
    expect(requests).toHaveLength(2);
  });

  it('refuses to run past maxPages', async () => {
    let page = 0;
    answer = (res) => json(res, [equipment('GTOT')], { 'next-page': `/v2/events?cursor=${String(++page)}` });
    await expect(provider({ maxPages: 3 }).track(query(), now)).rejects.toThrow('more than 3 pages');
    expect(requests).toHaveLength(3);
  });

  it('never sends the API key to a next page on another site', async () => {
    answer = (res) =>
      json(res, [equipment('GTOT')], { 'next-page': 'https://elsewhere.example/v2/events?cursor=2' });
    await expect(provider().track(query(), now)).rejects.toThrow('another site');
    expect(requests).toHaveLength(1);
  });

  it('does not follow redirects, which could carry the API key elsewhere', async () => {
    answer = (res, url) =>
      url.pathname === '/v2/events'
        ? res.writeHead(302, { location: `${base}/moved` }).end()
        : json(res, [equipment('GTOT')]);
    await expect(provider().track(query(), now)).rejects.toThrow('redirects elsewhere (HTTP 302)');
    expect(requests).toHaveLength(1);
  });
});
