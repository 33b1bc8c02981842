import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rateLimits } from '../src/db/schema/auth-codes';
import { carrierConnections } from '../src/db/schema/carrier-connections';
import { trackingChanges } from '../src/db/schema/notifications';
import { trackedItems } from '../src/db/schema/tracking';
import { createCarrierCallbackGate } from '../src/modules/ocean-shipments/carrier-connections/carrier-callback-access';
import { PUSHED_INTERVAL } from '../src/modules/tracking/schedule';
import { buildTeam, containerNo, refreshTracked, type Team } from './factories';
import { useCarrierPushApp } from './support/carrier-push';

const {
  app,
  ctx,
  carrier,
  call,
  voyage,
  pushConnection,
  follow,
  detail,
  connectionView,
  eventsOf,
  subscriptionsFor,
  subscribed,
} = await useCarrierPushApp();

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
