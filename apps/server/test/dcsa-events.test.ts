import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { TrackingEvent } from '@tracklane/shared/tracking/ocean/tracking-event';
import { apiKeys } from '../src/db/schema/api-keys';
import { trackedItems, trackingEvents } from '../src/db/schema/tracking';
import { hashToken } from '../src/lib/tokens';
import { createDcsaProvider } from '../src/integrations/tracking/dcsa/dcsa-provider';
import { EQUIPMENT_EVENT_TYPE_CODES } from '../src/integrations/tracking/dcsa/dcsa-schema';
import { useTestApp } from './app';
import { describeErrors, dcsaSpec } from './dcsa-spec';
import { buildTeam, containerNo, mbl, refreshTracked, type Team } from './factories';

// Its ordinary workspaces follow demo shipments: they opt into demo data (ADR 0035).
const { app, ctx } = await useTestApp({ demoCarriers: true });
const FEED = '/api/v1/dcsa/tnt/v2/events';

async function keyOf(team: Team, scope: 'read' | 'read_write' = 'read_write') {
  const res = await app.inject({
    method: 'POST',
    url: '/api/api-keys',
    headers: { cookie: team.owner.cookie },
    payload: { name: 'DCSA client', scope },
  });
  return res.json().result.key as string;
}
const feed = (key: string, query = '') =>
  app.inject({ method: 'GET', url: `${FEED}${query}`, headers: { authorization: `Bearer ${key}` } });

async function follow(key: string) {
  const item = { containerNo: containerNo(), mblNo: mbl() };
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/shipments/ocean',
    headers: { authorization: `Bearer ${key}` },
    payload: { items: [item] },
  });
  expect(res.json().result[0].outcome).toBe('created');
  const [row] = await ctx.db.select().from(trackedItems).where(eq(trackedItems.trackingNo, item.containerNo));
  return { ...item, itemId: row!.id };
}

/** Every kind of event the product stores: each equipment code empty and laden, each transport code, each classifier. */
function everyStoredKind(): TrackingEvent[] {
  const base = {
    locationCode: 'NLRTM',
    locationName: 'Rotterdam',
    vesselName: 'MSC GULSUN',
    vesselImo: '9839430',
    voyage: 'FA609W',
    transportCallSequence: 3,
    eventTime: '2026-03-01T22:05:00.000Z',
    createdAt: '2026-03-01T22:20:31.000Z',
  };
  const events: TrackingEvent[] = [];
  for (const classifier of ['PLN', 'EST', 'ACT'] as const) {
    for (const typeCode of ['ARRI', 'DEPA'] as const)
      events.push({
        ...base,
        eventId: randomUUID(),
        eventType: 'TRANSPORT',
        typeCode,
        classifier,
        emptyIndicator: null,
      });
    for (const typeCode of EQUIPMENT_EVENT_TYPE_CODES)
      for (const emptyIndicator of ['EMPTY', 'LADEN'] as const)
        events.push({
          ...base,
          eventId: randomUUID(),
          eventType: 'EQUIPMENT',
          typeCode,
          classifier,
          emptyIndicator,
        });
  }
  // What providers leave out: no vessel, no IMO, no place name, no call sequence.
  events.push({
    ...base,
    eventId: randomUUID(),
    eventType: 'EQUIPMENT',
    typeCode: 'GTOT',
    classifier: 'ACT',
    emptyIndicator: 'EMPTY',
    vesselName: null,
    vesselImo: null,
    voyage: null,
    locationName: null,
    transportCallSequence: null,
  });
  events.push({
    ...base,
    eventId: randomUUID(),
    eventType: 'TRANSPORT',
    typeCode: 'ARRI',
    classifier: 'EST',
    emptyIndicator: null,
    vesselImo: null,
    locationCode: null,
    locationName: null,
  });
  return events;
}

async function store(itemId: string, events: TrackingEvent[], createdAt?: (i: number) => string) {
  await ctx.db.insert(trackingEvents).values(
    events.map((e, i) => ({
      itemId,
      source: 'test',
      eventId: e.eventId,
      classifier: e.classifier,
      eventTime: new Date(e.eventTime),
      eventCreatedAt: new Date(createdAt ? createdAt(i) : e.createdAt),
      data: { ...e, ...(createdAt ? { createdAt: createdAt(i) } : {}) },
    })),
  );
}

async function readAll(key: string, query: string) {
  const events: { eventID: string }[] = [];
  let url: string | null = `${FEED}${query}`;
  const pages: Record<string, string | undefined>[] = [];
  while (url) {
    const res = await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${key}` } });
    expect(res.statusCode, res.body).toBe(200);
    events.push(...res.json<{ eventID: string }[]>());
    pages.push(res.headers as Record<string, string | undefined>);
    const next = res.headers['next-page'] as string | undefined;
    url = next ? next.replace(ctx.config.publicUrl, '') : null;
  }
  return { events, pages };
}

describe('GET /api/v1/dcsa/tnt/v2/events', () => {
  it('answers valid DCSA T&T 2.2 for every kind of event the product stores', async () => {
    const team = await buildTeam(app, ctx);
    const key = await keyOf(team);
    const box = await follow(key);
    const kinds = everyStoredKind();
    await store(box.itemId, kinds);

    const res = await feed(key, '?limit=1000');
    expect(res.statusCode).toBe(200);
    expect(res.headers['api-version']).toBe('2.2.0');
    const body = res.json<{ eventType: string; eventID: string }[]>();
    expect(body).toHaveLength(kinds.length);
    expect(dcsaSpec.eventsResponse(body), describeErrors(dcsaSpec.eventsResponse)).toBe(true);
    // Each also valid as its own kind, not merely as "any of the three".
    for (const event of body) {
      const validate = event.eventType === 'TRANSPORT' ? dcsaSpec.transportEvent : dcsaSpec.equipmentEvent;
      expect(validate(event), `${JSON.stringify(event)}: ${describeErrors(validate)}`).toBe(true);
    }
    expect(new Set(body.map((e) => e.eventID)).size).toBe(body.length);
    expect(body[0]).toMatchObject({ references: [{ referenceType: 'EQ', referenceValue: box.containerNo }] });
  });

  it('answers valid 2.2 for the demo carrier’s real voyages, and the same event ids at every request', async () => {
    const team = await buildTeam(app, ctx);
    const key = await keyOf(team);
    const boxes = [await follow(key), await follow(key)];
    await refreshTracked(
      ctx,
      boxes.map((b) => b.containerNo),
    );
    const first = (await feed(key, '?limit=1000')).json<{ eventID: string }[]>();
    expect(first.length).toBeGreaterThan(5);
    expect(dcsaSpec.eventsResponse(first), describeErrors(dcsaSpec.eventsResponse)).toBe(true);
    const again = (await feed(key, '?limit=1000')).json<{ eventID: string }[]>();
    expect(again.map((e) => e.eventID)).toEqual(first.map((e) => e.eventID));
  });

  it('filters by equipmentReference, transportDocumentReference, eventType, type codes and place', async () => {
    const team = await buildTeam(app, ctx);
    const key = await keyOf(team);
    const [a, b] = [await follow(key), await follow(key)];
    await store(a.itemId, everyStoredKind());
    await store(b.itemId, everyStoredKind().slice(0, 4));

    const byBox = (await feed(key, `?equipmentReference=${a.containerNo}&limit=1000`)).json<object[]>();
    expect(byBox).toHaveLength(everyStoredKind().length);
    const byBill = (await feed(key, `?transportDocumentReference=${b.mblNo}`)).json<object[]>();
    expect(byBill).toHaveLength(4);
    const both = (
      await feed(key, `?equipmentReference=${a.containerNo}&transportDocumentReference=${b.mblNo}`)
    ).json();
    expect(both).toEqual([]);

    const transport = (await feed(key, `?eventType=TRANSPORT&equipmentReference=${a.containerNo}`)).json<
      {
        eventType: string;
      }[]
    >();
    expect(transport.length).toBe(7);
    expect(transport.every((e) => e.eventType === 'TRANSPORT')).toBe(true);
    expect((await feed(key, '?eventType=SHIPMENT')).json()).toEqual([]);
    expect((await feed(key, '?shipmentEventTypeCode=DRFT')).json()).toEqual([]);

    const loads = (
      await feed(
        key,
        `?equipmentEventTypeCode=LOAD,DISC&eventType=EQUIPMENT&equipmentReference=${a.containerNo}`,
      )
    ).json<
      {
        equipmentEventTypeCode: string;
      }[]
    >();
    expect(loads).toHaveLength(12);
    expect(new Set(loads.map((e) => e.equipmentEventTypeCode))).toEqual(new Set(['LOAD', 'DISC']));
    const departures = (
      await feed(key, `?transportEventTypeCode=DEPA&equipmentReference=${a.containerNo}&eventType=TRANSPORT`)
    ).json<object[]>();
    expect(departures).toHaveLength(3);
    expect((await feed(key, `?UNLocationCode=DEHAM&equipmentReference=${a.containerNo}`)).json()).toEqual([]);
  });

  it('filters by eventCreatedDateTime with each operator, and without one as equal', async () => {
    const team = await buildTeam(app, ctx);
    const key = await keyOf(team);
    const box = await follow(key);
    const days = ['2026-01-01', '2026-01-02', '2026-01-03', '2026-01-04'];
    await store(box.itemId, everyStoredKind().slice(0, 4), (i) => `${days[i]!}T12:00:00.000Z`);
    const count = async (query: string) => (await feed(key, `?${query}`)).json<object[]>().length;
    const at = encodeURIComponent('2026-01-02T13:00:00+01:00'); // = 12:00 UTC on the 2nd
    expect(await count(`eventCreatedDateTime:gte=${at}`)).toBe(3);
    expect(await count(`eventCreatedDateTime:gt=${at}`)).toBe(2);
    expect(await count(`eventCreatedDateTime:lte=${at}`)).toBe(2);
    expect(await count(`eventCreatedDateTime:lt=${at}`)).toBe(1);
    expect(await count(`eventCreatedDateTime:eq=${at}`)).toBe(1);
    expect(await count(`eventCreatedDateTime=${at}`)).toBe(1);
    expect(await count(`eventCreatedDateTime:gt=${at}&eventCreatedDateTime:lt=2026-01-04T00:00:00Z`)).toBe(1);
  });

  it('pages with a cursor and DCSA’s page headers: every event once', async () => {
    const team = await buildTeam(app, ctx);
    const key = await keyOf(team);
    const box = await follow(key);
    const kinds = everyStoredKind().slice(0, 7);
    await store(box.itemId, kinds);
    const { events, pages } = await readAll(key, `?limit=3&equipmentReference=${box.containerNo}`);
    expect(events).toHaveLength(7);
    expect(new Set(events.map((e) => e.eventID)).size).toBe(7);
    expect(pages).toHaveLength(3);
    expect(pages[0]!['current-page']).toBe(
      `${ctx.config.publicUrl}${FEED}?limit=3&equipmentReference=${box.containerNo}`,
    );
    expect(pages[0]!['first-page']).toBeUndefined();
    expect(pages[1]!['first-page']).toBe(pages[0]!['current-page']);
    expect(pages[1]!['current-page']).toBe(pages[0]!['next-page']);
    expect(pages[2]!['next-page']).toBeUndefined();
    const bad = await feed(key, '?cursor=garbage');
    expect(bad.statusCode).toBe(400);
  });

  it('is read by Tracklane’s own DCSA carrier adapter, across pages', async () => {
    const team = await buildTeam(app, ctx);
    const box = await follow(await keyOf(team));
    const key = await keyOf(team, 'read');
    const kinds = everyStoredKind().filter((e) => e.classifier !== 'ACT' || e.eventType === 'EQUIPMENT');
    await store(box.itemId, kinds);
    const provider = createDcsaProvider({
      scac: 'MSCU',
      eventsUrl: `${ctx.config.publicUrl}${FEED}`,
      headers: { authorization: `Bearer ${key}` },
      logger: { warn: () => undefined },
      fetch: (async (input: URL | string, init?: RequestInit) => {
        const url = new URL(String(input));
        const res = await app.inject({
          method: 'GET',
          url: `${url.pathname}${url.search.replace('limit=100', 'limit=7')}`,
          headers: Object.fromEntries(new Headers(init?.headers).entries()),
        });
        return new Response(res.body, {
          status: res.statusCode,
          headers: res.headers as Record<string, string>,
        });
      }) as typeof fetch,
    });
    const answer = await provider.track(
      { containerNo: box.containerNo, mblNo: box.mblNo, carrierScac: 'MSCU', trackingStartedAt: new Date() },
      new Date('2026-06-01T00:00:00Z'),
    );
    expect(answer.status).toBe('found');
    expect(answer.status === 'found' ? answer.events.length : 0).toBe(kinds.length);
  });

  it('never shows another workspace’s events', async () => {
    const mine = await buildTeam(app, ctx);
    const theirs = await buildTeam(app, ctx);
    const key = await keyOf(mine);
    const theirKey = await keyOf(theirs);
    const foreign = await follow(theirKey);
    await store(foreign.itemId, everyStoredKind().slice(0, 3));
    expect((await feed(key)).json()).toEqual([]);
    expect((await feed(key, `?equipmentReference=${foreign.containerNo}`)).json()).toEqual([]);
    expect((await feed(theirKey)).json<object[]>().length).toBe(3);
  });

  it('answers errors in DCSA’s error object: bad filters, unsupported ones, no key, too many requests', async () => {
    const team = await buildTeam(app, ctx);
    const key = await keyOf(team);
    const cases: [string, Record<string, string>, number, RegExp][] = [
      [`${FEED}?eventType=PARCEL`, { authorization: `Bearer ${key}` }, 400, /eventType must be/],
      [
        `${FEED}?carrierBookingReference=ABC`,
        { authorization: `Bearer ${key}` },
        400,
        /Unsupported filter carrierBookingReference/,
      ],
      [`${FEED}?eventCreatedDateTime:gte=yesterday`, { authorization: `Bearer ${key}` }, 400, /date-time/],
      [`${FEED}?limit=5000`, { authorization: `Bearer ${key}` }, 400, /at most 1000/],
      [FEED, {}, 401, /Authorization/],
      [FEED, { cookie: team.owner.cookie }, 401, /Authorization/],
    ];
    for (const [url, headers, status, message] of cases) {
      const res = await app.inject({ method: 'GET', url, headers });
      expect(res.statusCode, url).toBe(status);
      const body = res.json();
      expect(dcsaSpec.error(body), describeErrors(dcsaSpec.error)).toBe(true);
      expect(body.errors[0].message).toMatch(message);
      expect(body).toMatchObject({ httpMethod: 'GET', statusCode: status });
    }

    // A key that has used its minute (in any process: the count is in PostgreSQL).
    const [row] = await ctx.db
      .select({ id: apiKeys.id })
      .from(apiKeys)
      .where(eq(apiKeys.tokenHash, hashToken(key)));
    await ctx.db.execute(
      sql`INSERT INTO rate_limits (key, window_start, count) VALUES (${`api-key:${row!.id}`}, now(), 1000000)
       ON CONFLICT (key) DO UPDATE SET count = 1000000, window_start = now()`,
    );
    const limited = await feed(key);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(dcsaSpec.error(limited.json()), describeErrors(dcsaSpec.error)).toBe(true);
  });
});
