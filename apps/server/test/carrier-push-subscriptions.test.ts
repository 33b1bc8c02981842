import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { carrierSubscriptions } from '../src/db/schema/carrier-subscriptions';
import { trackedItems } from '../src/db/schema/tracking';
import { prepareConnectionSecrets } from '../src/integrations/tracking/connections/secrets-at-rest';
import { createSecretBox, keyId } from '../src/lib/secret-box';
import { runCarrierSubscriptionsJob } from '../src/modules/ocean-shipments/carrier-connections/carrier-subscriptions.jobs';
import { syncCarrierSubscriptions } from '../src/modules/ocean-shipments/carrier-connections/carrier-subscriptions.service';
import { QUEUES } from '../src/jobs/queue';
import { PUSHED_INTERVAL } from '../src/modules/tracking/schedule';
import { addMember, buildTeam, containerNo } from './factories';
import { useCarrierPushApp } from './support/carrier-push';

const {
  publicUrl,
  app,
  ctx,
  carrier,
  call,
  pushConnection,
  follow,
  detail,
  connectionView,
  subscriptionsFor,
  subscribed,
} = await useCarrierPushApp();

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
      await import('../src/modules/ocean-shipments/carrier-connections/carrier-connections.service');
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
