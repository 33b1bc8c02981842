import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  EXPRESS_ATTENTION_RULES,
  OCEAN_ATTENTION_RULES,
  type ExpressAttentionRule,
  type OceanAttentionRule,
} from '@tracklane/shared/dashboard/dashboard.schema';
import { expressListQuerySchema } from '@tracklane/shared/express-shipments/express-shipments.schema';
import type { DerivedParcel } from '@tracklane/shared/express/derived-parcel';
import type { ParcelPlace } from '@tracklane/shared/express/parcel-event';
import { oceanListQuerySchema } from '@tracklane/shared/ocean-shipments/ocean-shipments.schema';
import type { DerivedShipment } from '@tracklane/shared/tracking/derive-shipment';
import { drawnPoints, inland, pointsInland } from '@tracklane/shared/tracking/sea-lanes/land.test-support';
import { distanceKm } from '@tracklane/shared/tracking/sea-lanes/sea-routes';
import {
  expressShipments,
  oceanShipments,
  trackedItems,
  type TrackingState,
} from '../src/db/schema/tracking';
import { STALE_AFTER_FAILURES } from '../src/modules/dashboard/attention';
import { updateFreeTimeClocks } from '../src/modules/free-time/free-time-clocks';
import { oceanDashboard } from '../src/modules/ocean-shipments/ocean-dashboard';
import { expressDashboard } from '../src/modules/express-shipments/express-dashboard';
import { expressListColumns } from '../src/modules/express-shipments/express-mode';
import { listExpressShipments } from '../src/modules/express-shipments/express-shipments.service';
import { oceanListColumns } from '../src/modules/ocean-shipments/ocean-mode';
import { listOceanShipments } from '../src/modules/ocean-shipments/ocean-shipments.service';
import { useTestApp } from './app';
import { addMember, buildTeam, containerNo, mbl } from './factories';

const { app, ctx } = await useTestApp();

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** A Wednesday, noon UTC. */
const NOW = new Date('2026-06-10T12:00:00.000Z');
const at = (offsetMs: number) => new Date(NOW.getTime() + offsetMs).toISOString();

interface Sub {
  state?: TrackingState;
  archived?: boolean;
  lastCheckedAt?: Date | null;
  consecutiveFailures?: number;
}

const pod = { locode: 'NLRTM', name: 'Rotterdam' };

function ship(
  over: Partial<DerivedShipment> & {
    lfd?: string;
    etas?: string[];
    discharged?: boolean;
    gateOut?: string;
    returned?: string;
  } = {},
): DerivedShipment {
  const { lfd, etas, discharged, gateOut, returned, ...rest } = over;
  const act = (time: string | undefined) =>
    time ? { time, classifier: 'ACT' as const, location: pod } : null;
  const etaHistory = (etas ?? []).map((eta) => ({
    eta,
    classifier: 'EST' as const,
    recordedAt: at(-20 * DAY),
  }));
  return {
    shipmentOverall: {
      emptyGateOut: null,
      fullGateIn: null,
      loaded: null,
      lastFreeDay: lfd ? { time: lfd, classifier: 'EST', location: pod } : null,
      fullGateOut: act(gateOut),
      emptyReturned: act(returned),
      discharged: discharged ? { time: at(-3 * DAY), classifier: 'ACT', location: pod } : null,
      berthed: null,
    },
    departureVO: { etd: null, atd: at(-20 * DAY) },
    arrivalVO: { eta: etas?.at(-1) ?? null, ata: null },
    pol: { locode: 'CNSHA', name: 'Shanghai' },
    pod,
    transshipments: [],
    vessel: { name: 'EVER GIVEN', imo: null, voyage: null },
    status: discharged ? 'discharged' : 'in_transit',
    etaHistory,
    rolls: [],
    lastActualAt: null,
    ...rest,
  };
}

async function addOcean(workspaceId: string, derived: DerivedShipment | null, sub: Sub = {}) {
  const state = sub.state ?? 'active';
  const [item] = await ctx.db
    .insert(trackedItems)
    .values({
      mode: 'ocean',
      trackingNo: containerNo(),
      reference: mbl(),
      carrier: 'MAEU',
      state,
      derived,
      lastCheckedAt: sub.lastCheckedAt === undefined ? new Date(NOW.getTime() - HOUR) : sub.lastCheckedAt,
      consecutiveFailures: sub.consecutiveFailures ?? 0,
      ...(state === 'no_source' ? { scope: 'none' as const } : {}),
    })
    .returning();
  const [row] = await ctx.db
    .insert(oceanShipments)
    .values({
      workspaceId,
      itemId: item!.id,
      containerNo: item!.trackingNo,
      mblNo: item!.reference,
      carrierScac: 'MAEU',
      archived: sub.archived ?? false,
      ...oceanListColumns(derived, state),
    })
    .returning();
  // As the refresh does after copying the list columns: the clocks on the workspace's terms.
  await updateFreeTimeClocks(ctx.db, { itemIds: [item!.id] }, NOW);
  return row!.id;
}

const place = (city: string, lat: number | null = null, lon: number | null = null): ParcelPlace => ({
  name: city,
  city,
  countryCode: null,
  latitude: lat,
  longitude: lon,
});

function parcel(over: Partial<DerivedParcel> = {}): DerivedParcel {
  return {
    status: 'in_transit',
    subStatus: null,
    statusText: null,
    exceptionReason: null,
    service: null,
    origin: place('Leipzig'),
    destination: place('Paris'),
    lastLocation: null,
    lastEventAt: at(-HOUR),
    estimatedDelivery: at(2 * DAY),
    estimatedDeliveryHistory: [],
    pickedUpAt: null,
    deliveredAt: null,
    signedBy: null,
    failedAttempts: 0,
    firstEventAt: at(-2 * DAY),
    ...over,
  };
}

let parcelSerial = 0;
async function addParcel(workspaceId: string, derived: DerivedParcel | null, sub: Sub = {}) {
  const state = sub.state ?? 'active';
  const [item] = await ctx.db
    .insert(trackedItems)
    .values({
      mode: 'express',
      trackingNo: `DASH${String(parcelSerial++).padStart(8, '0')}`,
      carrier: 'dhl',
      state,
      derived,
      lastCheckedAt: sub.lastCheckedAt === undefined ? new Date(NOW.getTime() - HOUR) : sub.lastCheckedAt,
      ...(state === 'no_source' ? { scope: 'none' as const } : {}),
    })
    .returning();
  const [row] = await ctx.db
    .insert(expressShipments)
    .values({
      workspaceId,
      itemId: item!.id,
      trackingNo: item!.trackingNo,
      carrier: 'dhl',
      archived: sub.archived ?? false,
      ...expressListColumns(derived, state),
    })
    .returning();
  return row!.id;
}

const sorted = (ids: string[]) => [...ids].sort();

/** A list read by a member who has starred nothing: favourites play no part in these rules. */
const readerOf = (workspaceId: string) => ({ workspaceId, userId: randomUUID() });

async function oceanListIds(workspaceId: string, rule: OceanAttentionRule) {
  const query = oceanListQuerySchema.parse({ attention: rule, limit: 200 });
  return sorted(
    (await listOceanShipments(ctx.db, readerOf(workspaceId), query, NOW)).items.map(
      (i) => i.shipmentOverallId,
    ),
  );
}

async function expressListIds(workspaceId: string, rule: ExpressAttentionRule) {
  const query = expressListQuerySchema.parse({ attention: rule, limit: 200 });
  return sorted(
    (await listExpressShipments(ctx.db, readerOf(workspaceId), query, NOW)).expressTrackingDocumentList.map(
      (i) => i.expressOrderId,
    ),
  );
}

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

  it('sends dates as dates in every reason, never written into its words', async () => {
    const team = await buildTeam(app, ctx);
    const ws = team.defaultWorkspaceId;
    await addOcean(ws, ship({ lfd: '2026-06-09', discharged: true }));
    await addOcean(ws, ship({ etas: [at(10 * DAY), at(12 * DAY)] }));
    const dashboard = await oceanDashboard(ctx.db, ws, NOW);
    const parts = dashboard.attentionVO.flatMap((a) => a.items.flatMap((i) => i.reason));
    expect(parts.filter((p) => p.kind === 'day').map((p) => p.value)).toContain('2026-06-09');
    expect(parts.filter((p) => p.kind === 'instant').map((p) => p.value)).toContain(at(12 * DAY));
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
