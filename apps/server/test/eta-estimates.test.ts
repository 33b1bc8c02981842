import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { DerivedShipment } from '@tracklane/shared/tracking/ocean/derive-shipment';
import { derivedView } from '@tracklane/shared/tracking/ocean/derive-shipment.test-support';
import { issuedEtas, shipmentArrivals } from '../src/db/schema/reliability';
import { trackedItems } from '../src/db/schema/tracking';
import { oceanListColumns } from '../src/modules/ocean-shipments/ocean-mode';
import { recordTracklaneEstimates } from '../src/modules/ocean-shipments/eta/tracklane-history';
import { measureItems } from '../src/modules/ocean-shipments/reliability/arrival-facts';
import { useTestApp } from './app';
import { alsoFollowedBy, followedContainer } from './support/followed-shipments';
import { buildTeam } from './factories';

const { app, ctx } = await useTestApp();

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const iso = (ms: number) => new Date(ms).toISOString();
const port = (locode: string) => ({ locode, name: null });
const NOW = Date.now();

/** A box of MAEU from Shanghai to `pod`, its one ETA published long before. */
function derivedOf(pod: string, eta: number, ata: number | null): DerivedShipment {
  return derivedView({
    departureVO: { etd: null, atd: iso(eta - 30 * DAY) },
    arrivalVO: { eta: iso(eta), ata: ata === null ? null : iso(ata) },
    pol: port('CNSHA'),
    pod: port(pod),
    status: ata === null ? 'in_transit' : 'arrived',
    etaHistory: [{ eta: iso(eta), classifier: 'EST', recordedAt: iso(eta - 40 * DAY) }],
    lastActualAt: ata === null ? null : iso(ata),
  });
}

async function follow(workspaceId: string, derived: DerivedShipment) {
  const { item } = await followedContainer(ctx.db, workspaceId, oceanListColumns(derived, 'active'), {
    carrier: 'MAEU',
    derived,
    changedAt: new Date(),
  });
  return { item, itemId: item.id, number: item.trackingNo, reference: item.reference };
}

/** Arrivals `lateHours[i]` hours after their one ETA, on the lane to `pod`, measured. */
async function arrivals(workspaceId: string, pod: string, lateHours: number[]) {
  const ids: string[] = [];
  for (const [i, late] of lateHours.entries()) {
    const eta = NOW - (60 + i) * DAY;
    ids.push((await follow(workspaceId, derivedOf(pod, eta, eta + late * HOUR))).itemId);
  }
  await measureItems(ctx.db, ids);
}

const get = (cookie: string, url: string) => app.inject({ method: 'GET', url, headers: { cookie } });
// 0, 1, …, 20 hours late: median 10, p10 2, p90 18.
const ZERO_TO_TWENTY = Array.from({ length: 21 }, (_, i) => i);

describe('ETA source, band and Tracklane estimate', () => {
  it("corrects the carrier's ETA by the organization's own measured bias, never another's", async () => {
    const mine = await buildTeam(app, ctx);
    const theirs = await buildTeam(app, ctx);
    const pod = 'NLRTM';
    await arrivals(mine.defaultWorkspaceId, pod, ZERO_TO_TWENTY);
    // Another organization, same carrier and lane, 100 h late every time.
    await arrivals(theirs.defaultWorkspaceId, pod, Array<number>(21).fill(100));

    const eta = NOW + 5 * DAY;
    const box = await follow(mine.defaultWorkspaceId, derivedOf(pod, eta, null));
    const res = await get(mine.owner.cookie, `/api/shipments/ocean/${box.number}/${box.reference}`);
    expect(res.statusCode, res.body).toBe(200);
    const detail = res.json().result;
    expect(detail.arrivalVO.eta).toBe(iso(eta));
    expect(detail.arrivalEstimates).toEqual({
      used: 'carrier',
      estimates: [
        {
          source: 'carrier',
          kind: 'port',
          eta: iso(eta),
          issuedAt: iso(eta - 40 * DAY),
          biasHours: null,
          confidence: { horizonDays: 7, samples: 21, from: iso(eta + 2 * HOUR), to: iso(eta + 18 * HOUR) },
        },
        {
          source: 'tracklane',
          kind: 'port',
          eta: iso(eta + 10 * HOUR),
          issuedAt: iso(eta - 40 * DAY),
          biasHours: 10,
          confidence: { horizonDays: 7, samples: 21, from: iso(eta + 2 * HOUR), to: iso(eta + 18 * HOUR) },
        },
      ],
    });

    // The other organization's box on the lane is corrected by its own 100 h alone.
    const other = await follow(theirs.defaultWorkspaceId, derivedOf(pod, eta, null));
    const list = (await get(theirs.owner.cookie, '/api/shipments/ocean')).json().result;
    const row = list.items.find((s: { containerNo: string }) => s.containerNo === other.number);
    expect(row.arrivalEstimates.estimates[1]).toMatchObject({ source: 'tracklane', biasHours: 100 });
    expect(row.arrivalEstimates.estimates[1].confidence.samples).toBe(21);
  });

  it('gives no band and no estimate below 20 measured arrivals, and none once arrived', async () => {
    const team = await buildTeam(app, ctx);
    await arrivals(team.defaultWorkspaceId, 'DEHAM', ZERO_TO_TWENTY.slice(0, 19));
    const eta = NOW + 5 * DAY;
    const box = await follow(team.defaultWorkspaceId, derivedOf('DEHAM', eta, null));
    const list = (await get(team.owner.cookie, '/api/shipments/ocean')).json().result;
    const row = list.items.find((s: { containerNo: string }) => s.containerNo === box.number);
    expect(row.arrivalEstimates.estimates).toEqual([
      expect.objectContaining({ source: 'carrier', confidence: null }),
    ]);
    const arrived = list.items.filter((s: { arrivalVO: { ata: string | null } }) => s.arrivalVO.ata);
    expect(arrived).toHaveLength(19);
    for (const s of arrived) expect(s.arrivalEstimates).toEqual({ used: null, estimates: [] });
  });

  it("keeps Tracklane's estimate as each organization is shown it, and measures it on arrival", async () => {
    const mine = await buildTeam(app, ctx);
    const theirs = await buildTeam(app, ctx);
    const pod = 'BEANR';
    await arrivals(mine.defaultWorkspaceId, pod, ZERO_TO_TWENTY);
    const eta = NOW + 5 * DAY;
    const box = await follow(mine.defaultWorkspaceId, derivedOf(pod, eta, null));
    // The other organization follows the same item, with no measured arrivals of its own.
    await alsoFollowedBy(
      ctx.db,
      theirs.defaultWorkspaceId,
      box.item,
      oceanListColumns(derivedOf(pod, eta, null), 'active'),
    );
    const kept = () =>
      ctx.db
        .select({ organizationId: issuedEtas.organizationId, eta: issuedEtas.eta })
        .from(issuedEtas)
        .where(and(eq(issuedEtas.itemId, box.itemId), eq(issuedEtas.source, 'tracklane')))
        .orderBy(issuedEtas.issuedAt);
    const now = new Date(NOW);
    await recordTracklaneEstimates(ctx.db, [box.itemId], now);
    // Shown again unchanged: nothing more kept.
    await recordTracklaneEstimates(ctx.db, [box.itemId], new Date(NOW + HOUR));
    expect(await kept()).toEqual([{ organizationId: mine.organizationId, eta: new Date(eta + 10 * HOUR) }]);

    // The carrier moves its ETA a day: the estimate moves with it.
    const later = eta + DAY;
    await ctx.db
      .update(trackedItems)
      .set({ derived: derivedOf(pod, later, null) })
      .where(eq(trackedItems.id, box.itemId));
    await recordTracklaneEstimates(ctx.db, [box.itemId], new Date(NOW + 2 * HOUR));
    expect((await kept()).map((k) => k.eta)).toEqual([
      new Date(eta + 10 * HOUR),
      new Date(later + 10 * HOUR),
    ]);

    // It arrives 12 hours after the carrier's ETA, 6½ days from now: 3 and 1 days before, Tracklane's
    // estimate stood 2 hours early; 7 and 14 days before none had been shown yet. Its organization's alone.
    const arrived = derivedOf(pod, later, later + 12 * HOUR);
    await ctx.db.update(trackedItems).set({ derived: arrived }).where(eq(trackedItems.id, box.itemId));
    await recordTracklaneEstimates(ctx.db, [box.itemId], new Date(later));
    await measureItems(ctx.db, [box.itemId]);
    const facts = await ctx.db
      .select({ organizationId: shipmentArrivals.organizationId, errorHours: shipmentArrivals.errorHours })
      .from(shipmentArrivals)
      .where(and(eq(shipmentArrivals.itemId, box.itemId), eq(shipmentArrivals.source, 'tracklane')));
    expect(facts).toEqual([{ organizationId: mine.organizationId, errorHours: [null, null, 2, 2] }]);
  });

  it("bands Tracklane's estimate by its own measured errors once it has enough", async () => {
    const team = await buildTeam(app, ctx);
    const pod = 'ESVLC';
    const ids: string[] = [];
    for (const [i, late] of ZERO_TO_TWENTY.entries()) {
      const eta = NOW - (60 + i) * DAY;
      const arrived = eta + late * HOUR;
      const { itemId } = await follow(team.defaultWorkspaceId, derivedOf(pod, eta, arrived));
      // Tracklane's estimate, as shown 40 days before: always one hour early.
      await ctx.db.insert(issuedEtas).values({
        itemId,
        source: 'tracklane',
        organizationId: team.organizationId,
        eta: new Date(arrived - HOUR),
        issuedAt: new Date(eta - 40 * DAY),
      });
      ids.push(itemId);
    }
    await measureItems(ctx.db, ids);
    const eta = NOW + 5 * DAY;
    const box = await follow(team.defaultWorkspaceId, derivedOf(pod, eta, null));
    const res = await get(team.owner.cookie, `/api/shipments/ocean/${box.number}/${box.reference}`);
    const own = res
      .json()
      .result.arrivalEstimates.estimates.find((e: { source: string }) => e.source === 'tracklane');
    // Corrected by the carrier's median error (10 h); banded by its own errors (+1 h every time).
    expect(own).toMatchObject({
      eta: iso(eta + 10 * HOUR),
      biasHours: 10,
      confidence: { horizonDays: 7, samples: 21, from: iso(eta + 11 * HOUR), to: iso(eta + 11 * HOUR) },
    });
  });
});
