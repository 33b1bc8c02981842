import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { DerivedShipment } from '@tracklane/shared/tracking/ocean/derive-shipment';
import { alertRules } from '../../src/db/schema/alerts';
import { notifications, trackingChanges } from '../../src/db/schema/notifications';
import { trackedItems } from '../../src/db/schema/tracking';
import { withTransaction } from '../../src/lib/transaction';
import { evaluateAlerts } from '../../src/modules/alerts/alert-evaluation';
import { followedContainer, followedParcel } from './followed-shipments';
import { useTestApp } from '../app';
import type { Account } from '../auth-helpers';
import { buildTeam, type Team } from '../factories';

/** The app on a fresh database with what the alert tests build on: quiet teams, rules, shipments and the evaluation. */
export async function useAlertsApp() {
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

  const oceanShipment = (workspaceId: string, columns?: Parameters<typeof followedContainer>[2]) =>
    followedContainer(db, workspaceId, columns);

  const expressShipment = (workspaceId: string, columns?: Parameters<typeof followedParcel>[2]) =>
    followedParcel(db, workspaceId, columns);

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
  return {
    app,
    ctx,
    db,
    HOUR,
    DAY,
    call,
    rule,
    quietTeam,
    addRule,
    oceanShipment,
    expressShipment,
    setMilestones,
    evaluate,
    star,
    alertsOf,
  };
}
