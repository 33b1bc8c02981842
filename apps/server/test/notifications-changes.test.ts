import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { ParcelEvent } from '@tracklane/shared/tracking/express/parcel-event';
import { trackingChanges } from '../src/db/schema/notifications';
import { expressShipments, oceanShipments, trackedItems } from '../src/db/schema/tracking';
import { withTransaction } from '../src/lib/transaction';
import { recordChanges } from '../src/modules/notifications/record-changes';
import { type Account } from './auth-helpers';
import { addMember, buildTeam, createWorkspaceAs, type Team } from './factories';
import { useNotificationsApp } from './support/notifications';

const {
  app,
  ctx,
  db,
  scriptedCarrier,
  loaded,
  eta,
  followedContainer,
  notificationsOf,
  get,
  turnOff,
  slipEta,
} = await useNotificationsApp();

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
