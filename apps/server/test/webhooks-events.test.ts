import { createHmac } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { oceanShipments, trackedItems, trackingEvents } from '../src/db/schema/tracking';
import { webhookDeliveries, webhookEndpoints, webhookEvents } from '../src/db/schema/webhooks';
import { withTransaction } from '../src/lib/transaction';
import { emitShipmentChanged } from '../src/modules/webhooks/shipment-webhooks';
import { dispatchPendingDeliveries } from '../src/modules/webhooks/webhooks.jobs';
import { describeErrors, dcsaSpec } from './dcsa-spec';
import { addMember, buildTeam, containerNo, knownBox, mbl, refreshTracked } from './factories';
import { useWebhooksApp } from './support/webhooks';

const { app, ctx, verifyFromTheDocs, receiver, session, register, addOcean, deliveriesOf } =
  await useWebhooksApp();

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

  it('carry the workspace’s own references and custom field values on the shipment', async () => {
    const team = await buildTeam(app, ctx);
    const target = await receiver();
    await register(team, { url: target.url, eventTypes: ['shipment.archived'] });
    const ocean = await addOcean(team);
    const company = await session(team.owner.cookie, 'POST', '/api/companies', { name: 'Acme' });
    const acme = company.json<{ result: { id: string; name: string } }>().result;
    const refs = await session(
      team.owner.cookie,
      'PATCH',
      `/api/shipments/ocean/${ocean.shipmentId}/references`,
      { poNumbers: ['po-5'], consigneeId: acme.id },
    );
    expect(refs.statusCode, refs.body).toBe(200);
    const field = await session(team.owner.cookie, 'POST', '/api/custom-fields', {
      name: 'Pallets',
      type: 'number',
    });
    const fieldId = field.json<{ result: { id: string } }>().result.id;
    const values = await session(
      team.owner.cookie,
      'PATCH',
      `/api/shipments/ocean/${ocean.shipmentId}/custom-fields`,
      { values: { [fieldId]: 14 } },
    );
    expect(values.statusCode, values.body).toBe(200);
    await session(team.owner.cookie, 'POST', '/api/shipments/ocean/archive', {
      shipmentOverallIds: [ocean.shipmentId],
      archived: true,
    });
    const [event] = await ctx.db
      .select()
      .from(webhookEvents)
      .where(eq(webhookEvents.workspaceId, team.defaultWorkspaceId));
    expect(event?.data).toMatchObject({
      shipment: {
        references: { poNumbers: ['PO-5'], consignee: acme, shipper: null },
        customFields: { [fieldId]: 14 },
      },
    });
  });

  it('shipment.changed reaches every following workspace with an endpoint, in the DCSA shape where chosen', async () => {
    const ours = await buildTeam(app, ctx);
    const dcsaTeam = await buildTeam(app, ctx);
    const quiet = await buildTeam(app, ctx);
    const box = knownBox();
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
    const box = knownBox();
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
    const box = knownBox();
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
