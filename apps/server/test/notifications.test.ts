import { and, eq, inArray } from 'drizzle-orm';
import { oneProvider } from '../src/integrations/tracking/sources';
import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { ParcelEvent } from '@tracklane/shared/express/parcel-event';
import type { TrackingEvent } from '@tracklane/shared/tracking/tracking-event';
import { alertRules } from '../src/db/schema/alerts';
import { mailOutbox } from '../src/db/schema/mail';
import { notifications, trackingChanges } from '../src/db/schema/notifications';
import { expressShipments, oceanShipments, trackedItems } from '../src/db/schema/tracking';
import type { ExpressAnswer, OceanAnswer } from '../src/integrations/tracking/provider';
import { withTransaction } from '../src/lib/transaction';
import { createExpressMode } from '../src/modules/express-shipments/express-mode';
import { sendDueDigests } from '../src/modules/notifications/digest.service';
import { recordChanges } from '../src/modules/notifications/record-changes';
import { createOceanMode } from '../src/modules/ocean-shipments/ocean-mode';
import { refreshItem, type TrackingEngine } from '../src/modules/tracking/refresh.service';
import { useTestApp } from './app';
import { signUp, type Account } from './auth-helpers';
import { addMember, buildTeam, containerNo, createWorkspaceAs, mbl, type Team } from './factories';
import { nextMessage, opened } from './sockets';
import { ITEMS_CHANGED_SUBSCRIBERS } from '../src/items-changed-subscribers';

const { app, ctx } = await useTestApp();
await app.listen({ port: 0, host: '127.0.0.1' });
const port = (app.server.address() as { port: number }).port;
const { db } = ctx;

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** A carrier whose answer the test sets: what a real one would say at each refresh. */
function scriptedCarrier() {
  const carrier = {
    ocean: { status: 'not_found' } as OceanAnswer,
    express: { status: 'not_found' } as ExpressAnswer,
  };
  const engine: TrackingEngine = {
    modes: {
      ocean: createOceanMode(oneProvider({ source: 'demo', track: async () => carrier.ocean })),
      express: createExpressMode(oneProvider({ source: 'demo', track: async () => carrier.express })),
    },
    notFoundAttempts: 1,
    demoCarriers: false,
    onItemsChanged: ITEMS_CHANGED_SUBSCRIBERS,
  };
  return { carrier, refresh: (itemId: string, now = new Date()) => refreshItem(ctx, engine, itemId, now) };
}

const oceanEvent = (
  id: string,
  typeCode: TrackingEvent['typeCode'],
  classifier: TrackingEvent['classifier'],
  time: string,
  createdAt = time,
): TrackingEvent => ({
  eventId: id,
  eventType: typeCode === 'ARRI' || typeCode === 'DEPA' ? 'TRANSPORT' : 'EQUIPMENT',
  typeCode,
  classifier,
  emptyIndicator: typeCode === 'ARRI' || typeCode === 'DEPA' ? null : 'LADEN',
  locationCode: typeCode === 'LOAD' ? 'CNSHA' : 'NLRTM',
  locationName: null,
  vesselName: 'EVER ACE',
  vesselImo: null,
  voyage: '001W',
  transportCallSequence: typeCode === 'LOAD' ? 1 : 2,
  eventTime: time,
  createdAt,
});

const loaded = oceanEvent('load', 'LOAD', 'ACT', '2026-11-01T00:00:00.000Z');
const eta = (id: string, time: string, createdAt: string) => oceanEvent(id, 'ARRI', 'EST', time, createdAt);

/**
 * A container followed by these workspaces (as intake would make it), not yet asked about. The
 * workspaces' alert rules are removed: these tests count carrier changes, and a new workspace's
 * default rules would alert on the same ETA slips (alerts.test.ts covers them).
 */
async function followedContainer(workspaceIds: string[], createdBy: string) {
  await db.delete(alertRules).where(inArray(alertRules.workspaceId, workspaceIds));
  const [item] = await db
    .insert(trackedItems)
    .values({ mode: 'ocean', trackingNo: containerNo(), reference: mbl(), carrier: 'MSCU' })
    .returning();
  await db.insert(oceanShipments).values(
    workspaceIds.map((workspaceId) => ({
      workspaceId,
      itemId: item!.id,
      createdBy,
      containerNo: item!.trackingNo,
      mblNo: item!.reference,
      carrierScac: 'MSCU',
    })),
  );
  return item!;
}

const notificationsOf = (itemId: string) =>
  db.select().from(notifications).where(eq(notifications.itemId, itemId));

const get = (account: Account, query: Record<string, string | number | boolean>) =>
  app.inject({
    method: 'GET',
    url: '/api/notification/get',
    headers: { cookie: account.cookie },
    query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
  });

const mark = (account: Account, payload: object) =>
  app.inject({ method: 'POST', url: '/api/notification/mark', headers: { cookie: account.cookie }, payload });

async function turnOff(account: Account, type: string, channels: { inApp: boolean; email: boolean }) {
  const current = await app.inject({
    method: 'GET',
    url: '/api/notification/settings',
    headers: { cookie: account.cookie },
  });
  const settings = current.json().result;
  settings.channels[type] = channels;
  const res = await app.inject({
    method: 'PUT',
    url: '/api/notification/settings',
    headers: { cookie: account.cookie },
    payload: settings,
  });
  expect(res.statusCode).toBe(200);
}

/** An ocean container with a baseline view (no notification) then a 2-day ETA slip (one change). */
async function slipEta(workspaceIds: string[], createdBy: string) {
  const { carrier, refresh } = scriptedCarrier();
  const item = await followedContainer(workspaceIds, createdBy);
  carrier.ocean = {
    status: 'found',
    events: [loaded, eta('eta-1', '2026-12-01T00:00:00.000Z', '2026-11-01T00:00:00.000Z')],
  };
  await refresh(item.id);
  carrier.ocean = {
    status: 'found',
    events: [
      loaded,
      eta('eta-1', '2026-12-01T00:00:00.000Z', '2026-11-01T00:00:00.000Z'),
      eta('eta-2', '2026-12-03T00:00:00.000Z', '2026-11-05T00:00:00.000Z'),
    ],
  };
  expect((await refresh(item.id)).result).toBe('changed');
  return { item, carrier, refresh };
}

describe('a carrier change', () => {
  let team: Team;
  let member: Account;
  let etaOff: Account;
  let noShipments: Account;
  let other: Team;
  let bystander: Team;

  it('notifies each eligible follower exactly once, naming their workspaces', async () => {
    team = await buildTeam(app, ctx);
    const second = await createWorkspaceAs(app, team.owner.cookie, 'Imports');
    member = await addMember(app, ctx, team);
    etaOff = await addMember(app, ctx, team);
    noShipments = await addMember(app, ctx, team, { shipmentPermission: 2 });
    other = await buildTeam(app, ctx);
    bystander = await buildTeam(app, ctx);
    await turnOff(etaOff, 'eta', { inApp: false, email: false });

    const { item } = await slipEta(
      [team.defaultWorkspaceId, second, other.defaultWorkspaceId],
      team.owner.userId,
    );

    const rows = await notificationsOf(item.id);
    const recipients = rows.map((r) => r.recipientId).sort();
    expect(recipients).toEqual([team.owner.userId, member.userId, other.owner.userId].sort());
    expect(rows.every((r) => r.type === 'eta' && r.inApp && r.emailState === 'pending')).toBe(true);
    // The owner follows it through both of their workspaces: one notification naming both.
    const owners = rows.find((r) => r.recipientId === team.owner.userId)!;
    expect(owners.workspaceIds.sort()).toEqual([team.defaultWorkspaceId, second].sort());
    expect(recipients).not.toContain(noShipments.userId);
    expect(recipients).not.toContain(etaOff.userId);
    expect(recipients).not.toContain(bystander.owner.userId);

    const [change] = await db.select().from(trackingChanges).where(eq(trackingChanges.itemId, item.id));
    expect(change).toMatchObject({ type: 'eta', text: 'ETA at NLRTM moved 2 days later' });
  });

  it('never notifies twice for the same change', async () => {
    const { item, refresh } = await slipEta([team.defaultWorkspaceId], team.owner.userId);
    expect(await notificationsOf(item.id)).toHaveLength(2);
    // Asked again, the carrier says the same: nothing new.
    expect((await refresh(item.id)).result).toBe('unchanged');
    // The same change reported again (a retried job, an estimate flipping back and forth): stored once.
    const [change] = await db.select().from(trackingChanges).where(eq(trackingChanges.itemId, item.id));
    const again = await withTransaction(ctx.pool, ({ tx }) =>
      recordChanges(
        tx,
        oceanShipments,
        [{ itemId: item.id, change: { type: 'eta', key: change!.key, text: 'x', data: {} } }],
        new Date(),
      ),
    );
    expect(again).toBe(0);
    expect(await notificationsOf(item.id)).toHaveLength(2);
  });

  it('tells a container notifications switch-off apart: no shipment change reaches that user', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/api/notification/settings',
      headers: { cookie: member.cookie },
    });
    await app.inject({
      method: 'PUT',
      url: '/api/notification/settings',
      headers: { cookie: member.cookie },
      payload: { ...res.json().result, containerNotifications: false },
    });
    const { item } = await slipEta([team.defaultWorkspaceId], team.owner.userId);
    const recipients = (await notificationsOf(item.id)).map((r) => r.recipientId);
    expect(recipients).toContain(team.owner.userId);
    expect(recipients).not.toContain(member.userId);
  });

  it('does not notify the followers of an archived shipment', async () => {
    const { carrier, refresh } = scriptedCarrier();
    const item = await followedContainer([other.defaultWorkspaceId], other.owner.userId);
    carrier.ocean = { status: 'found', events: [loaded] };
    await refresh(item.id);
    await db.update(oceanShipments).set({ archived: true }).where(eq(oceanShipments.itemId, item.id));
    carrier.ocean = {
      status: 'found',
      events: [loaded, eta('e', '2026-12-09T00:00:00.000Z', '2026-11-02T00:00:00.000Z')],
    };
    expect((await refresh(item.id)).result).toBe('changed');
    expect(await notificationsOf(item.id)).toHaveLength(0);
  });

  it('notifies "not found" for a parcel of any mode, through the same engine', async () => {
    const { refresh } = scriptedCarrier();
    const [item] = await db
      .insert(trackedItems)
      .values({ mode: 'express', trackingNo: `NF${String(Date.now())}404`, carrier: 'ups' })
      .returning();
    await db.insert(expressShipments).values({
      workspaceId: other.defaultWorkspaceId,
      itemId: item!.id,
      createdBy: other.owner.userId,
      trackingNo: item!.trackingNo,
      carrier: 'ups',
    });
    expect((await refresh(item!.id)).result).toBe('not_found');
    expect((await refresh(item!.id)).result).toBe('not_found');
    const rows = await notificationsOf(item!.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ recipientId: other.owner.userId, type: 'not_found' });

    const page = (await get(other.owner, { userId: other.owner.userId, pageNo: 1, pageSize: 10 })).json()
      .result;
    const shown = page.notifications.find(
      (n: { containerChangeStatus: { expressOrderNo: string } }) =>
        n.containerChangeStatus.expressOrderNo === item!.trackingNo,
    );
    const [subscription] = await db
      .select()
      .from(expressShipments)
      .where(eq(expressShipments.itemId, item!.id));
    expect(shown).toMatchObject({
      shipmentType: 'express',
      containerChangeStatus: { expressOrderId: subscription!.id, containerNo: null, type: 'not_found' },
      workspaces: [{ workspaceId: other.defaultWorkspaceId, shipmentId: subscription!.id }],
    });
  });

  it('detects a parcel delivery through the same engine', async () => {
    const { carrier, refresh } = scriptedCarrier();
    const [item] = await db
      .insert(trackedItems)
      .values({ mode: 'express', trackingNo: `DL${String(Date.now())}`, carrier: 'ups' })
      .returning();
    await db.insert(expressShipments).values({
      workspaceId: other.defaultWorkspaceId,
      itemId: item!.id,
      trackingNo: item!.trackingNo,
      carrier: 'ups',
    });
    const scan = (id: string, status: ParcelEvent['status'], time: string): ParcelEvent =>
      ({
        eventId: id,
        classifier: 'ACT',
        status,
        subStatus: null,
        carrierCode: null,
        description: status ?? '',
        exceptionReason: null,
        location: { name: null, city: 'Leipzig', countryCode: 'DE', latitude: null, longitude: null },
        signedBy: status === 'delivered' ? 'J. SMITH' : null,
        eventTime: time,
        createdAt: time,
      }) as ParcelEvent;
    carrier.express = { status: 'found', events: [scan('a', 'in_transit', '2026-11-01T08:00:00.000Z')] };
    await refresh(item!.id);
    carrier.express = {
      status: 'found',
      events: [
        scan('a', 'in_transit', '2026-11-01T08:00:00.000Z'),
        scan('b', 'delivered', '2026-11-02T10:00:00.000Z'),
      ],
    };
    await refresh(item!.id);
    const [change] = await db.select().from(trackingChanges).where(eq(trackingChanges.itemId, item!.id));
    expect(change).toMatchObject({ type: 'delivered' });
    expect(change!.text).toContain('Delivered in Leipzig');
  });
});

describe('reading and marking', () => {
  it('pages, filters, searches and counts; marking changes the counts', async () => {
    const team = await buildTeam(app, ctx);
    const items = [];
    for (let i = 0; i < 3; i++)
      items.push((await slipEta([team.defaultWorkspaceId], team.owner.userId)).item);
    const me = team.owner;
    const page = (await get(me, { userId: me.userId, pageNo: 1, pageSize: 10 })).json().result;
    expect(page).toMatchObject({ totalNumber: 3, unreadNumber: 3, pageNo: 1, pageSize: 10 });
    expect(page.notifications[0]).toMatchObject({
      shipmentType: 'ocean',
      isRead: false,
      containerChangeStatus: { containerNo: items[2]!.trackingNo, mblNo: items[2]!.reference, type: 'eta' },
      workspaces: [{ workspaceId: team.defaultWorkspaceId, organizationId: team.organizationId }],
    });

    // spec §7: the client sends the term upper-cased; any part of a container or B/L number matches.
    const byContainer = (
      await get(me, { userId: me.userId, searchTerm: items[1]!.trackingNo.slice(-5) })
    ).json();
    expect(byContainer.result.totalNumber).toBe(1);
    const byBill = (
      await get(me, { userId: me.userId, searchTerm: items[0]!.reference.toLowerCase() })
    ).json();
    expect(
      byBill.result.notifications.map(
        (n: { containerChangeStatus: { mblNo: string } }) => n.containerChangeStatus.mblNo,
      ),
    ).toEqual([items[0]!.reference]);
    expect((await get(me, { userId: me.userId, searchTerm: '%' })).json().result.totalNumber).toBe(0);

    const first = page.notifications[0].id as string;
    const marked = await mark(me, { userId: me.userId, isRead: true, ids: [first] });
    expect(marked.json()).toMatchObject({ success: true, result: { updated: 1, unreadNumber: 2 } });
    expect((await get(me, { userId: me.userId, isRead: true })).json().result).toMatchObject({
      totalNumber: 1,
      unreadNumber: 2,
    });
    expect((await get(me, { userId: me.userId, isRead: false })).json().result.totalNumber).toBe(2);
    // Paging: 2 a page.
    const second = (await get(me, { userId: me.userId, pageNo: 2, pageSize: 2 })).json().result;
    expect(second.notifications).toHaveLength(1);

    await mark(me, { userId: me.userId, isRead: false, ids: [first] });
    const all = await mark(me, { userId: me.userId, isRead: true, all: true });
    expect(all.json().result).toEqual({ updated: 3, unreadNumber: 0 });
  });

  it("refuses another user's id with 403, and cannot mark another tenant's notifications", async () => {
    const team = await buildTeam(app, ctx);
    const { item } = await slipEta([team.defaultWorkspaceId], team.owner.userId);
    const [theirs] = await notificationsOf(item.id);
    const stranger = await signUp(app, ctx);

    const read = await get(stranger, { userId: team.owner.userId });
    expect(read.statusCode).toBe(403);
    expect(read.json()).toMatchObject({ success: false, code: 'FORBIDDEN', result: null });
    const write = await mark(stranger, { userId: team.owner.userId, isRead: true, ids: [theirs!.id] });
    expect(write.statusCode).toBe(403);
    expect(write.json()).toMatchObject({ success: false, code: 'FORBIDDEN' });

    // With their own id, someone else's notification is simply not theirs.
    const own = await mark(stranger, { userId: stranger.userId, isRead: true, ids: [theirs!.id] });
    expect(own.json().result).toEqual({ updated: 0, unreadNumber: 0 });
    const [after] = await db.select().from(notifications).where(eq(notifications.id, theirs!.id));
    expect(after!.readAt).toBeNull();
    expect((await get(stranger, { userId: stranger.userId })).json().result.totalNumber).toBe(0);

    const anonymous = await app.inject({
      method: 'GET',
      url: `/api/notification/get?userId=${team.owner.userId}`,
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('answers bad input with 400, never 500', async () => {
    const me = await signUp(app, ctx);
    const queries: Record<string, string | number>[] = [
      { userId: 'nope' },
      { userId: me.userId, pageNo: 0 },
      { userId: me.userId, isRead: 'maybe' },
      { userId: me.userId, pageSize: 1000 },
    ];
    for (const query of queries) {
      const res = await get(me, query);
      expect(res.statusCode).toBe(400);
      expect(res.json().success).toBe(false);
    }
    expect((await mark(me, { userId: me.userId, isRead: true })).statusCode).toBe(400);
    expect((await mark(me, { userId: me.userId, isRead: true, ids: ['x'] })).statusCode).toBe(400);
    const badSettings = await app.inject({
      method: 'PUT',
      url: '/api/notification/settings',
      headers: { cookie: me.cookie },
      payload: { containerNotifications: true, digest: 'weekly', channels: {} },
    });
    expect(badSettings.statusCode).toBe(400);
  });
});

describe('e-mail digests', () => {
  const mailsTo = (email: string) => db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email));

  it('gathers three changes into one e-mail', async () => {
    const team = await buildTeam(app, ctx);
    const items = [];
    for (let i = 0; i < 3; i++)
      items.push((await slipEta([team.defaultWorkspaceId], team.owner.userId)).item);
    const before = (await mailsTo(team.owner.email)).length;
    // Not yet: the default digest is daily.
    await sendDueDigests(ctx, new Date(Date.now() + HOUR));
    expect(await mailsTo(team.owner.email)).toHaveLength(before);

    await sendDueDigests(ctx, new Date(Date.now() + DAY + HOUR));
    const mails = await mailsTo(team.owner.email);
    expect(mails).toHaveLength(before + 1);
    const digest = mails.at(-1)!;
    expect(digest.subject).toBe('3 shipment updates on Tracklane');
    for (const item of items) expect(digest.text).toContain(item.trackingNo);
    expect(digest.text).toContain('ETA at NLRTM moved 2 days later — now 03/12/2026');
    const states = await db
      .select({ state: notifications.emailState })
      .from(notifications)
      .where(
        and(
          eq(notifications.recipientId, team.owner.userId),
          inArray(
            notifications.itemId,
            items.map((i) => i.id),
          ),
        ),
      );
    expect(states.every((s) => s.state === 'sent')).toBe(true);
    // Nothing is sent twice.
    await sendDueDigests(ctx, new Date(Date.now() + 2 * DAY));
    expect(await mailsTo(team.owner.email)).toHaveLength(before + 1);
  });

  it('skips a change read in the app before its e-mail leaves', async () => {
    const team = await buildTeam(app, ctx);
    const me = team.owner;
    const settings = (
      await app.inject({ method: 'GET', url: '/api/notification/settings', headers: { cookie: me.cookie } })
    ).json().result;
    await app.inject({
      method: 'PUT',
      url: '/api/notification/settings',
      headers: { cookie: me.cookie },
      payload: { ...settings, digest: 'instant' },
    });
    const { item } = await slipEta([team.defaultWorkspaceId], me.userId);
    const before = (await mailsTo(me.email)).length;
    await mark(me, { userId: me.userId, isRead: true, all: true });
    await sendDueDigests(ctx, new Date(Date.now() + 60_000));
    expect(await mailsTo(me.email)).toHaveLength(before);
    const [row] = await notificationsOf(item.id);
    expect(row!.emailState).toBe('skipped');
  });

  it('sends nothing by e-mail for a type turned off for e-mail, yet shows it in the app', async () => {
    const team = await buildTeam(app, ctx);
    await turnOff(team.owner, 'eta', { inApp: true, email: false });
    const { item } = await slipEta([team.defaultWorkspaceId], team.owner.userId);
    const [row] = await notificationsOf(item.id);
    expect(row).toMatchObject({ inApp: true, emailState: 'none' });
  });
});

describe('the user events socket', () => {
  const connect = (account: Account, userId = account.userId) =>
    new WebSocket(`ws://127.0.0.1:${String(port)}/api/ws/events?userId=${userId}`, {
      headers: { cookie: account.cookie },
    });

  it("refuses another user's id", async () => {
    const me = await signUp(app, ctx);
    const other = await signUp(app, ctx);
    await expect(opened(connect(me, other.userId))).rejects.toThrow('refused with 403');
  });

  it('nudges a follower when a change reaches them, and when they mark in another tab', async () => {
    const team = await buildTeam(app, ctx);
    const socket = connect(team.owner);
    await opened(socket);
    let message = nextMessage(socket);
    await slipEta([team.defaultWorkspaceId], team.owner.userId);
    expect(JSON.parse(await message)).toEqual({ type: 'notifications.changed' });
    message = nextMessage(socket);
    await mark(team.owner, { userId: team.owner.userId, isRead: true, all: true });
    expect(JSON.parse(await message)).toEqual({ type: 'notifications.changed' });
    socket.close();
  });
});
