import { describe, expect, it } from 'vitest';
import { OCEAN_ATTENTION_RULES, type OceanAttentionRule } from '@tracklane/shared/dashboard/dashboard.schema';
import { oceanListQuerySchema } from '@tracklane/shared/tracking/ocean/ocean-shipments.schema';
import {
  drawnPoints,
  inland,
  pointsInland,
} from '@tracklane/shared/tracking/ocean/sea-lanes/land.test-support';
import { distanceKm } from '@tracklane/shared/tracking/ocean/sea-lanes/sea-routes';
import { STALE_AFTER_FAILURES } from '../src/modules/dashboard/attention';
import { oceanDashboard } from '../src/modules/ocean-shipments/ocean-dashboard';
import { listOceanShipments } from '../src/modules/ocean-shipments/ocean-shipments.service';
import { buildTeam } from './factories';
import { useDashboardApp } from './support/dashboard';

const { app, ctx, MINUTE, HOUR, DAY, NOW, at, ship, addOcean, sorted, readerOf, oceanListIds } =
  await useDashboardApp();

describe('ocean dashboard attention rules', () => {
  it('counts each rule at its boundaries, never archived or another workspace’s, and the list filter returns exactly them', async () => {
    const team = await buildTeam(app, ctx);
    const other = await buildTeam(app, ctx);
    const ws = team.defaultWorkspaceId;
    const slip = (ms: number) => ship({ etas: [at(10 * DAY), at(10 * DAY + ms)] });

    // Last free days are days in the port's calendar (Rotterdam; today is 10 June there too): the
    // carrier's, else 4 free days from the discharge (3 days ago: today is the last).
    const lfdYesterday = await addOcean(ws, ship({ lfd: '2026-06-09', discharged: true }));
    const lfdTodayCarrier = await addOcean(ws, ship({ lfd: '2026-06-10' }));
    const lfdTodayCounted = await addOcean(ws, ship({ discharged: true }));
    const lfdTomorrow = await addOcean(ws, ship({ lfd: '2026-06-11' }));
    const lfdLastSoon = await addOcean(ws, ship({ lfd: '2026-06-13' }));
    await addOcean(ws, ship({ lfd: '2026-06-14' })); // beyond "soon"
    // Picked up and returned empty: no clock runs, its last free days no longer matter.
    await addOcean(
      ws,
      ship({ lfd: '2026-06-08', gateOut: at(-5 * DAY), returned: at(-2 * DAY), status: 'empty_returned' }),
    );
    const slipped = await addOcean(ws, slip(24 * HOUR));
    await addOcean(ws, slip(24 * HOUR - MINUTE));
    const roll = (recordedAt: string) => ({
      port: { locode: 'CNSHA', name: 'Shanghai' },
      from: { name: 'EVER GIVEN', imo: null, voyage: '101E' },
      to: { name: 'EVER ACE', imo: null, voyage: '202W' },
      recordedAt,
    });
    const rolled = await addOcean(ws, ship({ rolls: [roll(at(-2 * DAY))] }));
    // Rolled, but at its port of discharge now: no longer worth attention.
    await addOcean(
      ws,
      ship({ rolls: [roll(at(-30 * DAY))], arrivalVO: { eta: null, ata: at(-DAY) }, status: 'arrived' }),
    );
    const notFound = await addOcean(ws, null, { state: 'not_found', lastCheckedAt: null });
    // Nobody is asked about it (no data source): neither not found nor stale, however long unchecked.
    const noConnection = await addOcean(ws, null, { state: 'no_source', lastCheckedAt: null });
    const stale = await addOcean(ws, ship(), { lastCheckedAt: new Date(NOW.getTime() - 48 * HOUR - MINUTE) });
    await addOcean(ws, ship(), { lastCheckedAt: new Date(NOW.getTime() - 48 * HOUR + MINUTE) });
    const failing = await addOcean(ws, ship(), { consecutiveFailures: STALE_AFTER_FAILURES });
    await addOcean(ws, ship(), { consecutiveFailures: STALE_AFTER_FAILURES - 1 });
    // Never counted: archived, and another workspace's.
    await addOcean(ws, ship({ lfd: '2026-06-09', discharged: true }), { archived: true });
    await addOcean(other.defaultWorkspaceId, ship({ lfd: '2026-06-09', discharged: true }));
    await addOcean(other.defaultWorkspaceId, null, { state: 'not_found' });

    const expected: Record<OceanAttentionRule, string[]> = {
      lfdPassed: [lfdYesterday],
      lfdToday: [lfdTodayCarrier, lfdTodayCounted],
      lfdSoon: [lfdTomorrow, lfdLastSoon],
      onHold: [],
      availableForPickup: [],
      etaSlipped: [slipped],
      rolled: [rolled],
      arrivedNotPickedUp: [lfdYesterday, lfdTodayCounted],
      notFound: [notFound],
      noConnection: [noConnection],
      stale: [stale, failing],
    };
    const dashboard = await oceanDashboard(ctx.db, ws, NOW);
    expect(dashboard.attentionVO.map((a) => a.rule)).toEqual([...OCEAN_ATTENTION_RULES]);
    for (const card of dashboard.attentionVO) {
      expect(card.count, card.rule).toBe(expected[card.rule].length);
      expect(sorted(card.items.map((i) => i.id)), card.rule).toEqual(sorted(expected[card.rule]));
      expect(await oceanListIds(ws, card.rule), card.rule).toEqual(sorted(expected[card.rule]));
    }
    // Each list row names the first rule, in the cards' order, that it falls under (its attention
    // chip); an archived row none, though its last free day has passed.
    const list = async (status: 'active' | 'archived') =>
      (
        await listOceanShipments(
          ctx.db,
          readerOf(ws),
          oceanListQuerySchema.parse({ status, limit: 200 }),
          NOW,
        )
      ).items;
    const active = await list('active');
    expect(active).toHaveLength(17);
    for (const row of active) {
      const first = OCEAN_ATTENTION_RULES.find((rule) => expected[rule].includes(row.shipmentOverallId));
      expect(row.attention, row.containerNo).toBe(first ?? null);
    }
    expect(active.find((row) => row.shipmentOverallId === lfdTodayCounted)?.attention).toBe('lfdToday');
    expect((await list('archived')).map((row) => row.attention)).toEqual([null]);
    const slipCard = dashboard.attentionVO.find((a) => a.rule === 'etaSlipped')!;
    expect(slipCard.items[0]!.reason).toContainEqual({
      kind: 'text',
      value: expect.stringContaining('24 h later') as string,
    });
    const rolledCard = dashboard.attentionVO.find((a) => a.rule === 'rolled')!;
    expect(rolledCard.items[0]!.reason).toEqual([
      { kind: 'text', value: 'EVER GIVEN 101E → EVER ACE 202W at Shanghai' },
    ]);
    expect(dashboard.attentionVO.find((a) => a.rule === 'noConnection')!.items[0]!.reason).toEqual([
      { kind: 'text', value: 'No connection for Maersk' },
    ]);
    expect(dashboard.updatedTime).toBe(new Date(NOW.getTime() - HOUR).toISOString());
    expect(dashboard.carriers).toEqual([{ carrier: 'MAEU', name: expect.any(String), count: 17 }]);
  });

  it('watches detention once the box is out: delivered, its detention last free day tomorrow', async () => {
    const team = await buildTeam(app, ctx);
    const ws = team.defaultWorkspaceId;
    // Demurrage's last free day was today; out two days ago: 4 free detention days end tomorrow.
    const delivered = await addOcean(
      ws,
      ship({ lfd: '2026-06-10', discharged: true, gateOut: at(-2 * DAY), status: 'delivered' }),
    );
    const dashboard = await oceanDashboard(ctx.db, ws, NOW);
    const card = (rule: OceanAttentionRule) => dashboard.attentionVO.find((a) => a.rule === rule)!;
    expect(card('lfdToday').count).toBe(0);
    expect(card('lfdSoon')).toMatchObject({ count: 1, items: [{ id: delivered }] });
    expect(card('lfdSoon').items[0]!.reason).toEqual([
      { kind: 'text', value: 'Detention last free day ' },
      { kind: 'day', value: '2026-06-11' },
      { kind: 'text', value: ' · 1 day left' },
    ]);
    expect(await oceanListIds(ws, 'lfdSoon')).toEqual([delivered]);
    // The list names the same clock, day and days left.
    const [row] = (await listOceanShipments(ctx.db, readerOf(ws), oceanListQuerySchema.parse({}), NOW)).items;
    expect(row!.freeTime).toMatchObject({
      clock: 'detention',
      lastFreeDay: '2026-06-11',
      daysLeft: 1,
      demurrage: { state: 'stopped', lastFreeDay: '2026-06-10', daysLeft: null },
      detention: { state: 'running', lastFreeDay: '2026-06-11', daysLeft: 1 },
    });
  });

  it('counts days in the port’s calendar: evening in Los Angeles is still its last free day', async () => {
    const team = await buildTeam(app, ctx);
    const ws = team.defaultWorkspaceId;
    const la = { locode: 'USLAX', name: 'Los Angeles' };
    const inLa = await addOcean(ws, ship({ lfd: '2026-06-10', pod: la }));
    const inRotterdam = await addOcean(ws, ship({ lfd: '2026-06-10' }));
    // 20:00 on 10 June in Los Angeles, 05:00 on 11 June in Rotterdam.
    const evening = new Date('2026-06-11T03:00:00.000Z');
    const dashboard = await oceanDashboard(ctx.db, ws, evening);
    const ids = (rule: OceanAttentionRule) =>
      dashboard.attentionVO.find((a) => a.rule === rule)!.items.map((i) => i.id);
    expect(ids('lfdToday')).toEqual([inLa]);
    expect(ids('lfdPassed')).toEqual([inRotterdam]);
  });

  it('counts days in the port’s calendar on both sides of UTC at once', async () => {
    const team = await buildTeam(app, ctx);
    const ws = team.defaultWorkspaceId;
    // 23:00 on 10 June in UTC: 16:00 on 10 June in Los Angeles, 01:00 on 11 June in Rotterdam and
    // 11:00 on 11 June in Auckland.
    const late = new Date('2026-06-10T23:00:00.000Z');
    const inLa = await addOcean(
      ws,
      ship({ lfd: '2026-06-10', pod: { locode: 'USLAX', name: 'Los Angeles' } }),
    );
    const inAuckland = await addOcean(
      ws,
      ship({ lfd: '2026-06-11', pod: { locode: 'NZAKL', name: 'Auckland' } }),
    );
    const inRotterdam = await addOcean(ws, ship({ lfd: '2026-06-10' }));
    const dashboard = await oceanDashboard(ctx.db, ws, late);
    const ids = (rule: OceanAttentionRule) =>
      dashboard.attentionVO
        .find((a) => a.rule === rule)!
        .items.map((i) => i.id)
        .sort();
    expect(ids('lfdToday')).toEqual([inLa, inAuckland].sort());
    expect(ids('lfdPassed')).toEqual([inRotterdam]);
  });

  it('sends dates as dates in every reason, never written into its words', async () => {
    const team = await buildTeam(app, ctx);
    const ws = team.defaultWorkspaceId;
    await addOcean(ws, ship({ lfd: '2026-06-09', discharged: true }));
    await addOcean(ws, ship({ etas: [at(10 * DAY), at(12 * DAY)] }));
    const dashboard = await oceanDashboard(ctx.db, ws, NOW);
    const parts = dashboard.attentionVO.flatMap((a) => a.items.flatMap((i) => i.reason));
    expect(parts.filter((p) => p.kind === 'day').map((p) => p.value)).toContain('2026-06-09');
    expect(parts.filter((p) => p.kind === 'eta').map((p) => p.value)).toContain(at(12 * DAY));
    for (const part of parts.filter((p) => p.kind === 'text'))
      expect(part.value).not.toMatch(/\d{4}-\d{2}-\d{2}|\d{1,2}\/\d{1,2}\/\d{4}/);
  });

  it('places a container on the water on its sea lane by elapsed time, others at their port', async () => {
    const team = await buildTeam(app, ctx);
    const ws = team.defaultWorkspaceId;
    const sailing = await addOcean(
      ws,
      ship({ departureVO: { etd: null, atd: at(-5 * DAY) }, arrivalVO: { eta: at(5 * DAY), ata: null } }),
    );
    const atPod = await addOcean(ws, ship({ discharged: true }));
    const { liveMapVO, statusBreakdown } = await oceanDashboard(ctx.db, ws, NOW);
    const [leg, ...others] = liveMapVO.legs;
    expect(others).toEqual([]);
    expect(leg!.count).toBe(2);
    // Shanghai to Rotterdam along the sea lanes, through Suez, never across land.
    expect(leg!.path[0]).toEqual([122.07, 30.63]);
    expect(leg!.path.at(-1)).toEqual([4.05, 51.95]);
    expect(pointsInland(leg!.path, [leg!.path[0]!, leg!.path.at(-1)!])).toEqual([]);
    expect(leg!.path.some(([lon, lat]) => lon > 32 && lon < 33 && lat > 29.5 && lat < 31.5)).toBe(true);
    // Halfway in time is halfway along the lane: at sea, on the drawn route (a straight line from
    // Shanghai put it in Uzbekistan, at 41.29, 63.06).
    const vessel = liveMapVO.positions.find((p) => p.kind === 'vessel')!;
    expect(vessel).toMatchObject({ name: 'EVER GIVEN', count: 1 });
    expect(vessel.items.map((i) => i.id)).toEqual([sailing]);
    const point: [number, number] = [vessel.lon, vessel.lat];
    expect(inland(point)).toBe(false);
    expect(Math.min(...drawnPoints(leg!.path, 2).map((p) => distanceKm(p, point)))).toBeLessThan(3);
    const port = liveMapVO.positions.find((p) => p.kind === 'port')!;
    expect(port).toMatchObject({ key: 'port:NLRTM', name: 'Rotterdam', count: 1 });
    expect(port.items[0]).toMatchObject({ id: atPod, link: { containerNo: expect.any(String) } });
    expect(statusBreakdown.find((s) => s.status === 'onWater')?.count).toBe(1);
    expect(statusBreakdown.find((s) => s.status === 'atDestination')?.count).toBe(1);
  });

  it('routes through the port calls the events name: via Durban round the Cape, not Suez', async () => {
    const team = await buildTeam(app, ctx);
    const ws = team.defaultWorkspaceId;
    await addOcean(ws, ship({ transshipments: [{ locode: 'ZADUR', name: 'Durban' }] }));
    const { liveMapVO } = await oceanDashboard(ctx.db, ws, NOW);
    const path = liveMapVO.legs[0]!.path;
    expect(Math.min(...path.map(([, lat]) => lat))).toBeLessThan(-33);
    expect(path.some(([lon, lat]) => lon > 32 && lon < 33 && lat > 29.5 && lat < 31.5)).toBe(false);
  });

  it('shows a delivered or emptied container as delivered at its port, not as a vessel', async () => {
    const team = await buildTeam(app, ctx);
    const ws = team.defaultWorkspaceId;
    const delivered = await addOcean(ws, ship({ status: 'delivered' }));
    const returned = await addOcean(ws, ship({ status: 'empty_returned' }));
    const { liveMapVO } = await oceanDashboard(ctx.db, ws, NOW);
    expect(liveMapVO.positions.map((p) => ({ ...p, items: p.items.map((i) => i.id).sort() }))).toEqual([
      {
        key: 'delivered:NLRTM',
        kind: 'delivered',
        name: 'Rotterdam',
        lat: 51.95,
        lon: 4.05,
        count: 2,
        items: [delivered, returned].sort(),
      },
    ]);
  });
});
