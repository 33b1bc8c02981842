import { eq } from 'drizzle-orm';
import { oneProvider } from '../src/integrations/tracking/sources';
import { describe, expect, it } from 'vitest';
import type { TrackingEvent } from '@tracklane/shared/tracking/ocean/tracking-event';
import { mailOutbox } from '../src/db/schema/mail';
import { notifications } from '../src/db/schema/notifications';
import { oceanShipments } from '../src/db/schema/tracking';
import type { ExpressAnswer, OceanAnswer } from '../src/integrations/tracking/provider';
import { sendAlertEmails } from '../src/modules/alerts/alerts.jobs';
import { createExpressMode } from '../src/modules/express-shipments/express-mode';
import { createOceanMode } from '../src/modules/ocean-shipments/ocean-mode';
import { refreshItem, type TrackingEngine } from '../src/modules/tracking/refresh.service';
import type { Account } from './auth-helpers';
import { addMember, buildTeam } from './factories';
import { ITEMS_CHANGED_SUBSCRIBERS } from '../src/items-changed-subscribers';
import { useAlertsApp } from './support/alerts';

const { app, ctx, db, call, rule, quietTeam, addRule, oceanShipment, evaluate, alertsOf } =
  await useAlertsApp();

describe('alert delivery', () => {
  it('reaches the rule’s recipients in the bell, outside addresses by e-mail, never other workspaces', async () => {
    const team = await quietTeam();
    const viewer = await addMember(app, ctx, team, { shipmentPermission: 1 });
    const unnamed = await addMember(app, ctx, team, { shipmentPermission: 0 });
    const noShipments = await addMember(app, ctx, team, { shipmentPermission: 2 });
    const other = await quietTeam();
    await addRule(
      team.owner,
      rule({
        name: 'Rolled boxes',
        condition: { kind: 'rolled' },
        recipients: {
          allMembers: false,
          userIds: [team.owner.userId, viewer.userId],
          emails: ['broker@example.com'],
        },
      }),
    );
    const personal = await addMember(app, ctx, team, { shipmentPermission: 0 });
    await addRule(personal, rule({ name: 'My rolls', condition: { kind: 'rolled' } }));
    const { item, sub } = await oceanShipment(team.defaultWorkspaceId, {
      rolledAt: new Date('2026-11-10T00:00:00Z'),
    });
    // The same container followed by another workspace, which has no rule.
    await db.insert(oceanShipments).values({
      workspaceId: other.defaultWorkspaceId,
      itemId: item.id,
      containerNo: sub.containerNo,
      mblNo: sub.mblNo,
      carrierScac: 'MSCU',
      rolledAt: sub.rolledAt,
    });
    expect(await evaluate('ocean', item.id, new Date('2026-11-20T00:00:00Z'))).toBe(2);

    const alerts = await alertsOf(item.id);
    expect(alerts.map((a) => a.recipientId).sort()).toEqual(
      [team.owner.userId, viewer.userId, personal.userId].sort(),
    );
    expect(alerts.map((a) => a.recipientId)).not.toContain(unnamed.userId);
    expect(alerts.map((a) => a.recipientId)).not.toContain(noShipments.userId);
    expect(alerts.map((a) => a.recipientId)).not.toContain(other.owner.userId);

    const bell = await app.inject({
      method: 'GET',
      url: '/api/notification/get',
      headers: { cookie: viewer.cookie },
      query: { userId: viewer.userId, pageNo: '1', pageSize: '10' },
    });
    expect(bell.json().result.notifications[0].containerChangeStatus).toMatchObject({
      type: 'alert',
      notification: 'Rolled boxes: Rolled to another vessel or voyage',
      containerNo: sub.containerNo,
      data: { ruleName: 'Rolled boxes' },
    });

    expect(await sendAlertEmails(ctx)).toBe(1);
    expect(await sendAlertEmails(ctx)).toBe(0);
    const [mail] = await db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, 'broker@example.com'));
    expect(mail!.subject).toBe(`Alert: Rolled boxes — ${sub.containerNo} / ${sub.mblNo}`);
  });

  it('names every member who may see shipments when a rule is for all members', async () => {
    const team = await quietTeam();
    const viewer = await addMember(app, ctx, team, { shipmentPermission: 1 });
    const noShipments = await addMember(app, ctx, team, { shipmentPermission: 2 });
    await addRule(team.owner, rule({ condition: { kind: 'rolled' } }));
    const { item } = await oceanShipment(team.defaultWorkspaceId, {
      rolledAt: new Date('2026-11-10T00:00:00Z'),
    });
    await evaluate('ocean', item.id, new Date('2026-11-20T00:00:00Z'));
    const recipients = (await alertsOf(item.id)).map((a) => a.recipientId).sort();
    expect(recipients).toEqual([team.owner.userId, viewer.userId].sort());
    expect(recipients).not.toContain(noShipments.userId);
  });

  it('respects each recipient’s settings: the alert type off in the app, or container notifications off', async () => {
    const team = await quietTeam();
    const emailOnly = await addMember(app, ctx, team, { shipmentPermission: 0 });
    const off = await addMember(app, ctx, team, { shipmentPermission: 0 });
    const settings = async (account: Account, change: (s: Record<string, unknown>) => void) => {
      const current = (await call(account, 'GET', '/api/notification/settings')).json().result;
      change(current);
      expect((await call(account, 'PUT', '/api/notification/settings', current)).statusCode).toBe(200);
    };
    await settings(emailOnly, (s) => {
      (s.channels as Record<string, { inApp: boolean }>).alert!.inApp = false;
    });
    await settings(off, (s) => {
      s.containerNotifications = false;
    });
    await addRule(team.owner, rule({ condition: { kind: 'rolled' } }));
    const { item } = await oceanShipment(team.defaultWorkspaceId, {
      rolledAt: new Date('2026-11-10T00:00:00Z'),
    });
    await evaluate('ocean', item.id, new Date('2026-11-20T00:00:00Z'));
    const rows = await db.select().from(notifications).where(eq(notifications.itemId, item.id));
    expect(rows.map((r) => r.recipientId).sort()).toEqual([team.owner.userId, emailOnly.userId].sort());
    expect(rows.find((r) => r.recipientId === emailOnly.userId)).toMatchObject({
      inApp: false,
      emailState: 'pending',
    });
  });

  it('is a step of the refresh: a carrier answer that crosses a rule alerts in the same transaction', async () => {
    const team = await buildTeam(app, ctx); // with the default rules
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
    const { item } = await oceanShipment(team.defaultWorkspaceId);
    const arri = (id: string, time: string, createdAt: string): TrackingEvent => ({
      eventId: id,
      eventType: 'TRANSPORT',
      typeCode: 'ARRI',
      classifier: 'EST',
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
    carrier.ocean = {
      status: 'found',
      events: [arri('e1', '2026-12-01T00:00:00.000Z', '2026-11-01T00:00:00.000Z')],
    };
    await refreshItem(ctx, engine, item.id, new Date('2026-11-02T00:00:00Z'));
    expect(await alertsOf(item.id)).toHaveLength(0);
    carrier.ocean = {
      status: 'found',
      events: [
        arri('e1', '2026-12-01T00:00:00.000Z', '2026-11-01T00:00:00.000Z'),
        arri('e2', '2026-12-02T06:00:00.000Z', '2026-11-03T00:00:00.000Z'),
      ],
    };
    await refreshItem(ctx, engine, item.id, new Date('2026-11-04T00:00:00Z'));
    const alerts = await alertsOf(item.id);
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toMatchObject({
      recipientId: team.owner.userId,
      text: 'ETA slipped over 24 h: ETA slipped by 24 hours or more against the first ETA',
    });
  });
});
