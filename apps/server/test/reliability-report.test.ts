import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { DerivedShipment } from '@tracklane/shared/tracking/ocean/derive-shipment';
import { derivedView } from '@tracklane/shared/tracking/ocean/derive-shipment.test-support';
import { reliabilityRollups, shipmentArrivals } from '../src/db/schema/reliability';
import { oceanShipments, trackedItems } from '../src/db/schema/tracking';
import { oceanListColumns } from '../src/modules/ocean-shipments/ocean-mode';
import {
  catchUpArrivals,
  measureChangedItems,
  measureItems,
} from '../src/modules/ocean-shipments/reliability/arrival-facts';
import { useTestApp } from './app';
import { addMember, buildTeam, containerNo, createWorkspaceAs, mbl } from './factories';

const { app, ctx } = await useTestApp();

/** Day `n` of March 2026 (April continues: 32 is 1 April) at `hour` UTC. */
const day = (n: number, hour = 0) => new Date(Date.UTC(2026, 2, n, hour)).toISOString();
const port = (locode: string) => ({ locode, name: null });
const vessel = (name: string) => ({ name, imo: null, voyage: '1W' });

interface Journey {
  carrier: string;
  pod: string;
  /** [eta, issuedAt] pairs, in the order the carrier gave them. */
  etas: [string, string][];
  ata: string | null;
  via?: string[];
  rolls?: number;
}

function derivedOf(journey: Journey): DerivedShipment {
  return derivedView({
    departureVO: { etd: null, atd: day(1) },
    arrivalVO: { eta: journey.etas.at(-1)?.[0] ?? null, ata: journey.ata },
    pol: port('CNSHA'),
    pod: port(journey.pod),
    transshipments: (journey.via ?? []).map(port),
    status: journey.ata ? 'arrived' : 'in_transit',
    etaHistory: journey.etas.map(([eta, recordedAt]) => ({ eta, classifier: 'EST', recordedAt })),
    rolls: Array.from({ length: journey.rolls ?? 0 }, () => ({
      port: port('CNSHA'),
      from: vessel('A'),
      to: vessel('B'),
      recordedAt: day(2),
    })),
    lastActualAt: journey.ata,
  });
}

async function follow(workspaceId: string, journey: Journey, itemId?: string, tags: string[] = []) {
  const derived = derivedOf(journey);
  const id =
    itemId ??
    (
      await ctx.db
        .insert(trackedItems)
        .values({
          mode: 'ocean',
          trackingNo: containerNo(),
          reference: mbl(),
          carrier: journey.carrier,
          state: 'active',
          derived,
          changedAt: new Date(),
        })
        .returning()
    )[0]!.id;
  await ctx.db.insert(oceanShipments).values({
    workspaceId,
    itemId: id,
    containerNo: containerNo(),
    mblNo: mbl(),
    carrierScac: journey.carrier,
    tags,
    ...oceanListColumns(derived, 'active'),
  });
  return id;
}

// Three arrivals in March–April with known answers, one not yet arrived, one arrived in January.
const ON_TIME: Journey = { carrier: 'MAEU', pod: 'NLRTM', etas: [[day(20), day(1)]], ata: day(20, 12) };
const LATE_4_DAYS: Journey = {
  carrier: 'MAEU',
  pod: 'NLRTM',
  etas: [
    [day(20), day(1)],
    [day(23), day(15)],
  ],
  ata: day(24),
  via: ['SGSIN'],
  rolls: 1,
};
const LATE_2_DAYS: Journey = {
  carrier: 'HLCU',
  pod: 'DEHAM',
  etas: [[day(41), day(25)]],
  ata: day(43),
  via: ['SGSIN'],
};
const AT_SEA: Journey = { carrier: 'HLCU', pod: 'DEHAM', etas: [[day(45), day(20)]], ata: null };
const JANUARY: Journey = { carrier: 'MAEU', pod: 'NLRTM', etas: [[day(-50), day(-70)]], ata: day(-50) };

async function workspaceWithArrivals() {
  const team = await buildTeam(app, ctx);
  const ws = team.defaultWorkspaceId;
  const ids = [
    await follow(ws, ON_TIME, undefined, ['reefer']),
    await follow(ws, LATE_4_DAYS),
    await follow(ws, LATE_2_DAYS),
    await follow(ws, AT_SEA),
    await follow(ws, JANUARY),
  ];
  await measureItems(ctx.db, ids);
  return { team, ids };
}

const get = (cookie: string, url: string) => app.inject({ method: 'GET', url, headers: { cookie } });
const PERIOD = 'from=2026-03&to=2026-04';

describe('GET /api/reliability', () => {
  it('reads the known answers from the monthly roll-ups of the stored histories', async () => {
    const { team } = await workspaceWithArrivals();
    // The page reads roll-ups: one row per month, carrier, lane and route of the workspace.
    const rollups = await ctx.db
      .select()
      .from(reliabilityRollups)
      .where(eq(reliabilityRollups.workspaceId, team.defaultWorkspaceId));
    expect(rollups.map((r) => [r.month, r.carrier, r.podLocode, r.transshipments, r.arrived]).sort()).toEqual(
      [
        ['2026-01-01', 'MAEU', 'NLRTM', [], 1],
        ['2026-03-01', 'MAEU', 'NLRTM', [], 1],
        ['2026-03-01', 'MAEU', 'NLRTM', ['SGSIN'], 1],
        ['2026-04-01', 'HLCU', 'DEHAM', ['SGSIN'], 1],
      ],
    );

    const res = await get(team.owner.cookie, `/api/reliability?${PERIOD}`);
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json().result;
    expect(report.overall).toMatchObject({
      arrived: 3,
      judged: 3,
      onTime: 1,
      late: 2,
      avgDelayHours: 72,
      // Delays 48 and 96 h: the 90th percentile falls on 96's bucket, where 96 is the only delay.
      p90DelayHours: 96,
      rolls: 1,
    });
    expect(report.overall.onTimeShare).toBeCloseTo(1 / 3);
    // 14 days out: errors 12, 96, 48 hours; 7, 3 and 1 day out: 12, 24, 48.
    expect(report.overall.horizons).toEqual([
      { source: 'carrier', days: 14, samples: 3, meanAbsErrorHours: 52, meanErrorHours: 52 },
      { source: 'carrier', days: 7, samples: 3, meanAbsErrorHours: 28, meanErrorHours: 28 },
      { source: 'carrier', days: 3, samples: 3, meanAbsErrorHours: 28, meanErrorHours: 28 },
      { source: 'carrier', days: 1, samples: 3, meanAbsErrorHours: 28, meanErrorHours: 28 },
    ]);
    expect(
      report.carriers.map((c: { carrier: string; arrived: number; onTimeShare: number }) => [
        c.carrier,
        c.arrived,
        c.onTimeShare,
      ]),
    ).toEqual([
      ['MAEU', 2, 0.5],
      ['HLCU', 1, 0],
    ]);
    expect(
      report.lanes.map((l: { pol: string; pod: string; arrived: number }) => [l.pod, l.arrived]),
    ).toEqual([
      ['NLRTM', 2],
      ['DEHAM', 1],
    ]);
    expect(report.transshipments).toHaveLength(1);
    expect(report.transshipments[0]).toMatchObject({
      port: 'SGSIN',
      arrived: 2,
      onTime: 0,
      late: 2,
      avgDelayHours: 72,
    });
    expect(report.months.map((m: { month: string; arrived: number }) => [m.month, m.arrived])).toEqual([
      ['2026-03', 2],
      ['2026-04', 1],
    ]);
  });

  it('narrows by carrier, lane and tag, and still offers every carrier and lane of the period', async () => {
    const { team } = await workspaceWithArrivals();
    const byCarrier = (await get(team.owner.cookie, `/api/reliability?${PERIOD}&carrier=hlcu`)).json().result;
    expect(byCarrier.overall).toMatchObject({ arrived: 1, late: 1, avgDelayHours: 48 });
    expect(byCarrier.options.carriers).toEqual(['HLCU', 'MAEU']);
    const byLane = (await get(team.owner.cookie, `/api/reliability?${PERIOD}&pol=CNSHA&pod=NLRTM`)).json()
      .result;
    expect(byLane.overall).toMatchObject({ arrived: 2, onTime: 1, late: 1, avgDelayHours: 96 });
    const tagged = await get(team.owner.cookie, `/api/reliability?${PERIOD}&tag=reefer`);
    expect(tagged.statusCode, tagged.body).toBe(200);
    const byTag = tagged.json().result;
    expect(byTag.overall).toMatchObject({ arrived: 1, onTime: 1, late: 0, avgDelayHours: null });
    expect(byTag.overall.horizons[0]).toMatchObject({ days: 14, samples: 1, meanErrorHours: 12 });
    const january = (await get(team.owner.cookie, `/api/reliability?from=2026-01&to=2026-01`)).json().result;
    expect(january.overall).toMatchObject({ arrived: 1, onTime: 1 });
  });

  it("shows another tenant nothing of this one's arrivals, and refuses members who may not see shipments", async () => {
    const { team } = await workspaceWithArrivals();
    const stranger = await buildTeam(app, ctx);
    const theirs = (await get(stranger.owner.cookie, `/api/reliability?${PERIOD}`)).json().result;
    expect(theirs.overall.arrived).toBe(0);
    expect(theirs.carriers).toEqual([]);
    expect(theirs.options).toEqual({ carriers: [], lanes: [] });
    const theirOrg = (await get(stranger.owner.cookie, `/api/reliability/organization?${PERIOD}`)).json()
      .result;
    expect(theirOrg.overall.arrived).toBe(0);
    const blind = await addMember(app, ctx, team, { shipmentPermission: 2 });
    const refused = await get(blind.cookie, `/api/reliability?${PERIOD}`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().success).toBe(false);
    expect((await app.inject({ method: 'GET', url: `/api/reliability?${PERIOD}` })).statusCode).toBe(401);
  });

  it('answers bad periods and filters with a 400', async () => {
    const { team } = await workspaceWithArrivals();
    for (const query of [
      '',
      'from=2026-03',
      'from=2026-04&to=2026-03',
      'from=2022-01&to=2026-03',
      'from=2026-13&to=2026-14',
      'from=2026-03-01&to=2026-04-30',
      `${PERIOD}&carrier=${'X'.repeat(40)}`,
      `${PERIOD}&tag=`,
      `${PERIOD}&unknown=1`,
    ]) {
      const res = await get(team.owner.cookie, `/api/reliability?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().success).toBe(false);
    }
  });
});

describe('GET /api/reliability/organization', () => {
  it("counts each container once over the organization's workspaces, for company admins only", async () => {
    const { team, ids } = await workspaceWithArrivals();
    const second = await createWorkspaceAs(app, team.owner.cookie, `Second ${containerNo()}`);
    // The same container followed by both workspaces, and one more arrival of the second's own.
    await follow(second, ON_TIME, ids[0]);
    const own = await follow(second, { ...ON_TIME, carrier: 'CMDU' });
    await measureItems(ctx.db, [ids[0]!, own]);
    const res = await get(team.owner.cookie, `/api/reliability/organization?${PERIOD}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().result).toMatchObject({ scope: 'organization', overall: { arrived: 4, onTime: 2 } });
    // Each workspace still counts what it follows.
    const workspace = (await get(team.owner.cookie, `/api/reliability?${PERIOD}`)).json().result;
    expect(workspace.overall.arrived).toBe(3);
    const member = await addMember(app, ctx, team, { shipmentPermission: 0 });
    expect((await get(member.cookie, `/api/reliability/organization?${PERIOD}`)).statusCode).toBe(403);
    expect((await get(member.cookie, `/api/reliability?${PERIOD}`)).statusCode).toBe(200);
  });
});

describe('arrival facts', () => {
  it('are written when the engine announces an arrival, and caught up when it was missed', async () => {
    const team = await buildTeam(app, ctx);
    const id = await follow(team.defaultWorkspaceId, AT_SEA);
    const announce = () =>
      measureChangedItems({
        tx: ctx.db,
        modes: ctx.tracking.modes,
        now: new Date(),
        items: [
          {
            itemId: id,
            mode: 'ocean',
            changes: [],
            trackingEventIds: [],
            columnsChanged: true,
            silenceEnded: false,
          },
        ],
      });
    await announce();
    expect(await ctx.db.select().from(shipmentArrivals).where(eq(shipmentArrivals.itemId, id))).toEqual([]);

    await ctx.db
      .update(trackedItems)
      .set({ derived: derivedOf({ ...AT_SEA, ata: day(46) }), changedAt: new Date() })
      .where(eq(trackedItems.id, id));
    await announce();
    const [fact] = await ctx.db.select().from(shipmentArrivals).where(eq(shipmentArrivals.itemId, id));
    // Issued on day 20 for day 45, it stood at every horizon and was a day off: on time.
    expect(fact).toMatchObject({ source: 'carrier', carrier: 'HLCU', onTime: true, delayHours: null });
    expect(fact?.errorHours).toEqual([24, 24, 24, 24]);
    const page = (await get(team.owner.cookie, `/api/reliability?${PERIOD}`)).json().result;
    expect(page.overall).toMatchObject({ arrived: 1, onTime: 1 });

    // Its arrival is corrected to April 20th: it leaves April's 15th roll-up... and lands late.
    await ctx.db
      .update(trackedItems)
      .set({ derived: derivedOf({ ...AT_SEA, ata: day(51) }), changedAt: new Date() })
      .where(eq(trackedItems.id, id));
    await announce();
    const moved = (await get(team.owner.cookie, `/api/reliability?${PERIOD}`)).json().result;
    expect(moved.overall).toMatchObject({ arrived: 1, onTime: 0, late: 1, avgDelayHours: 144 });

    // A workspace that starts following the box after it arrived is caught up.
    const later = await createWorkspaceAs(app, team.owner.cookie, `Later ${containerNo()}`);
    await follow(later, AT_SEA, id);
    expect(await catchUpArrivals(ctx.db)).toBeGreaterThanOrEqual(1);
    const [theirs] = await ctx.db
      .select()
      .from(reliabilityRollups)
      .where(eq(reliabilityRollups.workspaceId, later));
    expect(theirs).toMatchObject({ month: '2026-04-01', carrier: 'HLCU', arrived: 1, late: 1 });
    expect(await catchUpArrivals(ctx.db)).toBe(0);
  });

  it('backfills arrivals that happened before facts were kept', async () => {
    const team = await buildTeam(app, ctx);
    const id = await follow(team.defaultWorkspaceId, LATE_2_DAYS);
    expect(await ctx.db.select().from(shipmentArrivals).where(eq(shipmentArrivals.itemId, id))).toEqual([]);
    await catchUpArrivals(ctx.db);
    const page = (await get(team.owner.cookie, `/api/reliability?${PERIOD}`)).json().result;
    expect(page.overall).toMatchObject({ arrived: 1, late: 1, avgDelayHours: 48, p90DelayHours: 48 });
  });
});
