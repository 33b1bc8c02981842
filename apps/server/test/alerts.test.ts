import { and, eq } from 'drizzle-orm';
import { oneProvider } from '../src/integrations/tracking/sources';
import { describe, expect, it } from 'vitest';
import type { DerivedShipment } from '@tracklane/shared/tracking/derive-shipment';
import type { TrackingEvent } from '@tracklane/shared/tracking/tracking-event';
import { alertEpisodes, alertRules } from '../src/db/schema/alerts';
import { mailOutbox } from '../src/db/schema/mail';
import { notifications, trackingChanges } from '../src/db/schema/notifications';
import { expressShipments, oceanShipments, trackedItems } from '../src/db/schema/tracking';
import type { ExpressAnswer, OceanAnswer } from '../src/integrations/tracking/provider';
import { withTransaction } from '../src/lib/transaction';
import { evaluateAlerts } from '../src/modules/alerts/alert-evaluation';
import { runAlertSweep, sendAlertEmails } from '../src/modules/alerts/alerts.jobs';
import { updateFreeTimeClocks } from '../src/modules/free-time/free-time-clocks';
import { createExpressMode } from '../src/modules/express-shipments/express-mode';
import { createOceanMode } from '../src/modules/ocean-shipments/ocean-mode';
import { refreshItem, type TrackingEngine } from '../src/modules/tracking/refresh.service';
import { useTestApp } from './app';
import type { Account } from './auth-helpers';
import { addMember, buildTeam, containerNo, mbl, type Team } from './factories';
import { ITEMS_CHANGED_SUBSCRIBERS } from '../src/items-changed-subscribers';

const { app, ctx } = await useTestApp();
const { db } = ctx;

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const call = (
  account: Account,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  payload?: object,
) => app.inject({ method, url, headers: { cookie: account.cookie }, ...(payload ? { payload } : {}) });

const rule = (over: Record<string, unknown> = {}) => ({
  name: 'Watch the ETA',
  mode: 'ocean',
  condition: { kind: 'eta_slip', hours: 24, against: 'first' },
  recipients: { allMembers: true, userIds: [], emails: [] },
  ...over,
});

/** A team whose default rules are gone, so that each test sees only the rules it makes. */
async function quietTeam(): Promise<Team> {
  const team = await buildTeam(app, ctx);
  await db.delete(alertRules).where(eq(alertRules.workspaceId, team.defaultWorkspaceId));
  return team;
}

async function addRule(account: Account, body: object): Promise<string> {
  const res = await call(account, 'POST', '/api/alert-rules', body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().result.id as string;
}

/** An ocean container followed by the workspace, with list columns set as a refresh would. */
async function oceanShipment(workspaceId: string, columns: Partial<typeof oceanShipments.$inferInsert> = {}) {
  const [item] = await db
    .insert(trackedItems)
    .values({
      mode: 'ocean',
      trackingNo: containerNo(),
      reference: mbl(),
      carrier: 'MSCU',
      state: 'active',
      lastCheckedAt: new Date(),
    })
    .returning();
  const [sub] = await db
    .insert(oceanShipments)
    .values({
      workspaceId,
      itemId: item!.id,
      containerNo: item!.trackingNo,
      mblNo: item!.reference,
      carrierScac: 'MSCU',
      state: 'active',
      ...columns,
    })
    .returning();
  return { item: item!, sub: sub! };
}

async function expressShipment(
  workspaceId: string,
  columns: Partial<typeof expressShipments.$inferInsert> = {},
) {
  const [item] = await db
    .insert(trackedItems)
    .values({
      mode: 'express',
      trackingNo: `1Z${String(Math.random()).slice(2, 14)}`,
      carrier: 'ups',
      state: 'active',
      lastCheckedAt: new Date(),
    })
    .returning();
  const [sub] = await db
    .insert(expressShipments)
    .values({
      workspaceId,
      itemId: item!.id,
      trackingNo: item!.trackingNo,
      carrier: 'ups',
      state: 'active',
      ...columns,
    })
    .returning();
  return { item: item!, sub: sub! };
}

/** The container's actual milestones as its derived view holds them (what the clocks read). */
async function setMilestones(itemId: string, actual: { discharged?: string; fullGateOut?: string }) {
  const act = (time: string | undefined) =>
    time ? { time, classifier: 'ACT' as const, location: { locode: 'NLRTM', name: 'Rotterdam' } } : null;
  const derived: DerivedShipment = {
    shipmentOverall: {
      emptyGateOut: null,
      fullGateIn: null,
      loaded: null,
      lastFreeDay: null,
      fullGateOut: act(actual.fullGateOut),
      emptyReturned: null,
      discharged: act(actual.discharged),
      berthed: null,
    },
    departureVO: { etd: null, atd: null },
    arrivalVO: { eta: null, ata: actual.discharged ?? null },
    pol: null,
    pod: { locode: 'NLRTM', name: 'Rotterdam' },
    transshipments: [],
    vessel: null,
    status: actual.fullGateOut ? 'delivered' : 'discharged',
    etaHistory: [],
    rolls: [],
    lastActualAt: null,
  };
  await db.update(trackedItems).set({ derived }).where(eq(trackedItems.id, itemId));
}

const evaluate = (mode: 'ocean' | 'express', itemId: string, now: Date) =>
  withTransaction(ctx.pool, ({ tx }) => evaluateAlerts(tx, mode, { itemIds: [itemId] }, now));

/** Stars a shipment for `account` alone, through the app's own route. */
async function star(account: Account, mode: 'ocean' | 'express', id: string) {
  const body =
    mode === 'ocean'
      ? { shipmentOverallIds: [id], favorite: true }
      : { expressOrderIds: [id], favorite: true };
  const res = await call(account, 'POST', `/api/shipments/${mode}/favorite`, body);
  expect(res.statusCode, res.body).toBe(200);
}

const alertsOf = (itemId: string) =>
  db
    .select({ recipientId: notifications.recipientId, text: trackingChanges.text })
    .from(notifications)
    .innerJoin(trackingChanges, eq(trackingChanges.id, notifications.changeId))
    .where(and(eq(notifications.itemId, itemId), eq(notifications.type, 'alert')));

describe('alert rules: who may define them', () => {
  it('gives a new workspace the three default rules, which its admin may edit', async () => {
    const team = await buildTeam(app, ctx);
    const res = await call(team.owner, 'GET', '/api/alert-rules');
    expect(res.statusCode).toBe(200);
    const result = res.json().result;
    expect(result.managesWorkspaceRules).toBe(true);
    expect(result.rules.map((r: { name: string }) => r.name)).toEqual([
      'Last free day in 2 days',
      'ETA slipped over 24 h',
      'Rolled',
    ]);
    expect(
      result.rules.every((r: { canEdit: boolean; scope: string }) => r.canEdit && r.scope === 'workspace'),
    ).toBe(true);
    const [lfd] = result.rules;
    const edited = await call(team.owner, 'PUT', `/api/alert-rules/${lfd.id}`, {
      ...rule({ name: 'LFD in 3 days', condition: { kind: 'lfd', days: 3 } }),
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().result).toMatchObject({
      name: 'LFD in 3 days',
      condition: { kind: 'lfd', days: 3 },
    });
  });

  it('lets a member who may add shipments define rules for themselves only', async () => {
    const team = await buildTeam(app, ctx);
    const member = await addMember(app, ctx, team, { shipmentPermission: 0 });
    const created = await call(member, 'POST', '/api/alert-rules', {
      ...rule({ recipients: { allMembers: true, userIds: [], emails: ['boss@example.com'] } }),
    });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json().result).toMatchObject({
      scope: 'personal',
      ownerId: member.userId,
      recipients: { allMembers: false, userIds: [member.userId], emails: [] },
      canEdit: true,
    });
    const list = (await call(member, 'GET', '/api/alert-rules')).json().result;
    expect(list.managesWorkspaceRules).toBe(false);
    expect(list.members.map((m: { userId: string }) => m.userId)).toEqual([member.userId]);
    const workspaceRule = list.rules.find((r: { scope: string }) => r.scope === 'workspace');
    expect(workspaceRule.canEdit).toBe(false);
    const refused = await call(member, 'PATCH', `/api/alert-rules/${workspaceRule.id}`, { enabled: false });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(/only your own alert rules/);
    expect((await call(member, 'DELETE', `/api/alert-rules/${workspaceRule.id}`)).statusCode).toBe(403);
    const own = created.json().result.id as string;
    expect(
      (await call(member, 'PATCH', `/api/alert-rules/${own}`, { enabled: false })).json().result.enabled,
    ).toBe(false);
    // Another member does not see it; the admin does, and may change it.
    const colleague = await addMember(app, ctx, team, { shipmentPermission: 0 });
    const theirs = (await call(colleague, 'GET', '/api/alert-rules')).json().result.rules;
    expect(theirs.map((r: { id: string }) => r.id)).not.toContain(own);
    const admins = (await call(team.owner, 'GET', '/api/alert-rules')).json().result.rules;
    expect(admins.find((r: { id: string }) => r.id === own)).toMatchObject({
      canEdit: true,
      scope: 'personal',
    });
    expect((await call(member, 'DELETE', `/api/alert-rules/${own}`)).statusCode).toBe(200);
  });

  it('refuses view-only members and members without shipment access', async () => {
    const team = await buildTeam(app, ctx);
    for (const shipmentPermission of [1, 2]) {
      const member = await addMember(app, ctx, team, { shipmentPermission });
      const list = await call(member, 'GET', '/api/alert-rules');
      expect(list.statusCode).toBe(403);
      expect(list.json().message).toMatch(/alert rules/);
      expect((await call(member, 'POST', '/api/alert-rules', rule())).statusCode).toBe(403);
    }
  });

  it('never shows or changes another workspace’s rules', async () => {
    const team = await buildTeam(app, ctx);
    const other = await buildTeam(app, ctx);
    const id = await addRule(team.owner, rule());
    for (const [method, payload] of [
      ['PUT', rule()],
      ['PATCH', { enabled: false }],
      ['DELETE', undefined],
    ] as const) {
      const res = await call(other.owner, method, `/api/alert-rules/${id}`, payload);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('This alert rule does not exist in this workspace.');
    }
    const theirs = (await call(other.owner, 'GET', '/api/alert-rules')).json().result.rules;
    expect(theirs.map((r: { id: string }) => r.id)).not.toContain(id);
    const [stored] = await db.select().from(alertRules).where(eq(alertRules.id, id));
    expect(stored!.enabled).toBe(true);
  });

  it('answers bad input with a 400 that says what is wrong', async () => {
    const team = await buildTeam(app, ctx);
    const cases: [object, RegExp][] = [
      [rule({ condition: { kind: 'late', hours: 2 } }), /does not apply to this mode/],
      [rule({ condition: { kind: 'lfd', days: -1 } }), /at least 0/],
      [rule({ name: '  ' }), /name/],
      [rule({ recipients: { allMembers: false, userIds: [], emails: [] } }), /Choose who hears/],
      [
        rule({ recipients: { allMembers: false, userIds: [crypto.randomUUID()], emails: [] } }),
        /members of this workspace/,
      ],
      [rule({ recipients: { allMembers: false, userIds: [], emails: ['not-an-address'] } }), /valid e-mail/],
    ];
    for (const [body, message] of cases) {
      const res = await call(team.owner, 'POST', '/api/alert-rules', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toMatch(message);
    }
    expect((await call(team.owner, 'PUT', '/api/alert-rules/not-a-uuid', rule())).statusCode).toBe(400);
  });
});

describe('alert evaluation: each rule at its boundary, once per episode', () => {
  it('last free day within N days: fires on the day it comes within N days, not before', async () => {
    const team = await quietTeam();
    await addRule(team.owner, rule({ name: 'LFD soon', condition: { kind: 'lfd', days: 2 } }));
    // Demurrage running: the clocks' stored last free day (free-time-clocks.ts).
    const { item } = await oceanShipment(team.defaultWorkspaceId, {
      status: 'discharged',
      lastFreeDay: new Date('2026-12-10T00:00:00Z'),
      freeTimeEndsOn: new Date('2026-12-10T00:00:00Z'),
    });
    expect(await evaluate('ocean', item.id, new Date('2026-12-07T23:59:00Z'))).toBe(0);
    expect(await evaluate('ocean', item.id, new Date('2026-12-08T00:00:00Z'))).toBe(1);
    // Still true the next days, and passed: no repeat.
    expect(await evaluate('ocean', item.id, new Date('2026-12-11T09:00:00Z'))).toBe(0);
    const alerts = await alertsOf(item.id);
    expect(alerts).toHaveLength(1);
    expect(alerts[0]!.text).toBe('LFD soon: Last free day within 2 days or passed');
  });

  it('the default last-free-day rule watches detention too: a delivered box alerts before its detention last free day', async () => {
    const team = await buildTeam(app, ctx); // with the default rules
    const { item } = await oceanShipment(team.defaultWorkspaceId, { status: 'delivered' });
    // Discharged on the 1st (demurrage's last free day the 4th), out on the 4th: 4 free detention days.
    await setMilestones(item.id, { discharged: '2026-12-01T10:00:00Z', fullGateOut: '2026-12-04T10:00:00Z' });
    const at = async (now: string) => {
      await updateFreeTimeClocks(db, { itemIds: [item.id] }, new Date(now));
      return evaluate('ocean', item.id, new Date(now));
    };
    expect(await at('2026-12-04T12:00:00Z')).toBe(0); // detention ends on the 7th: 3 days left
    expect(await at('2026-12-05T12:00:00Z')).toBe(1);
    const alerts = await alertsOf(item.id);
    expect(alerts).toEqual([
      {
        recipientId: team.owner.userId,
        text: 'Last free day in 2 days: Last free day within 2 days or passed',
      },
    ]);
  });

  it('last free day: alerts again for detention when the box leaves near demurrage’s last free day', async () => {
    const team = await quietTeam();
    await addRule(team.owner, rule({ name: 'LFD soon', condition: { kind: 'lfd', days: 2 } }));
    const { item, sub } = await oceanShipment(team.defaultWorkspaceId, { status: 'discharged' });
    // This shipment's own terms: 3 free days at the terminal, 2 outside.
    const tiers = [{ days: null, rate: 100 }];
    await db
      .update(oceanShipments)
      .set({
        freeTimeTerms: {
          currency: 'USD',
          demurrage: { freeDays: 3, dayCount: 'calendar', tiers },
          detention: { freeDays: 2, dayCount: 'calendar', tiers },
        },
      })
      .where(eq(oceanShipments.id, sub.id));
    const at = async (now: string) => {
      await updateFreeTimeClocks(db, { itemIds: [item.id] }, new Date(now));
      return evaluate('ocean', item.id, new Date(now));
    };
    await setMilestones(item.id, { discharged: '2026-12-01T10:00:00Z' });
    expect(await at('2026-12-02T12:00:00Z')).toBe(1); // demurrage ends on the 3rd
    // Out on the 3rd: detention ends on the 4th, as close; the condition held throughout.
    await setMilestones(item.id, { discharged: '2026-12-01T10:00:00Z', fullGateOut: '2026-12-03T09:00:00Z' });
    expect(await at('2026-12-03T12:00:00Z')).toBe(1);
    expect(await at('2026-12-04T12:00:00Z')).toBe(0);
  });

  it('ETA slip against the first ETA: at N hours it fires; it fires again only after it clears and comes back', async () => {
    const team = await quietTeam();
    await addRule(team.owner, rule());
    const first = new Date('2026-12-01T00:00:00Z');
    const { item, sub } = await oceanShipment(team.defaultWorkspaceId, {
      firstEta: first,
      eta: new Date(first.getTime() + 23 * HOUR),
    });
    const now = new Date('2026-11-20T00:00:00Z');
    expect(await evaluate('ocean', item.id, now)).toBe(0);
    await db
      .update(oceanShipments)
      .set({ eta: new Date(first.getTime() + 24 * HOUR) })
      .where(eq(oceanShipments.id, sub.id));
    expect(await evaluate('ocean', item.id, now)).toBe(1);
    await db
      .update(oceanShipments)
      .set({ eta: new Date(first.getTime() + 72 * HOUR) })
      .where(eq(oceanShipments.id, sub.id));
    expect(await evaluate('ocean', item.id, now)).toBe(0);
    // Back on time: the episode closes; a new slip is a new alert.
    await db.update(oceanShipments).set({ eta: first }).where(eq(oceanShipments.id, sub.id));
    expect(await evaluate('ocean', item.id, now)).toBe(0);
    await db
      .update(oceanShipments)
      .set({ eta: new Date(first.getTime() + 48 * HOUR) })
      .where(eq(oceanShipments.id, sub.id));
    expect(await evaluate('ocean', item.id, now)).toBe(1);
    expect(await alertsOf(item.id)).toHaveLength(2);
    const episodes = await db.select().from(alertEpisodes).where(eq(alertEpisodes.itemId, item.id));
    expect(episodes.filter((e) => e.closedAt === null)).toHaveLength(1);
  });

  it('ETA slip against the last ETA compares the latest two announcements', async () => {
    const team = await quietTeam();
    await addRule(team.owner, rule({ condition: { kind: 'eta_slip', hours: 12, against: 'last' } }));
    const history = (etas: string[]) => ({
      etaHistory: etas.map((eta) => ({ eta, classifier: 'EST', recordedAt: '2026-11-01T00:00:00.000Z' })),
    });
    const { item, sub } = await oceanShipment(team.defaultWorkspaceId, {
      firstEta: new Date('2026-12-01T00:00:00Z'),
      eta: new Date('2026-12-01T11:00:00Z'),
    });
    await db
      .update(trackedItems)
      .set({ derived: history(['2026-12-01T00:00:00.000Z', '2026-12-01T11:00:00.000Z']) })
      .where(eq(trackedItems.id, item.id));
    const now = new Date('2026-11-20T00:00:00Z');
    expect(await evaluate('ocean', item.id, now)).toBe(0);
    await db
      .update(trackedItems)
      .set({
        derived: history([
          '2026-12-01T00:00:00.000Z',
          '2026-12-01T11:00:00.000Z',
          '2026-12-01T23:00:00.000Z',
        ]),
      })
      .where(eq(trackedItems.id, item.id));
    await db
      .update(oceanShipments)
      .set({ eta: new Date('2026-12-01T23:00:00Z') })
      .where(eq(oceanShipments.id, sub.id));
    expect(await evaluate('ocean', item.id, now)).toBe(1);
  });

  it('rolled: fires at a roll, and again at a second roll before arrival', async () => {
    const team = await quietTeam();
    await addRule(team.owner, rule({ name: 'Rolled', condition: { kind: 'rolled' } }));
    const { item, sub } = await oceanShipment(team.defaultWorkspaceId);
    const now = new Date('2026-11-20T00:00:00Z');
    expect(await evaluate('ocean', item.id, now)).toBe(0);
    await db
      .update(oceanShipments)
      .set({ rolledAt: new Date('2026-11-10T00:00:00Z') })
      .where(eq(oceanShipments.id, sub.id));
    expect(await evaluate('ocean', item.id, now)).toBe(1);
    expect(await evaluate('ocean', item.id, now)).toBe(0);
    await db
      .update(oceanShipments)
      .set({ rolledAt: new Date('2026-11-12T00:00:00Z') })
      .where(eq(oceanShipments.id, sub.id));
    expect(await evaluate('ocean', item.id, now)).toBe(1);
    await db
      .update(oceanShipments)
      .set({ ata: new Date('2026-11-19T00:00:00Z') })
      .where(eq(oceanShipments.id, sub.id));
    expect(await evaluate('ocean', item.id, now)).toBe(0);
  });

  it('not picked up after N days (ocean): from N days after arrival', async () => {
    const team = await quietTeam();
    await addRule(team.owner, rule({ condition: { kind: 'not_picked_up', days: 3 } }));
    const ata = new Date('2026-12-01T10:00:00Z');
    const { item } = await oceanShipment(team.defaultWorkspaceId, { status: 'discharged', ata });
    expect(await evaluate('ocean', item.id, new Date(ata.getTime() + 3 * DAY - 1))).toBe(0);
    expect(await evaluate('ocean', item.id, new Date(ata.getTime() + 3 * DAY))).toBe(1);
  });

  it('no update for N days: by the scheduled sweep, without any refresh', async () => {
    const team = await quietTeam();
    await addRule(team.owner, rule({ condition: { kind: 'stale', days: 2 } }));
    const now = new Date();
    const { item } = await oceanShipment(team.defaultWorkspaceId);
    await db
      .update(trackedItems)
      .set({ lastCheckedAt: new Date(now.getTime() - 2 * DAY + HOUR) })
      .where(eq(trackedItems.id, item.id));
    await runAlertSweep(ctx, now);
    expect(await alertsOf(item.id)).toHaveLength(0);
    await db
      .update(trackedItems)
      .set({ lastCheckedAt: new Date(now.getTime() - 2 * DAY - HOUR) })
      .where(eq(trackedItems.id, item.id));
    await runAlertSweep(ctx, now);
    await runAlertSweep(ctx, now);
    expect(await alertsOf(item.id)).toHaveLength(1);
  });

  it('express: exception, failed attempt, and late by N hours', async () => {
    const team = await quietTeam();
    await addRule(team.owner, rule({ mode: 'express', condition: { kind: 'exception' } }));
    await addRule(team.owner, rule({ mode: 'express', condition: { kind: 'failed_attempt' } }));
    await addRule(team.owner, rule({ mode: 'express', name: 'Late', condition: { kind: 'late', hours: 6 } }));
    const now = new Date('2026-11-20T12:00:00Z');
    const { item, sub } = await expressShipment(team.defaultWorkspaceId, {
      status: 'in_transit',
      estimatedDelivery: new Date(now.getTime() - 6 * HOUR),
    });
    expect(await evaluate('express', item.id, now)).toBe(0);
    expect(await evaluate('express', item.id, new Date(now.getTime() + 1))).toBe(1);
    await db.update(expressShipments).set({ status: 'exception' }).where(eq(expressShipments.id, sub.id));
    expect(await evaluate('express', item.id, now)).toBe(1);
    await db
      .update(expressShipments)
      .set({ status: 'failed_attempt' })
      .where(eq(expressShipments.id, sub.id));
    expect(await evaluate('express', item.id, now)).toBe(1);
    expect((await alertsOf(item.id)).map((a) => a.text).sort()).toEqual([
      'Late: Late by more than 6 hours against the estimated delivery',
      'Watch the ETA: Exception reported',
      'Watch the ETA: Failed delivery attempt',
    ]);
  });

  it('applies filters: carrier, port of discharge, favourites', async () => {
    const team = await quietTeam();
    await addRule(
      team.owner,
      rule({
        condition: { kind: 'rolled' },
        filters: { carriers: ['maeu'], pol: [], pod: [], favoritesOnly: false },
      }),
    );
    await addRule(
      team.owner,
      rule({
        condition: { kind: 'rolled' },
        filters: { carriers: [], pol: [], pod: ['NLRTM'], favoritesOnly: true },
      }),
    );
    const rolled = { rolledAt: new Date('2026-11-10T00:00:00Z') };
    const now = new Date('2026-11-20T00:00:00Z');
    const msc = await oceanShipment(team.defaultWorkspaceId, { ...rolled, podLocode: 'NLRTM' });
    expect(await evaluate('ocean', msc.item.id, now)).toBe(0);
    const favourite = await oceanShipment(team.defaultWorkspaceId, { ...rolled, podLocode: 'NLRTM' });
    await star(team.owner, 'ocean', favourite.sub.id);
    expect(await evaluate('ocean', favourite.item.id, now)).toBe(1);
    const maersk = await oceanShipment(team.defaultWorkspaceId, { ...rolled, carrierScac: 'MAEU' });
    expect(await evaluate('ocean', maersk.item.id, now)).toBe(1);
  });

  it("reads favourites as the rule owner's own, never another member's", async () => {
    const team = await quietTeam();
    const member = await addMember(app, ctx, team, { shipmentPermission: 0 });
    const favouritesOnly = { carriers: [], pol: [], pod: [], tags: [], favoritesOnly: true };
    // The admin's workspace rules, heard by everyone (both modes), and the member's personal one.
    await addRule(team.owner, rule({ condition: { kind: 'rolled' }, filters: favouritesOnly }));
    await addRule(member, rule({ condition: { kind: 'rolled' }, filters: favouritesOnly }));
    await addRule(
      team.owner,
      rule({ mode: 'express', condition: { kind: 'exception' }, filters: favouritesOnly }),
    );
    const rolled = { rolledAt: new Date('2026-11-10T00:00:00Z') };
    const now = new Date('2026-11-20T00:00:00Z');

    // The member's star: only the member's own rule sees it, and only the member hears of it.
    const members = await oceanShipment(team.defaultWorkspaceId, rolled);
    await star(member, 'ocean', members.sub.id);
    expect(await evaluate('ocean', members.item.id, now)).toBe(1);
    expect(await alertsOf(members.item.id)).toEqual([
      { recipientId: member.userId, text: 'Watch the ETA: Rolled to another vessel or voyage' },
    ]);

    // The owner's star: the workspace rule sees it and tells everyone.
    const owners = await oceanShipment(team.defaultWorkspaceId, rolled);
    await star(team.owner, 'ocean', owners.sub.id);
    expect(await evaluate('ocean', owners.item.id, now)).toBe(1);
    expect((await alertsOf(owners.item.id)).map((a) => a.recipientId).sort()).toEqual(
      [team.owner.userId, member.userId].sort(),
    );

    // Express: the member's star is not the admin's.
    const parcel = await expressShipment(team.defaultWorkspaceId, { status: 'exception' });
    await star(member, 'express', parcel.sub.id);
    expect(await evaluate('express', parcel.item.id, now)).toBe(0);
    await star(team.owner, 'express', parcel.sub.id);
    expect(await evaluate('express', parcel.item.id, now)).toBe(1);
  });
  it('applies a tag filter: shipments carrying any of the rule’s tags, regardless of case', async () => {
    const team = await quietTeam();
    await addRule(
      team.owner,
      rule({
        condition: { kind: 'rolled' },
        filters: { carriers: [], pol: [], pod: [], tags: ['Urgent', 'reefer'], favoritesOnly: false },
      }),
    );
    const rolled = { rolledAt: new Date('2026-11-10T00:00:00Z') };
    const now = new Date('2026-11-20T00:00:00Z');
    const untagged = await oceanShipment(team.defaultWorkspaceId, rolled);
    expect(await evaluate('ocean', untagged.item.id, now)).toBe(0);
    const other = await oceanShipment(team.defaultWorkspaceId, { ...rolled, tags: ['urgently'] });
    expect(await evaluate('ocean', other.item.id, now)).toBe(0);
    const urgent = await oceanShipment(team.defaultWorkspaceId, {
      ...rolled,
      tags: ['customer A', 'urgent'],
    });
    expect(await evaluate('ocean', urgent.item.id, now)).toBe(1);
    const reefer = await oceanShipment(team.defaultWorkspaceId, { ...rolled, tags: ['Reefer'] });
    expect(await evaluate('ocean', reefer.item.id, now)).toBe(1);
    expect(await alertsOf(untagged.item.id)).toHaveLength(0);
    expect(await alertsOf(urgent.item.id)).not.toHaveLength(0);

    // Express too.
    await addRule(
      team.owner,
      rule({
        mode: 'express',
        condition: { kind: 'exception' },
        filters: { carriers: [], pol: [], pod: [], tags: ['returns'], favoritesOnly: false },
      }),
    );
    const plain = await expressShipment(team.defaultWorkspaceId, { status: 'exception' });
    expect(await evaluate('express', plain.item.id, now)).toBe(0);
    const returns = await expressShipment(team.defaultWorkspaceId, {
      status: 'exception',
      tags: ['Returns'],
    });
    expect(await evaluate('express', returns.item.id, now)).toBe(1);
  });

  it('refuses a rule whose tag filter is not a tag', async () => {
    const team = await quietTeam();
    const res = await call(
      team.owner,
      'POST',
      '/api/alert-rules',
      rule({ filters: { carriers: [], pol: [], pod: [], tags: ['x'.repeat(31)], favoritesOnly: false } }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('A tag has at most 30 characters.');
  });
});

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
