import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { oceanListQuerySchema } from '@tracklane/shared/tracking/ocean/ocean-shipments.schema';
import { oceanShipments, trackedItems } from '../src/db/schema/tracking';
import { updateFreeTimeClocks } from '../src/modules/ocean-shipments/free-time/free-time-clocks';
import { listOceanShipments } from '../src/modules/ocean-shipments/ocean-shipments.service';
import { useTestApp } from './app';
import type { Account } from './auth-helpers';
import { addMember, buildTeam, containerNo, mbl } from './factories';

const { app, ctx } = await useTestApp();
const { db } = ctx;

const call = (account: Account, method: 'GET' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  app.inject({ method, url, headers: { cookie: account.cookie }, ...(payload ? { payload } : {}) });

const terms = (freeDays: number, rate: number, currency = 'EUR') => ({
  currency,
  demurrage: { freeDays, dayCount: 'calendar', tiers: [{ days: null, rate }] },
  detention: {
    freeDays,
    dayCount: 'working',
    tiers: [
      { days: 2, rate },
      { days: null, rate: rate * 2 },
    ],
  },
});

const actual = (time: string) => ({
  time,
  classifier: 'ACT',
  location: { locode: 'NLRTM', name: 'Rotterdam' },
});

/** A container discharged at Rotterdam on `discharged`, followed by the workspace. */
async function dischargedContainer(workspaceId: string, discharged: string, carrierScac = 'MSCU') {
  const [item] = await db
    .insert(trackedItems)
    .values({
      mode: 'ocean',
      trackingNo: containerNo(),
      reference: mbl(),
      carrier: carrierScac,
      state: 'active',
      derived: {
        shipmentOverall: {
          discharged: actual(discharged),
          fullGateOut: null,
          emptyReturned: null,
          lastFreeDay: null,
        },
        pod: { locode: 'NLRTM', name: 'Rotterdam' },
      },
    })
    .returning();
  const [sub] = await db
    .insert(oceanShipments)
    .values({
      workspaceId,
      itemId: item!.id,
      containerNo: item!.trackingNo,
      mblNo: item!.reference,
      carrierScac,
      state: 'active',
      status: 'discharged',
      podLocode: 'NLRTM',
    })
    .returning();
  return { item: item!, sub: sub! };
}

describe('free-time defaults: who may set them', () => {
  it('lets an admin set the workspace default and a carrier’s, and no one else', async () => {
    const team = await buildTeam(app, ctx);
    const member = await addMember(app, ctx, team, { shipmentPermission: 0 });
    const viewer = await addMember(app, ctx, team, { shipmentPermission: 1 });
    const other = await buildTeam(app, ctx);

    const empty = await call(team.owner, 'GET', '/api/free-time/defaults');
    expect(empty.statusCode).toBe(200);
    expect(empty.json().result.defaults).toEqual([]);
    expect(empty.json().result.builtIn.demurrage.freeDays).toBe(4);

    const saved = await call(team.owner, 'PUT', '/api/free-time/defaults', {
      carrierScac: null,
      terms: terms(5, 100),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    await call(team.owner, 'PUT', '/api/free-time/defaults', {
      carrierScac: 'maeu',
      terms: terms(7, 80, 'USD'),
    });
    const list = (await call(team.owner, 'GET', '/api/free-time/defaults')).json().result.defaults;
    expect(list.map((d: { carrierScac: string | null }) => d.carrierScac)).toEqual([null, 'MAEU']);

    for (const account of [member, viewer]) {
      expect((await call(account, 'GET', '/api/free-time/defaults')).statusCode).toBe(403);
      expect(
        (await call(account, 'PUT', '/api/free-time/defaults', { carrierScac: null, terms: terms(1, 1) }))
          .statusCode,
      ).toBe(403);
    }
    // Another workspace's admin sees and changes only their own.
    expect((await call(other.owner, 'GET', '/api/free-time/defaults')).json().result.defaults).toEqual([]);
    expect((await call(other.owner, 'DELETE', '/api/free-time/defaults?carrierScac=MAEU')).statusCode).toBe(
      404,
    );
    expect((await call(team.owner, 'DELETE', '/api/free-time/defaults?carrierScac=MAEU')).statusCode).toBe(
      200,
    );
  });

  it('answers bad terms with a 400 that says what is wrong', async () => {
    const team = await buildTeam(app, ctx);
    const bad: [object, RegExp][] = [
      [{ carrierScac: null, terms: { ...terms(5, 100), currency: 'euro' } }, /three-letter/],
      [{ carrierScac: null, terms: terms(-1, 100) }, /cannot be negative/],
      [
        {
          carrierScac: null,
          terms: {
            ...terms(5, 100),
            demurrage: {
              freeDays: 3,
              dayCount: 'calendar',
              tiers: [
                { days: null, rate: 5 },
                { days: 2, rate: 9 },
              ],
            },
          },
        },
        /Only the last tier/,
      ],
      [{ carrierScac: 'M4', terms: terms(5, 100) }, /SCAC/],
    ];
    for (const [body, message] of bad) {
      const res = await call(team.owner, 'PUT', '/api/free-time/defaults', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toMatch(message);
    }
  });
});

describe('merged free time', () => {
  it('is saved with the terms, and both clocks of the list end on the pool’s last free day', async () => {
    const team = await buildTeam(app, ctx);
    const merged = {
      ...terms(4, 100),
      combined: { freeDays: 10, dayCount: 'calendar', tiers: [{ days: null, rate: 120 }] },
    };
    const saved = await call(team.owner, 'PUT', '/api/free-time/defaults', {
      carrierScac: null,
      terms: merged,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().result.defaults[0].terms.combined).toMatchObject({ freeDays: 10 });
    const box = await dischargedContainer(team.defaultWorkspaceId, '2026-11-10T08:00:00Z');
    const now = new Date('2026-11-15T12:00:00Z');
    await updateFreeTimeClocks(db, { workspaceId: team.defaultWorkspaceId }, now);

    const [row] = await db.select().from(oceanShipments).where(eq(oceanShipments.id, box.sub.id));
    // Ten days from the 10th: the 19th, not demurrage's own 4 days (the 13th).
    expect(row!.freeTimeEndsOn.toISOString()).toBe('2026-11-19T00:00:00.000Z');
    const listed = await listOceanShipments(
      db,
      { workspaceId: team.defaultWorkspaceId, userId: team.owner.userId },
      oceanListQuerySchema.parse({}),
      now,
    );
    expect(listed.items[0]!.freeTime).toMatchObject({
      clock: 'demurrage',
      lastFreeDay: '2026-11-19',
      daysLeft: 4,
      combined: true,
      demurrage: { state: 'running', lastFreeDay: '2026-11-19' },
      detention: { state: 'not_started', lastFreeDay: '2026-11-19' },
    });
  });
});

describe('a shipment’s clocks', () => {
  it('follow its own terms over its carrier’s over the workspace’s over the built-in ones', async () => {
    const team = await buildTeam(app, ctx);
    const member = await addMember(app, ctx, team, { shipmentPermission: 0 });
    const viewer = await addMember(app, ctx, team, { shipmentPermission: 1 });
    const other = await buildTeam(app, ctx);
    const { sub } = await dischargedContainer(team.defaultWorkspaceId, '2026-11-10T08:00:00Z');
    const url = `/api/shipments/ocean/${sub.id}/free-time`;

    const builtIn = (await call(viewer, 'GET', url)).json().result;
    expect(builtIn).toMatchObject({
      source: 'built_in',
      timeZone: 'Europe/Amsterdam',
      milestones: { discharged: '2026-11-10T08:00:00Z' },
    });
    await call(team.owner, 'PUT', '/api/free-time/defaults', { carrierScac: null, terms: terms(5, 100) });
    expect((await call(viewer, 'GET', url)).json().result.source).toBe('workspace');
    await call(team.owner, 'PUT', '/api/free-time/defaults', { carrierScac: 'MSCU', terms: terms(6, 90) });
    expect((await call(viewer, 'GET', url)).json().result.source).toBe('carrier');

    expect((await call(viewer, 'PUT', url, { terms: terms(2, 10) })).statusCode).toBe(403);
    const own = await call(member, 'PUT', url, { terms: terms(2, 10) });
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().result).toMatchObject({ source: 'shipment', terms: { demurrage: { freeDays: 2 } } });
    expect((await call(other.owner, 'GET', url)).statusCode).toBe(404);
    expect((await call(other.owner, 'PUT', url, { terms: null })).statusCode).toBe(404);
    expect((await call(member, 'PUT', url, { terms: null })).json().result.source).toBe('carrier');
  });

  it('are stored for sorting, listed, and summed on the dashboard', async () => {
    const team = await buildTeam(app, ctx);
    await call(team.owner, 'PUT', '/api/free-time/defaults', { carrierScac: null, terms: terms(4, 100) });
    const late = await dischargedContainer(team.defaultWorkspaceId, '2026-11-10T08:00:00Z');
    const fresh = await dischargedContainer(team.defaultWorkspaceId, '2026-11-19T08:00:00Z');
    const now = new Date('2026-11-20T12:00:00Z');
    await updateFreeTimeClocks(db, { workspaceId: team.defaultWorkspaceId }, now);

    const [row] = await db.select().from(oceanShipments).where(eq(oceanShipments.id, late.sub.id));
    // 4 free days (10th-13th); 14th-20th charged: 7 days at 100. In 7 days: 14 days.
    expect(row).toMatchObject({ ddCostCents: 70_000, ddCostWeekCents: 140_000, ddCurrency: 'EUR' });
    expect(row!.freeTimeEndsOn.toISOString()).toBe('2026-11-13T00:00:00.000Z');
    // The free days give the last free day the carrier did not.
    expect(row!.lastFreeDay!.toISOString()).toBe('2026-11-13T00:00:00.000Z');

    const page = (sort: string) =>
      app.inject({
        method: 'GET',
        url: `/api/shipments/ocean?sort=${sort}&limit=1`,
        headers: { cookie: team.owner.cookie },
      });
    const first = (await page('free_time_asc')).json().result;
    expect(first.items[0].shipmentOverallId).toBe(late.sub.id);
    // The row's clocks are those the detail computes, as of the moment asked.
    const listed = await listOceanShipments(
      db,
      { workspaceId: team.defaultWorkspaceId, userId: team.owner.userId },
      oceanListQuerySchema.parse({}),
      now,
    );
    expect(listed.items.find((i) => i.shipmentOverallId === late.sub.id)!.freeTime).toEqual({
      clock: 'demurrage',
      lastFreeDay: '2026-11-13',
      daysLeft: -7,
      combined: false,
      demurrage: {
        state: 'running',
        lastFreeDay: '2026-11-13',
        daysLeft: -7,
        cost: 700,
        lastFreeDaySource: 'tariff',
      },
      detention: {
        state: 'not_started',
        lastFreeDay: null,
        daysLeft: null,
        cost: 0,
        lastFreeDaySource: null,
      },
      cost: 700,
      currency: 'EUR',
    });
    const next = await app.inject({
      method: 'GET',
      url: `/api/shipments/ocean?sort=cost_desc&limit=1`,
      headers: { cookie: team.owner.cookie },
    });
    const byCost = next.json().result;
    expect(byCost.items[0].shipmentOverallId).toBe(late.sub.id);
    const second = await app.inject({
      method: 'GET',
      url: `/api/shipments/ocean?sort=cost_desc&limit=1&cursor=${byCost.nextCursor}`,
      headers: { cookie: team.owner.cookie },
    });
    expect(second.json().result.items[0].shipmentOverallId).toBe(fresh.sub.id);

    const dashboard = await app.inject({
      method: 'GET',
      url: '/api/dashboard/ocean',
      headers: { cookie: team.owner.cookie },
    });
    expect(dashboard.statusCode, dashboard.body).toBe(200);
    // Fresh: discharged the 19th, free to the 22nd; in 7 days (27th) 5 days charged.
    expect(dashboard.json().result.freeTimeMoney).toEqual([
      { currency: 'EUR', incurred: 700, atRiskThisWeek: 700 + 500, shipments: 2 },
    ]);
  });
});
