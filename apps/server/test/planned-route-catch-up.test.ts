import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { DerivedShipment } from '@tracklane/shared/tracking/ocean/derive-shipment';
import { trackedItems } from '../src/db/schema/tracking';
import { catchUpPlannedRoutes } from '../src/modules/ocean-shipments/planned-route-catch-up';
import { buildTeam } from './factories';
import { FEEDER, MAINLINER, useDcsaJourneys } from './support/exception-journeys';

const { app, ctx, T0, day, transport, equipment, follow, answer, refresh, sweep, ofType } =
  await useDcsaJourneys();
const DAY = 86_400_000;

/** Shanghai to Rotterdam through Singapore, the mainliner calling at Colombo on its way. */
function plan(box: string, withColombo: boolean) {
  return [
    equipment(box, 'LOAD', 'PLN', day(5), 'CNSHA', 0, { ship: FEEDER, sequence: 1 }),
    transport('DEPA', 'PLN', day(5, 6), 'CNSHA', FEEDER, 1, 0),
    transport('ARRI', 'PLN', day(12), 'SGSIN', FEEDER, 2, 0),
    equipment(box, 'DISC', 'PLN', day(12, 8), 'SGSIN', 0, { ship: FEEDER, sequence: 2 }),
    equipment(box, 'LOAD', 'PLN', day(15, -6), 'SGSIN', 0, { ship: MAINLINER, sequence: 1 }),
    transport('DEPA', 'PLN', day(15), 'SGSIN', MAINLINER, 1, 0),
    ...(withColombo
      ? [
          transport('ARRI', 'PLN', day(20), 'LKCMB', MAINLINER, 2, 0),
          transport('DEPA', 'PLN', day(21), 'LKCMB', MAINLINER, 2, 0),
        ]
      : []),
    transport('ARRI', 'PLN', day(38), 'NLRTM', MAINLINER, 4, 0),
    equipment(box, 'DISC', 'PLN', day(38, 10), 'NLRTM', 0, { ship: MAINLINER, sequence: 4 }),
  ];
}

const itemRow = async (itemId: string) =>
  (await ctx.db.select().from(trackedItems).where(eq(trackedItems.id, itemId)))[0]!;

/** The item's view as a derivation before the first published route was kept stored it. */
async function storeAsBefore(itemId: string) {
  const derived = structuredClone((await itemRow(itemId)).derived) as DerivedShipment;
  delete derived.plannedRoute;
  for (const leg of derived.legs ?? []) delete leg.departure.plannedEtd;
  await ctx.db.update(trackedItems).set({ derived }).where(eq(trackedItems.id, itemId));
}

describe('catching up views derived before the first published route was kept', () => {
  it('derives such a view again from its events, and the route exception follows', async () => {
    const team = await buildTeam(app, ctx);
    const { box, itemId, subId } = await follow(team);
    answer(box, plan(box, true));
    await refresh(itemId, 1);
    // Day 3: the carrier no longer lists Colombo.
    answer(box, plan(box, false));
    await refresh(itemId, 3);
    expect(await ofType(subId, 'port_changed')).toEqual([['open', 'Route changed: LKCMB omitted']]);

    // Stored without the first route: the rules find nothing, and the sweep ends the episode.
    await storeAsBefore(itemId);
    await sweep(3.1);
    expect(await ofType(subId, 'port_changed')).toEqual([['auto_resolved', 'Route changed: LKCMB omitted']]);
    const before = await itemRow(itemId);
    expect((before.derived as DerivedShipment).plannedRoute).toBeUndefined();

    expect(await catchUpPlannedRoutes(ctx, ctx.tracking, new Date(T0 + 3.2 * DAY))).toBe(1);
    const after = await itemRow(itemId);
    const view = after.derived as DerivedShipment;
    expect(view.plannedRoute?.map((p) => p.locode)).toEqual(['CNSHA', 'SGSIN', 'LKCMB', 'NLRTM']);
    expect(view.legs?.[0]?.departure.plannedEtd).toBe(day(5, 6));
    expect(await ofType(subId, 'port_changed')).toEqual([
      ['auto_resolved', 'Route changed: LKCMB omitted'],
      ['open', 'Route changed: LKCMB omitted'],
    ]);
    // The carrier's data did not move: its schedule stays as it was.
    expect(after.changedAt).toEqual(before.changedAt);
    expect(after.nextCheckAt).toEqual(before.nextCheckAt);

    // Idempotent: nothing is left to catch up, and the episode stays the one.
    expect(await catchUpPlannedRoutes(ctx, ctx.tracking, new Date(T0 + 3.3 * DAY))).toBe(0);
    expect((await ofType(subId, 'port_changed')).map(([state]) => state)).toEqual(['auto_resolved', 'open']);
  });
});
