import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { mailOutbox } from '../src/db/schema/mail';
import { webhookDeliveries, webhookEndpoints, webhookEvents } from '../src/db/schema/webhooks';
import { attemptDelivery } from '../src/modules/webhooks/webhook-delivery.service';
import { isPrivateAddress, resolveTarget } from '../src/modules/webhooks/webhook-target';
import { addMember, buildTeam } from './factories';
import { useWebhooksApp } from './support/webhooks';

const { app, ctx, strict, settings, verifyFromTheDocs, receiver, session, register, addOcean, deliveriesOf } =
  await useWebhooksApp();

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
