import { and, eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { rateLimits } from '../src/db/schema/auth-codes';
import type { RealtimeEvent } from '../src/integrations/realtime/realtime-hub';
import { carrierConnections } from '../src/db/schema/carrier-connections';
import { oceanShipments, terminalFacts, trackedItems } from '../src/db/schema/tracking';
import { useTestApp } from './app';
import { addMember, buildTeam, containerNo, refreshTracked, type Team } from './factories';
import { equipmentEvent, startFakeCarrier } from './fake-carrier';
import { availabilityRecord, startFakeTerminal } from './fake-terminal';

const carrier = await startFakeCarrier();
const terminal = await startFakeTerminal();
// Maersk through the operator's DCSA connection: one item per container, shared by every organization
// that follows it (ADR 0035), so that terminal data has someone to be kept from.
const { app, ctx } = await useTestApp({
  dcsaCarriers: [{ scac: 'MAEU', eventsUrl: carrier.eventsUrl, headers: { 'Consumer-Key': carrier.apiKey } }],
});

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
const call = (cookie: string, method: Method, url: string, payload?: object) =>
  app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

let billSerial = 261000000;
const bill = () => `MAEU${String(billSerial++)}`;
const DAY = 86_400_000;
const daysAgo = (n: number) => new Date(Date.now() - n * DAY).toISOString();
const dayIn = (n: number) => new Date(Date.now() + n * DAY).toISOString().slice(0, 10);
/** Storage paid through, as the terminal first says it and once extended; a day set by hand. */
const PAID_THROUGH = dayIn(5);
const EXTENDED = dayIn(7);
const BY_HAND = dayIn(9);
const record = (box: string, extra: Record<string, unknown> = {}) =>
  availabilityRecord(box, { storagePaidThroughDate: PAID_THROUGH, ...extra });

/** A container loaded at Shanghai and discharged at Los Angeles two days ago, by the carrier's events. */
function dischargedAtLosAngeles(box: string) {
  carrier.events.set(box, [
    equipmentEvent(box, {
      equipmentEventTypeCode: 'LOAD',
      emptyIndicatorCode: 'LADEN',
      eventDateTime: daysAgo(20),
      eventCreatedDateTime: daysAgo(20),
    }),
    equipmentEvent(box, {
      equipmentEventTypeCode: 'DISC',
      emptyIndicatorCode: 'LADEN',
      eventDateTime: daysAgo(2),
      eventCreatedDateTime: daysAgo(2),
      eventLocation: { locationName: 'Los Angeles', UNLocationCode: 'USLAX' },
    }),
  ]);
}

const apmtConnection = (overrides: object = {}) => ({
  kind: 'apmt-import-availability',
  baseUrl: terminal.availabilityUrl,
  terminals: ['USLAX'],
  auth: {
    type: 'oauth2-client-credentials',
    tokenUrl: terminal.tokenUrl,
    clientId: terminal.clientId,
    clientSecret: terminal.clientSecret,
  },
  perMinute: 1000,
  perDay: 10_000,
  ...overrides,
});

async function connectTerminal(team: Team, overrides: object = {}) {
  const res = await call(team.owner.cookie, 'POST', '/api/carrier-connections', apmtConnection(overrides));
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ result: { id: string } }>().result.id;
}

async function follow(team: Team, box: string, mbl: string) {
  const res = await call(team.owner.cookie, 'POST', '/api/shipments/ocean', {
    items: [{ containerNo: box, mblNo: mbl }],
  });
  expect(res.statusCode, res.body).toBe(200);
}

interface Detail {
  shipmentOverallId: string;
  terminal: null | {
    operator: string;
    facility: string;
    status: string;
    checkedAt: string;
    answeredAt: string | null;
    facts: null | {
      holds: Record<string, { state: string; names: string[] }>;
      lastFreeDay: string | null;
      yardLocation: string | null;
      readyForDelivery: boolean | null;
      demurrageOwed: { amount: number | null; currency: string | null; text: string } | null;
    };
  };
  freeTime: { demurrage: { lastFreeDay: string | null; lastFreeDaySource: string | null } };
}
const detail = async (team: Team, box: string, mbl: string) => {
  const res = await call(team.owner.cookie, 'GET', `/api/shipments/ocean/${box}/${mbl}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ result: Detail }>().result;
};

/** The attention card's count and the list filter's rows, which must agree. */
async function rule(team: Team, name: 'onHold' | 'availableForPickup') {
  const dashboard = await call(team.owner.cookie, 'GET', '/api/dashboard/ocean');
  const card = dashboard
    .json<{
      result: { attentionVO: { rule: string; count: number; items: { id: string; reason: unknown }[] }[] };
    }>()
    .result.attentionVO.find((a) => a.rule === name)!;
  const list = await call(team.owner.cookie, 'GET', `/api/shipments/ocean?attention=${name}&limit=200`);
  const rows = list.json<{ result: { items: { shipmentOverallId: string; attention: string | null }[] } }>()
    .result.items;
  return { count: card.count, top: card.items, rows };
}

async function health(id: string) {
  const [row] = await ctx.db.select().from(carrierConnections).where(eq(carrierConnections.id, id));
  return row!;
}

async function storedFacts(box: string) {
  return ctx.db
    .select({ organizationId: terminalFacts.organizationId, facts: terminalFacts.facts })
    .from(terminalFacts)
    .innerJoin(trackedItems, eq(trackedItems.id, terminalFacts.itemId))
    .where(eq(trackedItems.trackingNo, box));
}

describe('a terminal connection (APM Terminals Import Availability)', () => {
  it('is added by a company admin with its terminals, tested, and refused to others', async () => {
    const team = await buildTeam(app, ctx);
    const res = await call(team.owner.cookie, 'POST', '/api/carrier-connections', apmtConnection());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).not.toContain(terminal.clientSecret);
    const created = res.json().result;
    expect(created).toMatchObject({
      carrier: 'APMT',
      kind: 'apmt-import-availability',
      terminals: ['USLAX'],
      auth: { type: 'oauth2-client-credentials', tokenUrl: terminal.tokenUrl },
    });

    const box = containerNo('MSKU');
    terminal.records.set(`USLAX:${box}`, record(box));
    const test = await call(team.owner.cookie, 'POST', `/api/carrier-connections/${created.id}/test`, {
      reference: box,
    });
    expect(test.json().result).toEqual({
      outcome: 'works',
      message: `The terminal answered for ${box} at USLAX.`,
      events: 1,
    });
    const probe = await call(team.owner.cookie, 'POST', `/api/carrier-connections/${created.id}/test`, {});
    expect(probe.json().result).toMatchObject({ outcome: 'works', events: 0 });
    const byBill = await call(team.owner.cookie, 'POST', `/api/carrier-connections/${created.id}/test`, {
      reference: 'MAEU123456789',
    });
    expect(byBill.statusCode).toBe(400);
    expect(byBill.json().message).toBe('Enter a container number to test a terminal connection.');

    // One 30-minute token served both calls, asked for as the portal says (the grant in the query).
    expect(
      terminal.requests
        .filter((r) => r.url.pathname === '/import-availability')
        .at(-1)!
        .url.searchParams.get('facilityCode'),
    ).toBe('USLAX');

    const viewer = await addMember(app, ctx, team, { role: 'general_user', shipmentPermission: 0 });
    for (const [method, url, body] of [
      ['GET', '/api/carrier-connections', undefined],
      ['POST', '/api/carrier-connections', apmtConnection()],
      ['PATCH', `/api/carrier-connections/${created.id}`, { terminals: ['USNWK'] }],
      ['POST', `/api/carrier-connections/${created.id}/test`, {}],
    ] as const) {
      const refused = await call(viewer.cookie, method, url, body);
      expect(refused.statusCode, `${method} ${url}`).toBe(403);
    }
    const other = await buildTeam(app, ctx);
    const theirs = await call(other.owner.cookie, 'PATCH', `/api/carrier-connections/${created.id}`, {
      terminals: ['USNWK'],
    });
    expect(theirs.statusCode).toBe(404);

    const moved = await call(team.owner.cookie, 'PATCH', `/api/carrier-connections/${created.id}`, {
      terminals: ['USLAX', 'usnwk'],
    });
    expect(moved.json().result.terminals).toEqual(['USLAX', 'USNWK']);
  });

  it.each([
    [{ terminals: undefined }, 'Choose at least one terminal'],
    [{ terminals: [] }, 'Choose at least one terminal'],
    [{ terminals: ['LAX'] }, 'UN/LOCODE'],
    [{ terminals: ['USLAX', 'USLAX'] }, 'named twice'],
    [{ carrier: 'MAEU' }, 'APMT'],
    [{ kind: 'dcsa-tnt-2.2', carrier: 'MAEU' }, 'Only a terminal connection names terminals'],
    [{ kind: 'sftp' }, 'apmt-import-availability'],
  ])('refuses %j with a clear 400', async (change, words) => {
    const team = await buildTeam(app, ctx);
    const res = await call(team.owner.cookie, 'POST', '/api/carrier-connections', apmtConnection(change));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toContain(words);
  });

  it('refuses terminals on a carrier connection when it is changed', async () => {
    const team = await buildTeam(app, ctx);
    const res = await call(team.owner.cookie, 'POST', '/api/carrier-connections', {
      carrier: 'CMDU',
      baseUrl: carrier.eventsUrl,
      auth: { type: 'none' },
    });
    const patched = await call(
      team.owner.cookie,
      'PATCH',
      `/api/carrier-connections/${res.json().result.id}`,
      {
        terminals: ['USLAX'],
      },
    );
    expect(patched.statusCode).toBe(400);
    expect(patched.json().message).toBe('Only a terminal connection names terminals.');
  });
});

describe('terminal availability on a followed container', () => {
  it('is asked once the box is at its port, stored for its organization only, and drives the rules', async () => {
    const mine = await buildTeam(app, ctx);
    const theirs = await buildTeam(app, ctx);
    const box = containerNo('MSKU');
    const mbl = bill();
    dischargedAtLosAngeles(box);
    terminal.records.set(`USLAX:${box}`, record(box));
    for (const team of [mine, theirs]) await follow(team, box, mbl);
    await refreshTracked(ctx, [box]);
    // No terminal connection yet: nothing asked.
    expect((await detail(mine, box, mbl)).terminal).toBeNull();

    // Adding the connection asks about the organization's containers at its terminals at once.
    const tokenRequests = terminal.tokenRequests;
    const id = await connectTerminal(mine);
    const shown = await detail(mine, box, mbl);
    expect(shown.terminal).toMatchObject({
      operator: 'APM Terminals',
      facility: 'USLAX',
      status: 'on_hold',
      answeredAt: expect.any(String),
      facts: {
        readyForDelivery: false,
        holds: {
          customs: { state: 'held', names: ['CUSTOMS HOLD'] },
          line: { state: 'none', names: [] },
          terminal: { state: 'none', names: [] },
        },
        lastFreeDay: PAID_THROUGH,
        yardLocation: 'Y0709A',
        demurrageOwed: { amount: 0, currency: 'USD', text: '$0.00' },
      },
    });
    // The terminal's storage-paid-through date is demurrage's last free day.
    expect(shown.freeTime.demurrage).toMatchObject({
      lastFreeDay: PAID_THROUGH,
      lastFreeDaySource: 'terminal',
    });

    const held = await rule(mine, 'onHold');
    expect(held.count).toBe(1);
    expect(held.rows.map((r) => r.shipmentOverallId)).toEqual([shown.shipmentOverallId]);
    expect(held.top[0]!.reason).toEqual([
      { kind: 'text', value: 'Customs hold at USLAX' },
      { kind: 'text', value: ' · storage paid through ' },
      { kind: 'day', value: PAID_THROUGH },
    ]);
    const all = await call(mine.owner.cookie, 'GET', '/api/shipments/ocean');
    expect(all.json().result.items[0].attention).toBe('onHold');
    expect((await rule(mine, 'availableForPickup')).count).toBe(0);

    // The other organization follows the very same item and sees none of it.
    const other = await detail(theirs, box, mbl);
    expect(other.terminal).toBeNull();
    expect(other.freeTime.demurrage.lastFreeDaySource).toBe('tariff');
    expect((await rule(theirs, 'onHold')).count).toBe(0);
    expect((await storedFacts(box)).map((r) => r.organizationId)).toEqual([mine.organizationId]);

    // Released and ready: the next refresh moves it to "available for pickup", list and card alike,
    // and the organization's open pages hear of it (the other organization's do not).
    const heard: RealtimeEvent[] = [];
    const stop = ctx.realtime.subscribe({ event: (e) => heard.push(e), reset: () => undefined });
    terminal.records.set(
      `USLAX:${box}`,
      record(box, { containerHolds: '', readyForDelivery: 'Y', storagePaidThroughDate: EXTENDED }),
    );
    await refreshTracked(ctx, [box]);
    expect((await rule(mine, 'onHold')).count).toBe(0);
    const available = await rule(mine, 'availableForPickup');
    expect(available.count).toBe(1);
    expect(available.rows.map((r) => r.shipmentOverallId)).toEqual([shown.shipmentOverallId]);
    expect(available.top[0]!.reason).toContainEqual({ kind: 'text', value: ' · yard Y0709A' });
    try {
      await vi.waitFor(() =>
        expect(heard.filter((e) => e.topic === 'shipments')).toEqual([
          { topic: 'shipments', userIds: [mine.owner.userId] },
        ]),
      );
    } finally {
      stop();
    }
    expect((await detail(mine, box, mbl)).freeTime.demurrage.lastFreeDay).toBe(EXTENDED);
    // Several refreshes, one token: it lives 30 minutes.
    expect(terminal.tokenRequests - tokenRequests).toBe(1);

    // The carrier reports the full gate-out: neither rule holds any longer, whatever the terminal said.
    carrier.events.get(box)!.push(
      equipmentEvent(box, {
        equipmentEventTypeCode: 'GTOT',
        emptyIndicatorCode: 'LADEN',
        eventDateTime: daysAgo(0.5),
        eventCreatedDateTime: daysAgo(0.5),
        eventLocation: { locationName: 'Los Angeles', UNLocationCode: 'USLAX' },
      }),
    );
    await refreshTracked(ctx, [box]);
    expect((await rule(mine, 'availableForPickup')).count).toBe(0);

    // Disabling the connection takes its word back; deleting it removes what it obtained.
    await call(mine.owner.cookie, 'PATCH', `/api/carrier-connections/${id}`, { enabled: false });
    expect((await detail(mine, box, mbl)).freeTime.demurrage.lastFreeDaySource).toBe('tariff');
    await call(mine.owner.cookie, 'DELETE', `/api/carrier-connections/${id}`);
    expect(await storedFacts(box)).toEqual([]);
  });

  it('lets a last free day set by hand win over the terminal’s, and takes it back', async () => {
    const team = await buildTeam(app, ctx);
    const box = containerNo('MSKU');
    const mbl = bill();
    dischargedAtLosAngeles(box);
    terminal.records.set(`USLAX:${box}`, record(box));
    await follow(team, box, mbl);
    await refreshTracked(ctx, [box]);
    await connectTerminal(team);
    const { shipmentOverallId: id } = await detail(team, box, mbl);
    const path = `/api/shipments/ocean/${id}/last-free-day`;

    const set = await call(team.owner.cookie, 'PUT', path, { lastFreeDay: BY_HAND });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().result.milestones).toMatchObject({
      manualLastFreeDay: BY_HAND,
      terminalLastFreeDay: PAID_THROUGH,
    });
    expect((await detail(team, box, mbl)).freeTime.demurrage).toMatchObject({
      lastFreeDay: BY_HAND,
      lastFreeDaySource: 'manual',
    });
    // The list's and the cards' stored clock follow it too.
    const [row] = await ctx.db.select().from(oceanShipments).where(eq(oceanShipments.id, id));
    expect(row!.lastFreeDay?.toISOString()).toBe(`${BY_HAND}T00:00:00.000Z`);
    expect(row!.freeTimeEndsOn.toISOString()).toBe(`${BY_HAND}T00:00:00.000Z`);

    const removed = await call(team.owner.cookie, 'PUT', path, { lastFreeDay: null });
    expect(removed.json().message).toBe('Last free day set by hand removed');
    expect((await detail(team, box, mbl)).freeTime.demurrage.lastFreeDaySource).toBe('terminal');

    for (const bad of [{ lastFreeDay: '12/03/2026' }, { lastFreeDay: '2026-02-30' }, {}]) {
      const res = await call(team.owner.cookie, 'PUT', path, bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
    }
    // A member who may only view shipments may not; another organization does not find it.
    const viewer = await addMember(app, ctx, team, { shipmentPermission: 1 });
    expect((await call(viewer.cookie, 'PUT', path, { lastFreeDay: BY_HAND })).statusCode).toBe(403);
    const other = await buildTeam(app, ctx);
    expect((await call(other.owner.cookie, 'PUT', path, { lastFreeDay: BY_HAND })).statusCode).toBe(404);
  });
});

describe('a hostile terminal', () => {
  /** An organization following a discharged box, connected to the terminal, with what it first said. */
  async function known() {
    const team = await buildTeam(app, ctx);
    const box = containerNo('MSKU');
    const mbl = bill();
    dischargedAtLosAngeles(box);
    terminal.records.set(`USLAX:${box}`, record(box));
    await follow(team, box, mbl);
    await refreshTracked(ctx, [box]);
    const id = await connectTerminal(team);
    const before = await detail(team, box, mbl);
    expect(before.terminal?.status).toBe('on_hold');
    // What the terminal says next, if it is allowed to say it.
    terminal.records.set(`USLAX:${box}`, record(box, { containerHolds: '', readyForDelivery: 'Y' }));
    return { team, box, mbl, id, before };
  }

  const withOverride = async (override: typeof terminal.override, work: () => Promise<void>) => {
    terminal.override = override;
    try {
      await work();
    } finally {
      terminal.override = null;
    }
  };

  it('gets a fresh token when one expires early or is revoked, once', async () => {
    const { team, box, mbl } = await known();
    for (const token of terminal.validTokens) terminal.expiredTokens.add(token);
    const requests = terminal.tokenRequests;
    await refreshTracked(ctx, [box]);
    expect(terminal.tokenRequests - requests).toBe(1);
    expect((await detail(team, box, mbl)).terminal?.status).toBe('available');
  });

  it.each([
    ['429 with Retry-After', 429, { 'retry-after': '120' }, '', 'rate_limited', 'HTTP 429'],
    ['a 5xx', 503, {}, '', 'unreachable', 'the terminal answered HTTP 503'],
    [
      'a refused token',
      401,
      {},
      '{"code":"401"}',
      'wrong_credentials',
      'credentials were refused (HTTP 401)',
    ],
    [
      'a payload that is not the API’s',
      200,
      { 'content-type': 'application/json' },
      JSON.stringify({ containers: [{ id: 'x' }] }),
      'not_dcsa',
      'not APM Terminals Import Availability (containerId',
    ],
    [
      'a record with the wrong types',
      200,
      { 'content-type': 'application/json' },
      JSON.stringify([{ containerId: 'MSKU0000000', readyForDelivery: { yes: true } }]),
      'not_dcsa',
      'readyForDelivery',
    ],
    [
      'an answer for another container',
      200,
      { 'content-type': 'application/json' },
      JSON.stringify([availabilityRecord('TGHU9999990')]),
      'not_dcsa',
      'which it was not asked about',
    ],
    [
      'a date that is not a date',
      200,
      { 'content-type': 'application/json' },
      '__RECORD_WITH_BAD_DATE__',
      'not_dcsa',
      'storagePaidThroughDate: is not an ISO 8601 date',
    ],
  ] as const)(
    'on %s stores nothing, keeps what it knew, and says so in health',
    async (_, status, headers, body, errorClass, words) => {
      const { team, box, mbl, id, before } = await known();
      const answer =
        body === '__RECORD_WITH_BAD_DATE__'
          ? JSON.stringify([record(box, { storagePaidThroughDate: '03/08/2026' })])
          : body;
      await withOverride(
        (_req, res) => (res.writeHead(status, headers).end(answer), true),
        () => refreshTracked(ctx, [box]),
      );
      const after = await detail(team, box, mbl);
      expect(after.terminal?.facts).toEqual(before.terminal?.facts);
      expect(after.terminal?.answeredAt).toBe(before.terminal?.answeredAt);
      expect((await rule(team, 'onHold')).count).toBe(1);
      const row = await health(id);
      expect(row.lastErrorClass).toBe(errorClass);
      expect(row.lastErrorMessage).toContain(words);
      expect(row.lastErrorMessage).not.toContain(terminal.clientSecret);
      if (status === 429) {
        // Its Retry-After holds the connection: the next refresh does not ask; once it has passed, it does.
        const sent = terminal.requests.length;
        await refreshTracked(ctx, [box]);
        expect(terminal.requests.length).toBe(sent);
        await ctx.db.delete(rateLimits).where(eq(rateLimits.key, `carrier:${id}:hold`));
      }
      // And the next good answer is taken.
      await refreshTracked(ctx, [box]);
      expect((await detail(team, box, mbl)).terminal?.status).toBe('available');
      expect((await health(id)).failingSince).toBeNull();
    },
  );

  it('answers "not known" for a container it leaves out, keeping what it said before', async () => {
    const { team, box, mbl, before } = await known();
    terminal.records.delete(`USLAX:${box}`);
    await refreshTracked(ctx, [box]);
    const after = await detail(team, box, mbl);
    expect(after.terminal?.facts).toEqual(before.terminal?.facts);
    expect(after.terminal?.checkedAt).not.toBe(before.terminal?.checkedAt);
    const [row] = await ctx.db
      .select({ answeredAt: terminalFacts.answeredAt })
      .from(terminalFacts)
      .where(and(eq(terminalFacts.organizationId, team.organizationId)));
    expect(row!.answeredAt?.toISOString()).toBe(before.terminal?.answeredAt);
  });
});

describe('the OpenAPI document', () => {
  it('describes the last free day set by hand and the terminal fields', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json<{
      paths: Record<string, Record<string, { summary?: string; tags?: string[] }>>;
    }>();
    expect(doc.paths['/api/shipments/ocean/{shipmentId}/last-free-day']?.put?.summary).toContain(
      'over the terminal',
    );
    const body = JSON.stringify(doc);
    for (const words of ['apmt-import-availability', 'storage-paid-through', 'terminals'])
      expect(body).toContain(words);
  });
});
