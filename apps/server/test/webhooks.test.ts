import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { mailOutbox } from '../src/db/schema/mail';
import { oceanShipments, trackedItems, trackingEvents } from '../src/db/schema/tracking';
import { webhookDeliveries, webhookEndpoints, webhookEvents } from '../src/db/schema/webhooks';
import { withTransaction } from '../src/lib/transaction';
import { attemptDelivery, type WebhookSettings } from '../src/modules/webhooks/webhook-delivery.service';
import { emitShipmentChanged } from '../src/modules/webhooks/shipment-webhooks';
import { isPrivateAddress, resolveTarget } from '../src/modules/webhooks/webhook-target';
import { dispatchPendingDeliveries, startWebhookJobs } from '../src/modules/webhooks/webhooks.jobs';
import { useTestApp } from './app';
import { describeErrors, dcsaSpec } from './dcsa-spec';
import { addMember, buildTeam, containerNo, mbl, refreshTracked, type Team } from './factories';

// The tests' receivers listen on 127.0.0.1: the installation setting that allows private targets.
// Its ordinary workspaces follow demo shipments: they opt into demo data (ADR 0035).
const { app, ctx } = await useTestApp({ webhookAllowPrivateTargets: true, demoCarriers: true });
const strict = { ...ctx, config: { ...ctx.config, webhookAllowPrivateTargets: false } };
const settings: WebhookSettings = {
  retryLimit: 4,
  retryDelaySeconds: 1,
  disableAfterFailures: 3,
  timeoutMs: 3000,
};
const jobs = await startWebhookJobs(ctx, { settings, dispatchIntervalMs: 100 });
afterAll(() => jobs.stop());

/**
 * A receiver written from docs/webhooks.md alone ("Verifying the signature"), with node:crypto and
 * nothing of the server's code.
 */
function verifyFromTheDocs(secret: string, headers: IncomingHttpHeaders, rawBody: string): boolean {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const id = String(headers['webhook-id']);
  const timestamp = String(headers['webhook-timestamp']);
  if (Math.abs(Date.now() / 1000 - Number(timestamp)) > 300) return false;
  const expected = createHmac('sha256', key).update(`${id}.${timestamp}.${rawBody}`).digest();
  return String(headers['webhook-signature'])
    .split(' ')
    .some((entry) => {
      const [version, signature] = entry.split(',');
      const given = Buffer.from(signature ?? '', 'base64');
      return version === 'v1' && given.length === expected.length && timingSafeEqual(given, expected);
    });
}

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/** A local receiver answering each request with the next status of `statuses` (the last one repeats). */
async function receiver(statuses: number[] = [200]) {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      const status = statuses[Math.min(received.length - 1, statuses.length - 1)]!;
      res.writeHead(status, { 'content-type': 'text/plain' }).end(status >= 300 ? 'receiver is down' : 'ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  afterAll(() => new Promise((resolve) => server.close(resolve)));
  return { url: `http://127.0.0.1:${String((server.address() as AddressInfo).port)}/hooks`, received };
}

const session = (
  cookie: string,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  payload?: object,
) => app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

async function register(team: Team, body: object) {
  const res = await session(team.owner.cookie, 'POST', '/api/webhooks', body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ result: { id: string; secret: string } }>().result;
}

async function addOcean(team: Team) {
  const item = { containerNo: containerNo(), mblNo: mbl() };
  const res = await session(team.owner.cookie, 'POST', '/api/shipments/ocean', { items: [item] });
  return {
    ...item,
    shipmentId: res.json<{ result: { shipmentOverallId: string }[] }>().result[0]!.shipmentOverallId,
  };
}

const deliveriesOf = (endpointId: string) =>
  ctx.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpointId));

describe('webhook deliveries', () => {
  it('are signed so that a receiver written from the documentation alone verifies them', async () => {
    const team = await buildTeam(app, ctx);
    const target = await receiver();
    const endpoint = await register(team, {
      url: target.url,
      eventTypes: ['shipment.added', 'shipment.archived'],
    });
    expect(endpoint.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const shipment = await addOcean(team);

    await vi.waitFor(() => expect(target.received).toHaveLength(1), { timeout: 10_000, interval: 100 });
    const [request] = target.received;
    expect(verifyFromTheDocs(endpoint.secret, request!.headers, request!.body)).toBe(true);
    // Any other secret, or a body changed on the way, fails.
    expect(
      verifyFromTheDocs(`whsec_${Buffer.alloc(32).toString('base64')}`, request!.headers, request!.body),
    ).toBe(false);
    expect(
      verifyFromTheDocs(endpoint.secret, request!.headers, request!.body.replace('ocean', 'oceaN')),
    ).toBe(false);
    const body = JSON.parse(request!.body) as {
      id: string;
      type: string;
      workspaceId: string;
      data: { mode: string; shipment: { containerNo: string } };
    };
    expect(body).toMatchObject({
      id: request!.headers['webhook-id'],
      type: 'shipment.added',
      workspaceId: team.defaultWorkspaceId,
      data: {
        mode: 'ocean',
        shipment: { containerNo: shipment.containerNo, shipmentOverallId: shipment.shipmentId },
      },
    });

    await vi.waitFor(async () => expect((await deliveriesOf(endpoint.id))[0]?.status).toBe('succeeded'), {
      timeout: 5000,
    });
    const log = await session(team.owner.cookie, 'GET', `/api/webhooks/${endpoint.id}/deliveries`);
    expect(log.json().result.items).toEqual([
      expect.objectContaining({
        eventType: 'shipment.added',
        status: 'succeeded',
        attempts: 1,
        lastStatusCode: 200,
      }),
    ]);
    expect(log.json().result.items[0].lastResponseMs).toBeGreaterThanOrEqual(0);
  });

  it('are retried with backoff through the job queue until the receiver answers 2xx', async () => {
    const team = await buildTeam(app, ctx);
    const target = await receiver([500, 503, 200]);
    const endpoint = await register(team, { url: target.url, eventTypes: ['shipment.added'] });
    await addOcean(team);
    await vi.waitFor(async () => expect((await deliveriesOf(endpoint.id))[0]?.status).toBe('succeeded'), {
      timeout: 20_000,
      interval: 250,
    });
    const [delivery] = await deliveriesOf(endpoint.id);
    expect(delivery).toMatchObject({ attempts: 3, lastStatusCode: 200, lastError: null });
    expect(target.received).toHaveLength(3);
    // The same event each time, under the same id.
    expect(new Set(target.received.map((r) => r.headers['webhook-id'])).size).toBe(1);
    const [row] = await ctx.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint.id));
    expect(row).toMatchObject({ enabled: true, consecutiveFailures: 0 });
    // The job carried exponential backoff.
    const jobsRows = await ctx.pool.query<{ retry_backoff: boolean; retry_limit: number }>(
      `SELECT retry_backoff, retry_limit FROM pgboss.job WHERE name = 'webhooks.deliver' AND data->>'deliveryId' = $1`,
      [delivery!.id],
    );
    expect(jobsRows.rows[0]).toEqual({ retry_backoff: true, retry_limit: settings.retryLimit });
  });

  it('disable the endpoint after repeated failures and e-mail the admins once; enable and replay deliver it', async () => {
    const team = await buildTeam(app, ctx);
    const otherAdmin = await addMember(app, ctx, team, { role: 'company_admin' });
    const target = await receiver([500, 500, 500, 500, 200]);
    // Created straight in the database: no dispatcher races the attempts this test makes by hand.
    const [endpoint] = await ctx.db
      .insert(webhookEndpoints)
      .values({
        workspaceId: team.defaultWorkspaceId,
        url: target.url,
        eventTypes: ['shipment.archived'],
        secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
      })
      .returning();
    const [event] = await ctx.db
      .insert(webhookEvents)
      .values({ workspaceId: team.defaultWorkspaceId, type: 'shipment.archived', data: { mode: 'ocean' } })
      .returning();
    const [delivery] = await ctx.db
      .insert(webhookDeliveries)
      .values({ endpointId: endpoint!.id, eventId: event!.id, queuedAt: new Date() })
      .returning();

    expect(await attemptDelivery(ctx, delivery!.id, { final: false, settings })).toBe('retry');
    expect(await attemptDelivery(ctx, delivery!.id, { final: false, settings })).toBe('retry');
    expect(await attemptDelivery(ctx, delivery!.id, { final: false, settings })).toBe('cancelled');
    const [disabled] = await ctx.db
      .select()
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.id, endpoint!.id));
    expect(disabled).toMatchObject({ enabled: false, consecutiveFailures: 3 });
    expect(disabled!.disabledReason).toMatch(
      /3 delivery attempts in a row failed \(last: HTTP 500: receiver is down\)/,
    );
    const mails = await ctx.db
      .select()
      .from(mailOutbox)
      .where(inArray(mailOutbox.toAddress, [team.owner.email, otherAdmin.email]));
    const notices = mails.filter((m) => m.subject.startsWith('Webhook endpoint disabled'));
    expect(notices.map((m) => m.toAddress).sort()).toEqual([team.owner.email, otherAdmin.email].sort());
    expect(notices[0]!.text).toContain(target.url);
    // Disabled: a pending delivery is not sent.
    expect(await attemptDelivery(ctx, delivery!.id, { final: true, settings })).toBe('skipped');
    expect(target.received).toHaveLength(3);

    const refused = await session(
      team.owner.cookie,
      'POST',
      `/api/webhooks/${endpoint!.id}/deliveries/${delivery!.id}/replay`,
    );
    expect(refused.statusCode).toBe(409);
    const enabled = await session(team.owner.cookie, 'PATCH', `/api/webhooks/${endpoint!.id}`, {
      enabled: true,
    });
    expect(enabled.json().result).toMatchObject({
      enabled: true,
      consecutiveFailures: 0,
      disabledReason: null,
    });
    const replay = await session(
      team.owner.cookie,
      'POST',
      `/api/webhooks/${endpoint!.id}/deliveries/${delivery!.id}/replay`,
    );
    expect(replay.statusCode).toBe(200);
    const replayId = replay.json().result.deliveryId as string;
    // The dispatcher and a worker pick the replay up: the receiver fails once more, then takes it.
    await vi.waitFor(
      async () =>
        expect(
          (await ctx.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, replayId)))[0]
            ?.status,
        ).toBe('succeeded'),
      { timeout: 20_000, interval: 250 },
    );
    expect(target.received.at(-1)!.headers['webhook-id']).toBe(event!.id);
    expect(target.received.at(0)!.headers['webhook-id']).toBe(event!.id);
  });

  it('record the last failure when the job queue gives up', async () => {
    const team = await buildTeam(app, ctx);
    const target = await receiver([502]);
    const [endpoint] = await ctx.db
      .insert(webhookEndpoints)
      .values({
        workspaceId: team.defaultWorkspaceId,
        url: target.url,
        eventTypes: ['shipment.added'],
        secret: 'whsec_AAAA',
      })
      .returning();
    const [event] = await ctx.db
      .insert(webhookEvents)
      .values({ workspaceId: team.defaultWorkspaceId, type: 'shipment.added', data: {} })
      .returning();
    const [delivery] = await ctx.db
      .insert(webhookDeliveries)
      .values({ endpointId: endpoint!.id, eventId: event!.id, queuedAt: new Date() })
      .returning();
    expect(
      await attemptDelivery(ctx, delivery!.id, {
        final: true,
        settings: { ...settings, disableAfterFailures: 99 },
      }),
    ).toBe('failed');
    const [row] = await ctx.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, delivery!.id));
    expect(row).toMatchObject({ status: 'failed', attempts: 1, lastStatusCode: 502 });
  });
});

describe('webhook events', () => {
  it('are written for archive and unarchive of both modes, only for subscribed types', async () => {
    const team = await buildTeam(app, ctx);
    const target = await receiver();
    const endpoint = await register(team, {
      url: target.url,
      eventTypes: ['shipment.archived', 'shipment.unarchived'],
    });
    const ocean = await addOcean(team);
    const parcel = (
      await session(team.owner.cookie, 'POST', '/api/shipments/express', {
        items: [{ trackingNo: '1Z999AA10123456784' }],
      })
    ).json().result[0].expressOrderId as string;
    expect(
      (
        await session(team.owner.cookie, 'POST', '/api/shipments/ocean/archive', {
          shipmentOverallIds: [ocean.shipmentId],
          archived: true,
        })
      ).statusCode,
    ).toBe(200);
    // Archiving what is archived already changes nothing and sends nothing.
    expect(
      (
        await session(team.owner.cookie, 'POST', '/api/shipments/ocean/archive', {
          shipmentOverallIds: [ocean.shipmentId],
          archived: true,
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await session(team.owner.cookie, 'POST', '/api/shipments/ocean/archive', {
          shipmentOverallIds: [ocean.shipmentId],
          archived: false,
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await session(team.owner.cookie, 'POST', '/api/shipments/express/archive', {
          expressOrderIds: [parcel],
          archived: true,
        })
      ).statusCode,
    ).toBe(200);

    const events = await ctx.db
      .select()
      .from(webhookEvents)
      .where(eq(webhookEvents.workspaceId, team.defaultWorkspaceId))
      .orderBy(webhookEvents.createdAt);
    // (Two requests can share a millisecond, the events' precision: compared without their order.)
    expect(events.map((e) => `${e.type} ${(e.data as { mode: string }).mode}`).sort()).toEqual([
      'shipment.archived express',
      'shipment.archived ocean',
      'shipment.unarchived ocean',
    ]);
    await vi.waitFor(() => expect(target.received).toHaveLength(3), { timeout: 10_000 });
    // The receiver hears a request before its sender records the answer: wait for the records.
    await vi.waitFor(
      async () =>
        expect((await deliveriesOf(endpoint.id)).map((d) => d.status)).toEqual([
          'succeeded',
          'succeeded',
          'succeeded',
        ]),
      { timeout: 10_000 },
    );
  });

  it('are not written at all for a workspace without endpoints', async () => {
    const team = await buildTeam(app, ctx);
    const ocean = await addOcean(team);
    await session(team.owner.cookie, 'POST', '/api/shipments/ocean/archive', {
      shipmentOverallIds: [ocean.shipmentId],
      archived: true,
    });
    expect(
      await ctx.db.select().from(webhookEvents).where(eq(webhookEvents.workspaceId, team.defaultWorkspaceId)),
    ).toEqual([]);
  });

  it('shipment.changed reaches every following workspace with an endpoint, in the DCSA shape where chosen', async () => {
    const ours = await buildTeam(app, ctx);
    const dcsaTeam = await buildTeam(app, ctx);
    const quiet = await buildTeam(app, ctx);
    const box = { containerNo: containerNo(), mblNo: mbl() };
    for (const team of [ours, dcsaTeam, quiet])
      await session(team.owner.cookie, 'POST', '/api/shipments/ocean', { items: [box] });
    // The first check stores the events before any endpoint listens (the refresh's own event is the
    // next test's); this one emits a change by hand.
    await refreshTracked(ctx, [box.containerNo]);
    const ourTarget = await receiver();
    const dcsaTarget = await receiver([204]);
    const ourEndpoint = await register(ours, { url: ourTarget.url, eventTypes: ['shipment.changed'] });
    const dcsaEndpoint = await register(dcsaTeam, {
      url: dcsaTarget.url,
      eventTypes: ['shipment.changed'],
      shape: 'dcsa',
    });
    const [item] = await ctx.db
      .select()
      .from(trackedItems)
      .where(eq(trackedItems.trackingNo, box.containerNo));
    const stored = await ctx.db
      .select({ id: trackingEvents.id })
      .from(trackingEvents)
      .where(eq(trackingEvents.itemId, item!.id));
    expect(stored.length).toBeGreaterThan(0);

    await withTransaction(ctx.pool, ({ tx }) =>
      emitShipmentChanged(tx, 'ocean', [
        {
          itemId: item!.id,
          changes: [{ type: 'eta_changed', text: 'ETA moved by 2 days', data: { hours: 48 } }],
          trackingEventIds: stored.map((s) => s.id),
        },
      ]),
    );
    await vi.waitFor(
      () => {
        expect(ourTarget.received).toHaveLength(1);
        expect(dcsaTarget.received).toHaveLength(1);
      },
      { timeout: 10_000 },
    );
    const ourBody = JSON.parse(ourTarget.received[0]!.body) as {
      type: string;
      data: { changes: unknown[]; shipment: { containerNo: string } };
    };
    expect(ourBody).toMatchObject({
      type: 'shipment.changed',
      data: {
        mode: 'ocean',
        shipment: { containerNo: box.containerNo },
        changes: [{ type: 'eta_changed', text: 'ETA moved by 2 days' }],
      },
    });

    const dcsa = dcsaTarget.received[0]!;
    const events = JSON.parse(dcsa.body) as unknown[];
    expect(events.length).toBe(stored.length);
    expect(dcsaSpec.callbackBody(events), describeErrors(dcsaSpec.callbackBody)).toBe(true);
    expect(dcsa.headers['subscription-id']).toBe(dcsaEndpoint.id);
    expect(dcsa.headers['api-version']).toBe('2.2.0');
    const key = Buffer.from(dcsaEndpoint.secret.replace(/^whsec_/, ''), 'base64');
    expect(dcsa.headers['notification-signature']).toBe(
      `sha256=${createHmac('sha256', key).update(dcsa.body).digest('hex')}`,
    );
    expect(verifyFromTheDocs(dcsaEndpoint.secret, dcsa.headers, dcsa.body)).toBe(true);
    expect(await deliveriesOf(ourEndpoint.id)).toHaveLength(1);

    // An archived subscription hears nothing of later changes.
    const [ourShipment] = await ctx.db
      .select({ id: oceanShipments.id })
      .from(oceanShipments)
      .where(
        and(eq(oceanShipments.workspaceId, ours.defaultWorkspaceId), eq(oceanShipments.itemId, item!.id)),
      );
    await ctx.db.update(oceanShipments).set({ archived: true }).where(eq(oceanShipments.id, ourShipment!.id));
    await withTransaction(ctx.pool, ({ tx }) =>
      emitShipmentChanged(tx, 'ocean', [
        { itemId: item!.id, changes: [{ type: 'x', text: 'x' }], trackingEventIds: [] },
      ]),
    );
    await dispatchPendingDeliveries(ctx);
    expect(await deliveriesOf(ourEndpoint.id)).toHaveLength(1);
  });

  it('a refresh that stores new events tells the following workspaces’ endpoints, in its transaction', async () => {
    const team = await buildTeam(app, ctx);
    const target = await receiver();
    await register(team, { url: target.url, eventTypes: ['shipment.changed'] });
    const box = { containerNo: containerNo(), mblNo: mbl() };
    await session(team.owner.cookie, 'POST', '/api/shipments/ocean', { items: [box] });
    await refreshTracked(ctx, [box.containerNo]);
    await vi.waitFor(() => expect(target.received).toHaveLength(1), { timeout: 10_000 });
    expect(JSON.parse(target.received[0]!.body)).toMatchObject({
      type: 'shipment.changed',
      data: { mode: 'ocean', shipment: { containerNo: box.containerNo } },
    });
  });

  it('a DCSA-shaped endpoint gets an added container’s known carrier events, and nothing for one without', async () => {
    const first = await buildTeam(app, ctx);
    const second = await buildTeam(app, ctx);
    const target = await receiver();
    const endpoint = await register(second, {
      url: target.url,
      eventTypes: ['shipment.added'],
      shape: 'dcsa',
    });
    const box = { containerNo: containerNo(), mblNo: mbl() };
    await session(first.owner.cookie, 'POST', '/api/shipments/ocean', { items: [box] });
    await refreshTracked(ctx, [box.containerNo]);
    await session(second.owner.cookie, 'POST', '/api/shipments/ocean', { items: [box] });
    await session(second.owner.cookie, 'POST', '/api/shipments/ocean', {
      items: [{ containerNo: containerNo(), mblNo: mbl() }],
    });
    await vi.waitFor(() => expect(target.received).toHaveLength(1), { timeout: 10_000 });
    const events = JSON.parse(target.received[0]!.body) as { equipmentReference?: string }[];
    expect(dcsaSpec.callbackBody(events), describeErrors(dcsaSpec.callbackBody)).toBe(true);
    expect(events.length).toBeGreaterThan(0);
    expect(await deliveriesOf(endpoint.id)).toHaveLength(1);
  });
});

describe('webhook targets', () => {
  it('refuses private, loopback and link-local addresses unless the installation allows them', async () => {
    const team = await buildTeam(app, ctx);
    const tenant = {
      userId: team.owner.userId,
      organizationId: team.organizationId,
      workspaceId: team.defaultWorkspaceId,
      role: 'company_admin' as const,
      shipmentPermission: 0,
      isCreator: true,
      isDefaultWorkspace: true,
    };
    const { createWebhookEndpoint } = await import('../src/modules/webhooks/webhooks.service');
    for (const url of [
      'http://127.0.0.1:9/hooks',
      'http://localhost/hooks',
      'http://[::1]/hooks',
      'http://169.254.169.254/latest/meta-data',
      'http://10.1.2.3/hooks',
      'http://[::ffff:192.168.1.1]/hooks',
      'http://100.64.0.1/',
    ]) {
      await expect(
        createWebhookEndpoint(strict, tenant, {
          url,
          description: '',
          eventTypes: ['shipment.added'],
          shape: 'tracklane',
        }),
        url,
      ).rejects.toMatchObject({
        code: 'VALIDATION',
        message: expect.stringMatching(/private, loopback or link-local/),
      });
    }
    // A public address is accepted (nothing is sent until an event happens).
    await expect(
      createWebhookEndpoint(strict, tenant, {
        url: 'https://93.184.215.14/hooks',
        description: '',
        eventTypes: ['shipment.added'],
        shape: 'tracklane',
      }),
    ).resolves.toMatchObject({ url: 'https://93.184.215.14/hooks' });
  });

  it('checks every address a name resolves to', async () => {
    const lookup = (async () => [
      { address: '93.184.215.14', family: 4 },
      { address: '10.0.0.7', family: 4 },
    ]) as unknown as Parameters<typeof resolveTarget>[2];
    await expect(resolveTarget('mixed.example', false, lookup)).rejects.toThrow(/10\.0\.0\.7/);
    await expect(resolveTarget('mixed.example', true, lookup)).resolves.toHaveLength(2);
    expect(['8.8.8.8', '2606:4700::1111'].map(isPrivateAddress)).toEqual([false, false]);
    expect(
      ['0.0.0.0', '172.20.1.1', 'fe80::1', 'fd00::1', '::', '224.0.0.1', '64:ff9b::7f00:1'].map(
        isPrivateAddress,
      ),
    ).toEqual([true, true, true, true, true, true, true]);
  });

  it('re-checks at delivery: an endpoint that now resolves to a private address is not contacted', async () => {
    const team = await buildTeam(app, ctx);
    const target = await receiver();
    // As if its name had resolved to a public address when it was registered.
    const [endpoint] = await ctx.db
      .insert(webhookEndpoints)
      .values({
        workspaceId: team.defaultWorkspaceId,
        url: target.url.replace('127.0.0.1', 'localhost'),
        eventTypes: ['shipment.added'],
        secret: 'whsec_AAAA',
      })
      .returning();
    const [event] = await ctx.db
      .insert(webhookEvents)
      .values({ workspaceId: team.defaultWorkspaceId, type: 'shipment.added', data: {} })
      .returning();
    const [delivery] = await ctx.db
      .insert(webhookDeliveries)
      .values({ endpointId: endpoint!.id, eventId: event!.id, queuedAt: new Date() })
      .returning();
    expect(await attemptDelivery(strict, delivery!.id, { final: true, settings })).toBe('failed');
    const [row] = await ctx.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, delivery!.id));
    expect(row!.lastError).toMatch(/private, loopback or link-local/);
    expect(row!.lastStatusCode).toBeNull();
    expect(target.received).toHaveLength(0);
  });
});

describe('webhook routes', () => {
  it('validate what they are given', async () => {
    const team = await buildTeam(app, ctx);
    for (const body of [
      { url: 'ftp://example.com/x', eventTypes: ['shipment.added'] },
      { url: 'https://user:pass@example.com/x', eventTypes: ['shipment.added'] },
      { url: 'https://example.com/x', eventTypes: [] },
      { url: 'https://example.com/x', eventTypes: ['shipment.deleted'] },
      { url: 'https://example.com/x', eventTypes: ['shipment.archived'], shape: 'dcsa' },
    ]) {
      const res = await session(team.owner.cookie, 'POST', '/api/webhooks', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().success).toBe(false);
    }
  });

  it('are for company admins of the workspace only; another workspace’s endpoints are not found', async () => {
    const team = await buildTeam(app, ctx);
    const target = await receiver();
    const endpoint = await register(team, { url: target.url, eventTypes: ['shipment.added'] });
    const [delivery] = await ctx.db
      .insert(webhookDeliveries)
      .values({
        endpointId: endpoint.id,
        eventId: (
          await ctx.db
            .insert(webhookEvents)
            .values({ workspaceId: team.defaultWorkspaceId, type: 'shipment.added', data: {} })
            .returning()
        )[0]!.id,
        queuedAt: new Date(),
        status: 'succeeded',
      })
      .returning();
    const routes: ['GET' | 'POST' | 'PATCH' | 'DELETE', string, object?][] = [
      ['GET', '/api/webhooks'],
      ['POST', '/api/webhooks', { url: target.url, eventTypes: ['shipment.added'] }],
      ['PATCH', `/api/webhooks/${endpoint.id}`, { enabled: false }],
      ['POST', `/api/webhooks/${endpoint.id}/secret`],
      ['GET', `/api/webhooks/${endpoint.id}/deliveries`],
      ['POST', `/api/webhooks/${endpoint.id}/deliveries/${delivery!.id}/replay`],
      ['DELETE', `/api/webhooks/${endpoint.id}`],
    ];
    const member = await addMember(app, ctx, team, { role: 'general_user', shipmentPermission: 0 });
    for (const [method, url, body] of routes) {
      const res = await session(member.cookie, method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
    const other = await buildTeam(app, ctx);
    for (const [method, url, body] of routes.slice(2)) {
      const res = await session(other.owner.cookie, method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await session(other.owner.cookie, 'GET', '/api/webhooks')).json().result).toEqual([]);
    const [still] = await ctx.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint.id));
    expect(still).toMatchObject({ enabled: true });

    // The owner: roll the secret (shown once), then delete.
    const rolled = await session(team.owner.cookie, 'POST', `/api/webhooks/${endpoint.id}/secret`);
    expect(rolled.json().result.secret).not.toBe(endpoint.secret);
    expect((await session(team.owner.cookie, 'GET', '/api/webhooks')).body).not.toContain('whsec_');
    expect((await session(team.owner.cookie, 'DELETE', `/api/webhooks/${endpoint.id}`)).statusCode).toBe(200);
    expect(await deliveriesOf(endpoint.id)).toEqual([]);
  });
});
