import { randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rateLimits } from '../src/db/schema/auth-codes';
import { carrierConnections } from '../src/db/schema/carrier-connections';
import { carrierSubscriptions } from '../src/db/schema/carrier-subscriptions';
import { trackingChanges } from '../src/db/schema/notifications';
import { trackedItems, trackingEvents } from '../src/db/schema/tracking';
import { prepareConnectionSecrets } from '../src/integrations/tracking/connections/secrets-at-rest';
import { createSecretBox, keyId } from '../src/lib/secret-box';
import { createCarrierCallbackGate } from '../src/modules/carrier-connections/carrier-callback-access';
import { runCarrierSubscriptionsJob } from '../src/modules/carrier-connections/carrier-subscriptions.jobs';
import { syncCarrierSubscriptions } from '../src/modules/carrier-connections/carrier-subscriptions.service';
import { QUEUES } from '../src/jobs/queue';
import { PUSHED_INTERVAL } from '../src/modules/tracking/schedule';
import { useTestApp } from './app';
import { addMember, buildTeam, containerNo, mbl, refreshTracked, type Team } from './factories';
import { startFakeCarrier } from './fake-carrier';

/** A port nothing listens on yet: the app's PUBLIC_URL must be known before it listens. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

// The carrier calls the app over real HTTP, as it would in production: the app listens on its PUBLIC_URL.
const port = await freePort();
const publicUrl = `http://127.0.0.1:${String(port)}`;
const { app, ctx } = await useTestApp({ publicUrl });
await app.listen({ port, host: '127.0.0.1' });
const carrier = await startFakeCarrier();

const call = (cookie: string, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

/** A real-shaped MSC voyage (DCSA 2.2), re-aimed at one container with fresh event ids. */
const VOYAGE = JSON.parse(
  readFileSync(
    new URL('../src/integrations/tracking/dcsa/fixtures/voyage-msc.json', import.meta.url),
    'utf8',
  ),
) as Record<string, unknown>[];
function voyage(box: string): Record<string, unknown>[] {
  return VOYAGE.map((event) => ({
    ...event,
    eventID: randomUUID(),
    ...(event.eventType === 'EQUIPMENT' ? { equipmentReference: box } : {}),
  }));
}

async function pushConnection(team: Team, overrides: object = {}) {
  const res = await call(team.owner.cookie, 'POST', '/api/carrier-connections', {
    carrier: 'MSCU',
    baseUrl: carrier.eventsUrl,
    auth: { type: 'headers', headers: { 'Consumer-Key': carrier.apiKey } },
    delivery: 'push',
    perMinute: 100,
    perDay: 1000,
    ...overrides,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ result: { id: string } }>().result;
}

async function follow(team: Team, boxes: string[], bill = mbl()) {
  const res = await call(team.owner.cookie, 'POST', '/api/shipments/ocean', {
    items: boxes.map((containerNo) => ({ containerNo, mblNo: bill })),
  });
  expect(res.statusCode, res.body).toBe(200);
  return bill;
}

const detail = async (team: Team, box: string, bill: string) =>
  (await call(team.owner.cookie, 'GET', `/api/shipments/ocean/${box}/${bill}`)).json<{
    result: Record<string, unknown> & { events: unknown[]; state: string; shipmentOverallId: string };
  }>().result;

const connectionView = async (team: Team, id: string) =>
  (
    (await call(team.owner.cookie, 'GET', '/api/carrier-connections')).json().result as {
      id: string;
      delivery: string;
      push: Record<string, unknown>;
      health: { callsToday: number };
    }[]
  ).find((c) => c.id === id)!;

const eventsOf = async (box: string, organizationId: string) => {
  const rows = await ctx.db
    .select({ id: trackingEvents.id })
    .from(trackingEvents)
    .innerJoin(trackedItems, eq(trackedItems.id, trackingEvents.itemId))
    .where(and(eq(trackedItems.trackingNo, box), eq(trackedItems.organizationId, organizationId)));
  return rows.length;
};

const subscriptionsFor = (box: string) =>
  [...carrier.subscriptions.values()].filter((s) => s.equipmentReference === box);

/** A pushing connection of a fresh organization, subscribed to one followed container. */
async function subscribed() {
  const team = await buildTeam(app, ctx);
  const connection = await pushConnection(team);
  const box = containerNo('MSMU');
  const bill = await follow(team, [box]);
  await syncCarrierSubscriptions(ctx, connection.id);
  expect(subscriptionsFor(box)).toHaveLength(1);
  return { team, connection, box, bill };
}

describe('push delivery: subscriptions at the carrier', () => {
  it('subscribes to each followed container with a secret of its own, from the connection’s budget', async () => {
    const team = await buildTeam(app, ctx);
    const connection = await pushConnection(team);
    const boxes = [containerNo('MSMU'), containerNo('MSMU')];
    await follow(team, boxes);

    const outcome = await syncCarrierSubscriptions(ctx, connection.id);
    expect(outcome).toMatchObject({ created: 2, deleted: 0, failed: 0, deferredUntil: null });
    const callbackUrl = `${publicUrl}/api/carrier-callbacks/${connection.id}`;
    const made = boxes.flatMap(subscriptionsFor);
    expect(made).toHaveLength(2);
    for (const subscription of made) {
      expect(subscription.callbackUrl).toBe(callbackUrl);
      expect(subscription.eventType).toEqual(['TRANSPORT', 'EQUIPMENT']);
      expect(Buffer.from(subscription.secret, 'base64')).toHaveLength(64);
    }
    expect(made[0]!.secret).not.toBe(made[1]!.secret);
    // The carrier checked the callback URL with HEAD before it accepted each subscription.
    expect(carrier.checkCallbacks).toBe(true);

    // Stored sealed, bound to the row: no secret in clear.
    const rows = await ctx.db
      .select()
      .from(carrierSubscriptions)
      .where(eq(carrierSubscriptions.connectionId, connection.id));
    expect(rows.map((r) => r.state)).toEqual(['active', 'active']);
    expect(rows.map((r) => r.subscriptionId).sort()).toEqual(made.map((s) => s.subscriptionID).sort());
    for (const row of rows) {
      expect(row.secret).toMatch(/^v1\./);
      for (const s of made) expect(row.secret).not.toContain(s.secret);
    }

    const view = await connectionView(team, connection.id);
    expect(view.delivery).toBe('push');
    expect(view.push).toMatchObject({
      callbackUrl,
      subscriptionsUrl: carrier.subscriptionsUrl,
      subscribed: 2,
      pending: 0,
      failing: 0,
      lastCallbackAt: null,
    });
    // Each subscription was a call on the connection's budget.
    expect(view.health.callsToday).toBe(2);

    // Nothing more to do: a second run calls nobody.
    const before = carrier.requests.length;
    expect(await syncCarrierSubscriptions(ctx, connection.id)).toMatchObject({ created: 0, deleted: 0 });
    expect(carrier.requests.length).toBe(before);
  });

  it('are made at once when the organization follows a container, and by the sweep for anything missed', async () => {
    const team = await buildTeam(app, ctx);
    const connection = await pushConnection(team);
    const box = containerNo('MSMU');
    await follow(team, [box]);
    // The follow queued the connection's job in its own transaction.
    const queued = await ctx.pool.query<{ data: { connectionId?: string } }>(
      'SELECT data FROM pgboss.job WHERE name = $1',
      [QUEUES.carrierSubscriptions],
    );
    expect(queued.rows.map((r) => r.data.connectionId)).toContain(connection.id);
    await runCarrierSubscriptionsJob(ctx, { connectionId: connection.id });
    expect(subscriptionsFor(box)).toHaveLength(1);

    // Whatever the job missed, the minute's sweep over every pushing connection catches up.
    const later = containerNo('MSMU');
    await follow(team, [later]);
    expect(subscriptionsFor(later)).toHaveLength(0);
    await runCarrierSubscriptionsJob(ctx, {});
    expect(subscriptionsFor(later)).toHaveLength(1);
  });

  it('stops at the end of the budget and goes on in the next window', async () => {
    const team = await buildTeam(app, ctx);
    const connection = await pushConnection(team, { perMinute: 2 });
    await follow(team, [containerNo('MSMU'), containerNo('MSMU'), containerNo('MSMU')]);
    const outcome = await syncCarrierSubscriptions(ctx, connection.id);
    expect(outcome.created).toBe(2);
    expect(outcome.deferredUntil).toBeInstanceOf(Date);
    expect((await connectionView(team, connection.id)).push).toMatchObject({ subscribed: 2, pending: 1 });
  });

  it('ends subscriptions nobody needs: an archived shipment, polling again, a disabled or deleted connection', async () => {
    const { team, connection, box, bill } = await subscribed();
    const shipment = await detail(team, box, bill);
    const archive = await call(team.owner.cookie, 'POST', '/api/shipments/ocean/archive', {
      shipmentOverallIds: [shipment.shipmentOverallId],
      archived: true,
    });
    expect(archive.statusCode, archive.body).toBe(200);
    expect(await syncCarrierSubscriptions(ctx, connection.id)).toMatchObject({ deleted: 1 });
    expect(subscriptionsFor(box)).toHaveLength(0);
    expect(carrier.requests.at(-1)).toMatchObject({ method: 'DELETE' });

    // Back from the archive: subscribed again; switched to poll: unsubscribed, and polled at once.
    await call(team.owner.cookie, 'POST', '/api/shipments/ocean/archive', {
      shipmentOverallIds: [shipment.shipmentOverallId],
      archived: false,
    });
    await syncCarrierSubscriptions(ctx, connection.id);
    expect(subscriptionsFor(box)).toHaveLength(1);
    const polled = await call(team.owner.cookie, 'PATCH', `/api/carrier-connections/${connection.id}`, {
      delivery: 'poll',
    });
    expect(polled.statusCode, polled.body).toBe(200);
    await ctx.db
      .update(trackedItems)
      .set({ nextCheckAt: new Date(Date.now() + PUSHED_INTERVAL) })
      .where(eq(trackedItems.trackingNo, box));
    expect(await syncCarrierSubscriptions(ctx, connection.id)).toMatchObject({ deleted: 1 });
    expect(subscriptionsFor(box)).toHaveLength(0);
    const [item] = await ctx.db.select().from(trackedItems).where(eq(trackedItems.trackingNo, box));
    expect(item!.nextCheckAt.getTime()).toBeLessThanOrEqual(Date.now());

    // Push again, then disabled: unsubscribed.
    await call(team.owner.cookie, 'PATCH', `/api/carrier-connections/${connection.id}`, { delivery: 'push' });
    await syncCarrierSubscriptions(ctx, connection.id);
    expect(subscriptionsFor(box)).toHaveLength(1);
    await call(team.owner.cookie, 'PATCH', `/api/carrier-connections/${connection.id}`, { enabled: false });
    expect(await syncCarrierSubscriptions(ctx, connection.id)).toMatchObject({ deleted: 1 });
    expect(subscriptionsFor(box)).toHaveLength(0);

    // Enabled and pushing again, then deleted: the carrier is asked to stop before the credentials go.
    await call(team.owner.cookie, 'PATCH', `/api/carrier-connections/${connection.id}`, { enabled: true });
    await syncCarrierSubscriptions(ctx, connection.id);
    expect(subscriptionsFor(box)).toHaveLength(1);
    const gone = await call(team.owner.cookie, 'DELETE', `/api/carrier-connections/${connection.id}`);
    expect(gone.statusCode, gone.body).toBe(200);
    expect(subscriptionsFor(box)).toHaveLength(0);
  });

  it('records a subscription the carrier refuses, in words, and tries it again later', async () => {
    const team = await buildTeam(app, ctx);
    const connection = await pushConnection(team);
    await follow(team, [containerNo('MSMU')]);
    carrier.override = (req, res, url) => {
      if (req.method !== 'POST' || !url.pathname.endsWith('/event-subscriptions')) return false;
      res
        .writeHead(400, { 'content-type': 'application/json' })
        .end(JSON.stringify({ errors: [{ reason: 'invalidInput', message: 'callbackUrl must be https' }] }));
      return true;
    };
    try {
      expect(await syncCarrierSubscriptions(ctx, connection.id)).toMatchObject({ created: 0, failed: 1 });
    } finally {
      carrier.override = null;
    }
    expect((await connectionView(team, connection.id)).push).toMatchObject({
      subscribed: 0,
      failing: 1,
      lastError: 'the carrier refused the subscription (HTTP 400: callbackUrl must be https)',
    });
    // Not before its retry time.
    expect(await syncCarrierSubscriptions(ctx, connection.id)).toMatchObject({ created: 0, failed: 0 });
    await ctx.db
      .update(carrierSubscriptions)
      .set({ retryAt: new Date(Date.now() - 1000), claimedUntil: null })
      .where(eq(carrierSubscriptions.connectionId, connection.id));
    expect(await syncCarrierSubscriptions(ctx, connection.id)).toMatchObject({ created: 1 });
  });
});

describe('POST /api/carrier-callbacks/{connectionId}', () => {
  it('stores signed events and updates the shipment exactly as a poll of the same events', async () => {
    const { team, connection, box, bill } = await subscribed();
    const events = voyage(box);

    // Another organization polls the same container's same events with its own poll connection.
    const polling = await buildTeam(app, ctx);
    const pollRes = await call(polling.owner.cookie, 'POST', '/api/carrier-connections', {
      carrier: 'MSCU',
      baseUrl: carrier.eventsUrl,
      auth: { type: 'headers', headers: { 'Consumer-Key': carrier.apiKey } },
      perMinute: 100,
    });
    expect(pollRes.statusCode, pollRes.body).toBe(200);
    await follow(polling, [box], bill);
    carrier.events.set(box, events);
    await ctx.db
      .update(trackedItems)
      .set({ nextCheckAt: new Date() })
      .where(and(eq(trackedItems.trackingNo, box), eq(trackedItems.organizationId, polling.organizationId)));

    const replies = await carrier.push(box, events);
    expect(replies).toEqual([expect.objectContaining({ status: 204, body: '' })]);
    await refreshTracked(ctx, [box]);

    const pushed = await detail(team, box, bill);
    const polled = await detail(polling, box, bill);
    expect(pushed.events).toHaveLength(9);
    expect(pushed.status).toBe('discharged');
    // All but what names the workspace's own shipment, and when each organization asked or heard.
    const VARYING = new Set(['shipmentOverallId', 'createdAt', 'lastCheckedAt', 'nextCheckAt', 'receivedAt']);
    const same = (d: unknown): unknown =>
      JSON.parse(JSON.stringify(d, (key, value: unknown) => (VARYING.has(key) ? undefined : value)));
    expect(same(pushed)).toEqual(same(polled));
    // The list row too (columns copied to the subscription in the refresh's transaction).
    const row = async (t: Team) => {
      const list = (await call(t.owner.cookie, 'GET', '/api/shipments/ocean')).json().result.items as Record<
        string,
        unknown
      >[];
      return same(list.find((r) => r.containerNo === box));
    };
    expect(await row(team)).toEqual(await row(polling));

    // Pushed: asked again only as a safety net, some 12 hours on.
    const [item] = await ctx.db
      .select()
      .from(trackedItems)
      .where(and(eq(trackedItems.trackingNo, box), eq(trackedItems.organizationId, team.organizationId)));
    expect(item!.nextCheckAt.getTime() - Date.now()).toBeGreaterThan(PUSHED_INTERVAL - 60_000);
    const view = await connectionView(team, connection.id);
    expect(view.push.lastCallbackAt).toEqual(expect.any(String));
  });

  it('refuses a bad or missing signature with 401 and stores nothing', async () => {
    const { team, connection, box } = await subscribed();
    const events = voyage(box);
    const tampered = await carrier.push(box, events, {
      tamper: (body) => body.replace('"GTOT"', '"GTIN"'),
    });
    expect(tampered[0]!.status).toBe(401);
    expect(JSON.parse(tampered[0]!.body)).toMatchObject({
      success: false,
      code: 'UNAUTHENTICATED',
      message: expect.stringContaining('does not match'),
    });
    const wrongKey = await carrier.push(box, events, {
      secret: Buffer.alloc(64, 7).toString('base64'),
    });
    expect(wrongKey[0]!.status).toBe(401);
    const otherSubscription = await carrier.push(box, events, {
      headers: { 'subscription-id': randomUUID() },
    });
    expect(otherSubscription[0]!.status).toBe(401);

    const url = `/api/carrier-callbacks/${connection.id}`;
    const unsigned = await app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(events),
    });
    expect(unsigned.statusCode).toBe(401);
    expect(unsigned.json().message).toContain('Notification-Signature');
    const noId = await app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/json', 'notification-signature': `sha256=${'0'.repeat(64)}` },
      payload: JSON.stringify(events),
    });
    expect(noId.statusCode).toBe(401);
    expect(noId.json().message).toContain('Subscription-ID');
    expect(await eventsOf(box, team.organizationId)).toBe(0);
  });

  it('refuses what is not a DCSA 2.2 event array with 400, however well signed, and stores nothing', async () => {
    const { team, box } = await subscribed();
    const broken = voyage(box).map((e, i) => (i === 3 ? { ...e, equipmentEventTypeCode: 'TELEPORT' } : e));
    const replies = await carrier.push(box, broken);
    expect(replies[0]!.status).toBe(400);
    expect(JSON.parse(replies[0]!.body)).toMatchObject({
      success: false,
      code: 'VALIDATION',
      message: expect.stringContaining('not valid DCSA Track & Trace 2.2: [3].equipmentEventTypeCode'),
    });
    const notJson = await carrier.push(box, [], { raw: 'not json' });
    expect(notJson[0]!.status).toBe(400);
    const twice = voyage(box);
    const duplicate = await carrier.push(box, [...twice, twice[3]!]);
    expect(duplicate[0]!.status).toBe(400);
    expect(await eventsOf(box, team.organizationId)).toBe(0);
  });

  it('stores a replayed delivery, and an event both polled and pushed, once', async () => {
    const { team, box, bill } = await subscribed();
    const events = voyage(box);
    carrier.events.set(box, events.slice(0, 4));
    await refreshTracked(ctx, [box]);
    expect(await eventsOf(box, team.organizationId)).toBe(3);

    const [item] = await ctx.db
      .select()
      .from(trackedItems)
      .where(and(eq(trackedItems.trackingNo, box), eq(trackedItems.organizationId, team.organizationId)));
    const changes = async () =>
      (await ctx.db.select().from(trackingChanges).where(eq(trackingChanges.itemId, item!.id))).length;
    expect((await carrier.push(box, events))[0]!.status).toBe(204);
    expect(await eventsOf(box, team.organizationId)).toBe(9);
    const recorded = await changes();
    expect(recorded).toBeGreaterThan(0);
    // The same delivery again: nothing new, no change recorded (so nobody notified) twice.
    expect((await carrier.push(box, events))[0]!.status).toBe(204);
    expect(await eventsOf(box, team.organizationId)).toBe(9);
    expect(await changes()).toBe(recorded);
    expect((await detail(team, box, bill)).events).toHaveLength(9);
  });

  it('keeps to the organization’s own followed containers of the connection', async () => {
    const { team, box, bill } = await subscribed();
    // Another organization follows the same container with its own connection.
    const other = await buildTeam(app, ctx);
    const theirs = await pushConnection(other);
    await follow(other, [box], bill);
    // A container the organization does not follow, named in the same delivery.
    const stranger = containerNo('MSMU');
    const mine = voyage(box);
    expect(theirs.id).not.toBe(undefined);
    const replies = await carrier.push(box, [
      ...mine,
      ...voyage(stranger).filter((e) => e.eventType === 'EQUIPMENT'),
    ]);
    expect(replies.map((r) => r.status)).toEqual([204]);

    expect(await eventsOf(box, team.organizationId)).toBe(9);
    expect(await eventsOf(box, other.organizationId)).toBe(0);
    expect(await eventsOf(stranger, team.organizationId)).toBe(0);
    const [strangerItem] = await ctx.db
      .select()
      .from(trackedItems)
      .where(eq(trackedItems.trackingNo, stranger));
    expect(strangerItem).toBeUndefined();
  });

  it('answers 404 for an unknown, polling or disabled connection, and the HEAD check only where it pushes', async () => {
    const { team, connection, box } = await subscribed();
    const head = (id: string) => app.inject({ method: 'HEAD', url: `/api/carrier-callbacks/${id}` });
    expect((await head(connection.id)).statusCode).toBe(204);
    for (const id of [randomUUID(), 'not-a-connection']) {
      expect((await head(id)).statusCode).toBe(404);
      const res = await app.inject({
        method: 'POST',
        url: `/api/carrier-callbacks/${id}`,
        headers: { 'content-type': 'application/json' },
        payload: '[]',
      });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
    }
    await call(team.owner.cookie, 'PATCH', `/api/carrier-connections/${connection.id}`, { enabled: false });
    expect((await head(connection.id)).statusCode).toBe(404);
    expect((await carrier.push(box, voyage(box)))[0]!.status).toBe(404);
    expect(await eventsOf(box, team.organizationId)).toBe(0);
  });

  it('refuses bodies over 5 MiB without reading them, and rate-limits each connection', async () => {
    const { connection, box } = await subscribed();
    const big = await app.inject({
      method: 'POST',
      url: `/api/carrier-callbacks/${connection.id}`,
      headers: { 'content-type': 'application/json' },
      payload: `[${' '.repeat(6 * 1024 * 1024)}]`,
    });
    expect(big.statusCode).toBe(413);

    const [row] = await ctx.db
      .select()
      .from(carrierConnections)
      .where(eq(carrierConnections.id, connection.id));
    // The carrier's HEAD check and the refused body above counted: a fresh window.
    await ctx.db.delete(rateLimits).where(eq(rateLimits.key, `carrier-callback:${connection.id}`));
    const gate = createCarrierCallbackGate({
      ...ctx,
      config: { ...ctx.config, carrierCallbackRateLimitPerMinute: 2 },
    });
    await gate.admit(row!.id);
    await gate.admit(row!.id);
    await expect(gate.admit(row!.id)).rejects.toMatchObject({ statusCode: 429 });
    expect(subscriptionsFor(box)).toHaveLength(1);
  });
});

describe('push delivery settings', () => {
  it('refuse what cannot push, in words, and never to another organization or role', async () => {
    const team = await buildTeam(app, ctx);
    const refused = await call(team.owner.cookie, 'POST', '/api/carrier-connections', {
      carrier: 'MSCU',
      baseUrl: `${carrier.url}/tnt/query`,
      auth: { type: 'none' },
      delivery: 'push',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toContain('event-subscriptions endpoint');
    const given = await call(team.owner.cookie, 'POST', '/api/carrier-connections', {
      carrier: 'MSCU',
      baseUrl: `${carrier.url}/tnt/query`,
      auth: { type: 'none' },
      delivery: 'push',
      subscriptionsUrl: carrier.subscriptionsUrl,
    });
    expect(given.statusCode, given.body).toBe(200);
    expect(given.json().result.push.subscriptionsUrl).toBe(carrier.subscriptionsUrl);
    const bad = await call(team.owner.cookie, 'PATCH', `/api/carrier-connections/${given.json().result.id}`, {
      delivery: 'sometimes',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('delivery must be poll or push');

    const member = await addMember(app, ctx, team, { role: 'general_user', shipmentPermission: 0 });
    const asMember = await call(
      member.cookie,
      'PATCH',
      `/api/carrier-connections/${given.json().result.id}`,
      {
        delivery: 'poll',
      },
    );
    expect(asMember.statusCode).toBe(403);
    const other = await buildTeam(app, ctx);
    const asOther = await call(
      other.owner.cookie,
      'PATCH',
      `/api/carrier-connections/${given.json().result.id}`,
      {
        delivery: 'poll',
      },
    );
    expect(asOther.statusCode).toBe(404);
  });

  it('need a public https address where carriers reach Tracklane, outside development', async () => {
    const team = await buildTeam(app, ctx);
    const { createConnection } =
      await import('../src/modules/carrier-connections/carrier-connections.service');
    const strict = {
      ...ctx,
      config: { ...ctx.config, carrierAllowLocal: false, publicUrl: 'http://tracklane.internal' },
    };
    await expect(
      createConnection(strict, team.organizationId, team.owner.userId, {
        carrier: 'MSCU',
        kind: 'dcsa-tnt-2.2',
        baseUrl: 'https://1.1.1.1/v2/events',
        auth: { type: 'none' },
        enabled: true,
        perMinute: 10,
        perDay: 100,
        delivery: 'push',
      }),
    ).rejects.toMatchObject({ statusCode: 409, message: expect.stringContaining('PUBLIC_URL') });
  });

  it('are described in the OpenAPI document', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json<{
      paths: Record<string, Record<string, { summary?: string; requestBody?: unknown; responses: object }>>;
    }>();
    const callback = doc.paths['/api/carrier-callbacks/{connectionId}'];
    expect(callback?.post?.summary).toContain('pushes DCSA events');
    expect(callback?.post?.requestBody).toBeDefined();
    expect(Object.keys(callback?.post?.responses ?? {})).toContain('204');
    expect(callback?.head?.summary).toContain('check');
    const create = JSON.stringify(doc.paths['/api/carrier-connections']?.post?.requestBody);
    expect(create).toContain('delivery');
    expect(create).toContain('subscriptionsUrl');
  });

  it('have their subscriptions’ secrets re-encrypted at start-up under a new SECRETS_KEY', async () => {
    const { connection, box } = await subscribed();
    const [before] = await ctx.db
      .select()
      .from(carrierSubscriptions)
      .where(eq(carrierSubscriptions.connectionId, connection.id));
    const oldKey = ctx.config.secretsKeys!.current;
    const newKey = randomBytes(32);
    const logger = { info: () => undefined };
    const keys = (current: Buffer, previous: Buffer) => ({ secretsKeys: { current, previous } });
    try {
      expect(await prepareConnectionSecrets(ctx, keys(newKey, oldKey), logger)).toBeGreaterThanOrEqual(2);
      const [after] = await ctx.db
        .select()
        .from(carrierSubscriptions)
        .where(eq(carrierSubscriptions.id, before!.id));
      const fresh = createSecretBox({ current: newKey, previous: null });
      expect(fresh.keyIdOf(after!.secret)).toBe(keyId(newKey));
      expect(fresh.open(after!.secret, before!.id)).toBe(subscriptionsFor(box)[0]!.secret);
    } finally {
      // The other tests' processes hold the old key.
      await prepareConnectionSecrets(ctx, keys(oldKey, newKey), logger);
    }
  });
});
