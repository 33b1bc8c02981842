import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { mentionToken } from '@tracklane/shared/comments/comment-content';
import type { ParcelEvent } from '@tracklane/shared/express/parcel-event';
import type { TrackingEvent } from '@tracklane/shared/tracking/tracking-event';
import { shipmentExceptions } from '../src/db/schema/exceptions';
import { notifications, trackingChanges } from '../src/db/schema/notifications';
import { UNKNOWN_TIME, expressShipments, oceanShipments, trackedItems } from '../src/db/schema/tracking';
import { webhookEndpoints, webhookEvents } from '../src/db/schema/webhooks';
import { oneProvider } from '../src/integrations/tracking/sources';
import type { ExpressAnswer, OceanAnswer } from '../src/integrations/tracking/provider';
import { ITEMS_CHANGED_SUBSCRIBERS } from '../src/items-changed-subscribers';
import { withTransaction } from '../src/lib/transaction';
import { syncExceptions } from '../src/modules/exceptions/exception-sync';
import { runExceptionSweep } from '../src/modules/exceptions/exceptions.jobs';
import { createExpressMode } from '../src/modules/express-shipments/express-mode';
import { createOceanMode } from '../src/modules/ocean-shipments/ocean-mode';
import { refreshItem, type TrackingEngine } from '../src/modules/tracking/refresh.service';
import { useTestApp } from './app';
import type { Account } from './auth-helpers';
import { addMember, buildTeam, containerNo, mbl } from './factories';

const { app, ctx } = await useTestApp();
const { db } = ctx;

const call = (account: Account, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
  app.inject({ method, url, headers: { cookie: account.cookie }, ...(payload ? { payload } : {}) });

const carrier = { ocean: { status: 'not_found' } as OceanAnswer, express: { status: 'not_found' } as ExpressAnswer };
const engine: TrackingEngine = {
  modes: {
    ocean: createOceanMode(oneProvider({ source: 'demo', track: async () => carrier.ocean })),
    express: createExpressMode(oneProvider({ source: 'demo', track: async () => carrier.express })),
  },
  notFoundAttempts: 1,
  demoCarriers: false,
  onItemsChanged: ITEMS_CHANGED_SUBSCRIBERS,
};

async function ocean(workspaceId: string, columns: Partial<typeof oceanShipments.$inferInsert> = {}) {
  const [item] = await db
    .insert(trackedItems)
    .values({ mode: 'ocean', trackingNo: containerNo(), reference: mbl(), carrier: 'MSCU', state: 'active', lastCheckedAt: new Date() })
    .returning();
  const [sub] = await db
    .insert(oceanShipments)
    .values({ workspaceId, itemId: item!.id, containerNo: item!.trackingNo, mblNo: item!.reference, carrierScac: 'MSCU', state: 'active', ...columns })
    .returning();
  return { item: item!, sub: sub! };
}

async function parcel(workspaceId: string, columns: Partial<typeof expressShipments.$inferInsert> = {}) {
  const [item] = await db
    .insert(trackedItems)
    .values({ mode: 'express', trackingNo: `1Z${String(Math.random()).slice(2, 14)}`, carrier: 'ups', state: 'active', lastCheckedAt: new Date() })
    .returning();
  const [sub] = await db
    .insert(expressShipments)
    .values({ workspaceId, itemId: item!.id, trackingNo: item!.trackingNo, carrier: 'ups', state: 'active', ...columns })
    .returning();
  return { item: item!, sub: sub! };
}

const exceptionsOf = (subscriptionId: string) =>
  db.select().from(shipmentExceptions).where(eq(shipmentExceptions.subscriptionId, subscriptionId)).orderBy(shipmentExceptions.openedAt);

const sync = (mode: 'ocean' | 'express', itemId: string, now: Date) =>
  withTransaction(ctx.pool, ({ tx }) => syncExceptions(tx, mode, { itemIds: [itemId] }, now));

const arri = (id: string, classifier: 'EST' | 'ACT', time: string, createdAt: string): TrackingEvent => ({
  eventId: id,
  eventType: 'TRANSPORT',
  typeCode: 'ARRI',
  classifier,
  emptyIndicator: null,
  locationCode: 'NLRTM',
  locationName: null,
  vesselName: 'EVER ACE',
  vesselImo: null,
  voyage: '001W',
  transportCallSequence: 2,
  eventTime: time,
  createdAt,
});

describe('exceptions raised by the engine', () => {
  it('opens an ETA slip from a refresh, announces it, and auto-resolves it on arrival', async () => {
    const team = await buildTeam(app, ctx);
    await db.insert(webhookEndpoints).values({
      workspaceId: team.defaultWorkspaceId,
      url: 'https://hooks.example.com/x',
      secret: 'whsec_test',
      eventTypes: ['exception.opened', 'exception.resolved'],
    } as typeof webhookEndpoints.$inferInsert);
    const { item, sub } = await ocean(team.defaultWorkspaceId);
    const e1 = arri('e1', 'EST', '2026-12-01T00:00:00.000Z', '2026-11-01T00:00:00.000Z');
    carrier.ocean = { status: 'found', events: [e1] };
    await refreshItem(ctx, engine, item.id, new Date('2026-11-02T00:00:00Z'));
    expect(await exceptionsOf(sub.id)).toEqual([]);

    const e2 = arri('e2', 'EST', '2026-12-04T00:00:00.000Z', '2026-11-03T00:00:00.000Z');
    carrier.ocean = { status: 'found', events: [e1, e2] };
    await refreshItem(ctx, engine, item.id, new Date('2026-11-04T00:00:00Z'));
    const [slip] = await exceptionsOf(sub.id);
    expect(slip).toMatchObject({ type: 'eta_slipped', state: 'open', detail: 'ETA 72 h later than first announced' });

    carrier.ocean = { status: 'found', events: [e1, e2, arri('e3', 'ACT', '2026-12-04T02:00:00.000Z', '2026-12-04T03:00:00.000Z')] };
    await refreshItem(ctx, engine, item.id, new Date('2026-12-04T04:00:00Z'));
    const [after] = await exceptionsOf(sub.id);
    expect(after).toMatchObject({ id: slip!.id, state: 'auto_resolved' });
    expect(after!.clearedAt).not.toBeNull();
    const events = await db.select().from(webhookEvents).where(eq(webhookEvents.workspaceId, team.defaultWorkspaceId));
    expect(events.map((e) => e.type).sort()).toEqual(['exception.opened', 'exception.resolved']);
  });

  it('opens not found from a refresh, for parcels too, and clears it once the carrier knows the number', async () => {
    const team = await buildTeam(app, ctx);
    const { item, sub } = await parcel(team.defaultWorkspaceId);
    carrier.express = { status: 'not_found' };
    await refreshItem(ctx, engine, item.id, new Date('2026-11-02T00:00:00Z'));
    expect((await exceptionsOf(sub.id)).map((x) => [x.type, x.state])).toEqual([['not_found', 'open']]);
    const scan = (id: string, status: ParcelEvent['status'], subStatus: string | null, time: string): ParcelEvent => ({
      eventId: id,
      classifier: 'ACT',
      status,
      subStatus,
      carrierCode: null,
      description: status ?? '',
      exceptionReason: null,
      location: null,
      eventTime: time,
      createdAt: time,
    });
    carrier.express = { status: 'found', events: [scan('p1', 'failed_attempt', null, '2026-11-02T10:00:00.000Z')] };
    await refreshItem(ctx, engine, item.id, new Date('2026-11-02T12:00:00Z'));
    expect((await exceptionsOf(sub.id)).map((x) => [x.type, x.state])).toEqual([
      ['not_found', 'auto_resolved'],
      ['failed_attempt', 'open'],
    ]);
    carrier.express = {
      status: 'found',
      events: [
        scan('p1', 'failed_attempt', null, '2026-11-02T10:00:00.000Z'),
        scan('p2', 'exception', 'return_to_sender', '2026-11-03T10:00:00.000Z'),
      ],
    };
    await refreshItem(ctx, engine, item.id, new Date('2026-11-03T12:00:00Z'));
    const rows = await exceptionsOf(sub.id);
    expect(rows.map((x) => [x.type, x.state])).toEqual([
      ['not_found', 'auto_resolved'],
      ['failed_attempt', 'auto_resolved'],
      ['returned_to_sender', 'open'],
    ]);
  });

  it('raises and clears each column-based type, one per episode, a new roll a new exception', async () => {
    const team = await buildTeam(app, ctx);
    const now = new Date('2026-03-10T12:00:00Z');
    const { item, sub } = await ocean(team.defaultWorkspaceId, {
      rolledAt: new Date('2026-03-01T00:00:00Z'),
      terminalOnHold: true,
      freeTimeEndsOn: new Date('2026-03-09T00:00:00Z'),
    });
    await sync('ocean', item.id, now);
    expect((await exceptionsOf(sub.id)).map((x) => x.type).sort()).toEqual(['lfd_passed', 'on_hold', 'rolled']);
    await sync('ocean', item.id, now); // nothing new: still one each
    expect(await exceptionsOf(sub.id)).toHaveLength(3);
    await db
      .update(oceanShipments)
      .set({ rolledAt: new Date('2026-03-05T00:00:00Z'), terminalOnHold: false, freeTimeEndsOn: UNKNOWN_TIME })
      .where(eq(oceanShipments.id, sub.id));
    await sync('ocean', item.id, now);
    const rows = await exceptionsOf(sub.id);
    expect(rows.filter((x) => x.type === 'rolled').map((x) => x.state).sort()).toEqual(['auto_resolved', 'open']);
    expect(rows.filter((x) => x.type !== 'rolled').every((x) => x.state === 'auto_resolved')).toBe(true);

    const late = await parcel(team.defaultWorkspaceId, { estimatedDelivery: new Date('2026-03-08T00:00:00Z') });
    await runExceptionSweep(ctx, now);
    expect((await exceptionsOf(late.sub.id)).map((x) => x.type)).toEqual(['late']);
  });

  it('keeps one exception when two refreshes raise it at once', async () => {
    const team = await buildTeam(app, ctx);
    const { item, sub } = await ocean(team.defaultWorkspaceId, { terminalOnHold: true });
    const now = new Date();
    await Promise.all([sync('ocean', item.id, now), sync('ocean', item.id, now), sync('ocean', item.id, now)]);
    expect(await exceptionsOf(sub.id)).toHaveLength(1);
  });
});

describe('exceptions as work', () => {
  it('lists, assigns (notifying the owner), notes with a mention, resolves, and audits each step', async () => {
    const team = await buildTeam(app, ctx);
    const colleague = await addMember(app, ctx, team);
    const viewer = await addMember(app, ctx, team, { shipmentPermission: 1 });
    const { item, sub } = await ocean(team.defaultWorkspaceId, { terminalOnHold: true, tags: ['Retail'] });
    await sync('ocean', item.id, new Date());
    const listed = await call(viewer, 'GET', '/api/exceptions?type=on_hold&tag=retail&carrier=mscu');
    expect(listed.statusCode, listed.body).toBe(200);
    const list = listed.json().result;
    expect(list.total).toBe(1);
    const id = list.items[0].id as string;
    expect(list.items[0]).toMatchObject({ shipmentId: sub.id, carrier: 'MSCU', state: 'open', owner: null });

    const forbidden = await call(viewer, 'PATCH', `/api/exceptions/${id}`, { state: 'resolved' });
    expect(forbidden.statusCode).toBe(403);

    const assigned = await call(team.owner, 'PATCH', `/api/exceptions/${id}`, { ownerId: colleague.userId, dueOn: '2026-12-01' });
    expect(assigned.statusCode, assigned.body).toBe(200);
    expect(assigned.json().result).toMatchObject({ owner: { id: colleague.userId }, dueOn: '2026-12-01' });
    const notified = await db
      .select({ text: trackingChanges.text })
      .from(notifications)
      .innerJoin(trackingChanges, eq(trackingChanges.id, notifications.changeId))
      .where(and(eq(notifications.recipientId, colleague.userId), eq(notifications.itemId, item.id)));
    expect(notified.map((n) => n.text)).toEqual(['Exception assigned to you: On hold at the terminal']);

    const note = `Asked the broker, ${mentionToken('Viewer', viewer.userId)} please check`;
    expect((await call(colleague, 'PATCH', `/api/exceptions/${id}`, { note, state: 'acknowledged' })).statusCode).toBe(200);
    const mention = await db.select().from(notifications).where(eq(notifications.recipientId, viewer.userId));
    expect(mention).toHaveLength(1);

    const resolved = await call(colleague, 'PATCH', `/api/exceptions/${id}`, { state: 'resolved' });
    expect(resolved.json().result.state).toBe('resolved');
    expect(resolved.json().result.events.map((e: { action: string }) => e.action)).toEqual([
      'opened',
      'assigned',
      'due_set',
      'noted',
      'acknowledged',
      'resolved',
    ]);
    // Resolved by a person while the hold lasts: the engine does not raise it again.
    await sync('ocean', item.id, new Date());
    expect(await exceptionsOf(sub.id)).toHaveLength(1);
    expect((await call(colleague, 'PATCH', `/api/exceptions/${id}`, { note: 'late' })).statusCode).toBe(409);
  });

  it('bulk-resolves all or none, refuses a bad owner, and hides everything from another tenant', async () => {
    const team = await buildTeam(app, ctx);
    const other = await buildTeam(app, ctx);
    const a = await ocean(team.defaultWorkspaceId, { terminalOnHold: true });
    const b = await ocean(team.defaultWorkspaceId, { terminalOnHold: true });
    const theirs = await ocean(other.defaultWorkspaceId, { terminalOnHold: true });
    for (const s of [a, b, theirs]) await sync('ocean', s.item.id, new Date());
    const [xa] = await exceptionsOf(a.sub.id);
    const [xb] = await exceptionsOf(b.sub.id);
    const [xt] = await exceptionsOf(theirs.sub.id);

    expect((await call(other.owner, 'GET', `/api/exceptions/${xa!.id}`)).statusCode).toBe(404);
    expect((await call(other.owner, 'PATCH', `/api/exceptions/${xa!.id}`, { state: 'resolved' })).statusCode).toBe(404);
    const mixed = await call(team.owner, 'POST', '/api/exceptions/bulk', { ids: [xa!.id, xt!.id], action: { kind: 'resolve' } });
    expect(mixed.statusCode).toBe(404);
    expect((await exceptionsOf(a.sub.id))[0]!.state).toBe('open');

    const badOwner = await call(team.owner, 'POST', '/api/exceptions/bulk', {
      ids: [xa!.id],
      action: { kind: 'assign', ownerId: other.owner.userId },
    });
    expect(badOwner.statusCode).toBe(400);

    const done = await call(team.owner, 'POST', '/api/exceptions/bulk', { ids: [xa!.id, xb!.id], action: { kind: 'resolve' } });
    expect(done.json().result).toEqual({ changed: 2 });
    const counts = (await call(team.owner, 'GET', '/api/exceptions/counts')).json().result;
    expect(counts).toEqual({ active: 0, byType: {} });
    expect((await call(other.owner, 'GET', '/api/exceptions/counts')).json().result).toEqual({ active: 1, byType: { on_hold: 1 } });
  });

  it('routes an exception type to the owner an alert rule names, on the shipments its filters match', async () => {
    const team = await buildTeam(app, ctx);
    const colleague = await addMember(app, ctx, team);
    const rule = (over: object) => ({
      name: 'Rolls to the desk',
      mode: 'ocean',
      condition: { kind: 'rolled' },
      filters: { carriers: ['MSCU'], pol: [], pod: [], tags: [], favoritesOnly: false },
      recipients: { allMembers: true, userIds: [], emails: [] },
      ...over,
    });
    // A member may route only to themselves; an admin to a member who sees shipments.
    const outsider = await buildTeam(app, ctx);
    expect((await call(colleague, 'POST', '/api/alert-rules', rule({ exceptionOwnerId: team.owner.userId }))).statusCode).toBe(400);
    expect((await call(team.owner, 'POST', '/api/alert-rules', rule({ exceptionOwnerId: outsider.owner.userId }))).statusCode).toBe(400);
    const saved = await call(team.owner, 'POST', '/api/alert-rules', rule({ exceptionOwnerId: colleague.userId }));
    expect(saved.json().result.exceptionOwnerId).toBe(colleague.userId);

    const matched = await ocean(team.defaultWorkspaceId, { rolledAt: new Date('2026-03-01T00:00:00Z'), terminalOnHold: true });
    const other = await ocean(team.defaultWorkspaceId, { rolledAt: new Date('2026-03-01T00:00:00Z'), carrierScac: 'MAEU' });
    await sync('ocean', matched.item.id, new Date('2026-03-02T00:00:00Z'));
    await sync('ocean', other.item.id, new Date('2026-03-02T00:00:00Z'));
    const owners = (await exceptionsOf(matched.sub.id)).map((x) => [x.type, x.ownerId]).sort();
    expect(owners).toEqual([
      ['on_hold', null],
      ['rolled', colleague.userId],
    ]);
    expect((await exceptionsOf(other.sub.id)).map((x) => x.ownerId)).toEqual([null]);
    const heard = await db.select().from(notifications).where(and(eq(notifications.recipientId, colleague.userId), eq(notifications.itemId, matched.item.id)));
    expect(heard).toHaveLength(1);
  });
});
