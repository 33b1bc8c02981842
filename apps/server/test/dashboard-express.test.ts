import { describe, expect, it } from 'vitest';
import {
  EXPRESS_ATTENTION_RULES,
  type ExpressAttentionRule,
} from '@tracklane/shared/dashboard/dashboard.schema';
import { expressListQuerySchema } from '@tracklane/shared/tracking/express/express-shipments.schema';
import { expressDashboard } from '../src/modules/express-shipments/express-dashboard';
import { listExpressShipments } from '../src/modules/express-shipments/express-shipments.service';
import { addMember, buildTeam } from './factories';
import { useDashboardApp } from './support/dashboard';

const {
  app,
  ctx,
  MINUTE,
  HOUR,
  DAY,
  NOW,
  at,
  addOcean,
  place,
  parcel,
  addParcel,
  sorted,
  readerOf,
  expressListIds,
} = await useDashboardApp();

describe('express dashboard attention rules', () => {
  it('counts each rule at its boundaries, never archived or another workspace’s, and the list filter returns exactly them', async () => {
    const team = await buildTeam(app, ctx);
    const other = await buildTeam(app, ctx);
    const ws = team.defaultWorkspaceId;
    const exception = await addParcel(
      ws,
      parcel({
        status: 'exception',
        exceptionReason: 'customs_hold',
        statusText: 'Held by customs: documents requested',
      }),
    );
    const failed = await addParcel(ws, parcel({ status: 'failed_attempt', failedAttempts: 1 }));
    const pickup = await addParcel(ws, parcel({ status: 'available_for_pickup' }));
    const notFound = await addParcel(ws, null, { state: 'not_found' });
    const noConnection = await addParcel(ws, null, { state: 'no_source', lastCheckedAt: null });
    const late = await addParcel(ws, parcel({ estimatedDelivery: at(-MINUTE) }));
    await addParcel(ws, parcel({ estimatedDelivery: at(0) })); // due now: not late yet
    await addParcel(ws, parcel({ estimatedDelivery: at(MINUTE) }));
    await addParcel(ws, parcel({ status: 'delivered', deliveredAt: at(-HOUR), estimatedDelivery: null }));
    await addParcel(ws, parcel({ status: 'exception' }), { archived: true });
    await addParcel(other.defaultWorkspaceId, parcel({ status: 'exception', estimatedDelivery: at(-DAY) }));

    const expected: Record<ExpressAttentionRule, string[]> = {
      exception: [exception],
      failedAttempt: [failed],
      late: [late],
      awaitingPickup: [pickup],
      notFound: [notFound],
      noConnection: [noConnection],
    };
    const dashboard = await expressDashboard(ctx.db, ws, NOW);
    expect(dashboard.attentionVO.map((a) => a.rule)).toEqual([...EXPRESS_ATTENTION_RULES]);
    for (const card of dashboard.attentionVO) {
      expect(card.count, card.rule).toBe(expected[card.rule].length);
      expect(sorted(card.items.map((i) => i.id)), card.rule).toEqual(sorted(expected[card.rule]));
      expect(await expressListIds(ws, card.rule), card.rule).toEqual(sorted(expected[card.rule]));
    }
    // Each list row names the first rule, in the cards' order, that it falls under (its attention
    // chip), whichever tab it is on; an archived row none.
    const list = async (status: 'active' | 'notFound' | 'archived') =>
      (
        await listExpressShipments(
          ctx.db,
          readerOf(ws),
          expressListQuerySchema.parse({ status, limit: 200 }),
          NOW,
        )
      ).expressTrackingDocumentList;
    const rows = [...(await list('active')), ...(await list('notFound'))];
    expect(rows).toHaveLength(9);
    for (const row of rows) {
      const first = EXPRESS_ATTENTION_RULES.find((rule) => expected[rule].includes(row.expressOrderId));
      expect(row.attention, row.expressOrderNo).toBe(first ?? null);
    }
    expect((await list('archived')).map((row) => row.attention)).toEqual([null]);
    expect(dashboard.attentionVO[0]!.items[0]!.reason).toEqual([
      { kind: 'text', value: 'Held by customs: documents requested' },
    ]);
    expect(dashboard.attentionVO.find((a) => a.rule === 'late')!.items[0]!.reason).toEqual([
      { kind: 'text', value: 'Expected ' },
      { kind: 'instant', value: at(-MINUTE) },
      { kind: 'text', value: ', 0 h late' },
    ]);
    expect(dashboard.statusBreakdown.find((s) => s.status === 'in_transit')?.count).toBe(3);
  });

  it('places a parcel at its last scan with coordinates, else at its origin city', async () => {
    const team = await buildTeam(app, ctx);
    const ws = team.defaultWorkspaceId;
    const scanned = await addParcel(ws, parcel({ lastLocation: place('Cologne Hub', 50.94, 6.96) }));
    const unscanned = await addParcel(ws, parcel());
    const { liveMapVO } = await expressDashboard(ctx.db, ws, NOW);
    expect(liveMapVO.positions).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          kind: 'city',
          lat: 50.94,
          lon: 6.96,
          count: 1,
          items: [expect.objectContaining({ id: scanned })],
        }),
        expect.objectContaining({
          kind: 'city',
          name: 'Leipzig',
          lat: 51.34,
          lon: 12.37,
          items: [expect.objectContaining({ id: unscanned })],
        }),
      ]),
    );
    expect(liveMapVO.legs).toEqual([
      {
        path: [
          [12.37, 51.34],
          [2.35, 48.86],
        ],
        count: 2,
      },
    ]);
  });
});

describe('dashboard routes', () => {
  it('answers members who can view shipments and refuses those without access', async () => {
    const team = await buildTeam(app, ctx);
    await addOcean(team.defaultWorkspaceId, null, { state: 'not_found' });
    const viewer = await addMember(app, ctx, team, { shipmentPermission: 1 });
    const none = await addMember(app, ctx, team, { shipmentPermission: 2 });
    for (const mode of ['ocean', 'express']) {
      const url = `/api/dashboard/${mode}`;
      const seen = await app.inject({ method: 'GET', url, headers: { cookie: viewer.cookie } });
      expect(seen.statusCode, url).toBe(200);
      const refused = await app.inject({ method: 'GET', url, headers: { cookie: none.cookie } });
      expect(refused.statusCode, url).toBe(403);
    }
    const ocean = await app.inject({
      method: 'GET',
      url: '/api/dashboard/ocean',
      headers: { cookie: viewer.cookie },
    });
    expect(ocean.json().result.attentionVO.find((a: { rule: string }) => a.rule === 'notFound').count).toBe(
      1,
    );
    const list = await app.inject({
      method: 'GET',
      url: '/api/shipments/ocean?attention=notFound',
      headers: { cookie: viewer.cookie },
    });
    expect(list.json().result.items).toHaveLength(1);
    const bad = await app.inject({
      method: 'GET',
      url: '/api/shipments/express?attention=rolled',
      headers: { cookie: viewer.cookie },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('saves and reads back the map preference, refusing a malformed one', async () => {
    const team = await buildTeam(app, ctx);
    const cookie = team.owner.cookie;
    const read = () =>
      app.inject({ method: 'GET', url: '/api/_api/user-journey/getMapPreference', headers: { cookie } });
    expect((await read()).json().result).toBeNull();
    const preference = { view: { center: [4.05, 51.95], zoom: 3 }, layers: ['vessels', 'ports'] };
    const save = (payload: object) =>
      app.inject({
        method: 'POST',
        url: '/api/_api/user-journey/saveMapPreference',
        headers: { cookie },
        payload,
      });
    expect((await save(preference)).statusCode).toBe(200);
    expect((await read()).json().result).toEqual(preference);
    for (const bad of [
      { view: { center: [200, 0], zoom: 3 }, layers: [] },
      { view: { center: [0, 0], zoom: 'far' }, layers: [] },
      { view: { center: [0, 0], zoom: 3 } },
    ]) {
      expect((await save(bad)).statusCode, JSON.stringify(bad)).toBe(400);
    }
    expect((await read()).json().result).toEqual(preference);
    const anonymous = await app.inject({ method: 'GET', url: '/api/_api/user-journey/getMapPreference' });
    expect(anonymous.statusCode).toBe(401);
  });
});
