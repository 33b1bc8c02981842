import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { mailOutbox } from '../src/db/schema/mail';
import { notifications } from '../src/db/schema/notifications';
import { sendDueDigests } from '../src/modules/notifications/digest.service';
import { signUp, type Account } from './auth-helpers';
import { buildTeam } from './factories';
import { nextMessage, opened } from './sockets';
import { useNotificationsApp } from './support/notifications';

const { app, ctx, port, db, HOUR, DAY, notificationsOf, get, mark, turnOff, slipEta } =
  await useNotificationsApp();

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
