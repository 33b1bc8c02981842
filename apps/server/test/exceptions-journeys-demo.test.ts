import { describe, expect, it } from 'vitest';
import { trackedItems, oceanShipments } from '../src/db/schema/tracking';
import { ITEMS_CHANGED_SUBSCRIBERS } from '../src/items-changed-subscribers';
import { createDemoCarrier, demoTraits } from '../src/integrations/tracking/demo-carrier';
import type { DisruptionKind } from '../src/integrations/tracking/demo-disruptions';
import { oneProvider } from '../src/integrations/tracking/sources';
import { createExpressMode } from '../src/modules/express-shipments/express-mode';
import { createOceanMode } from '../src/modules/ocean-shipments/ocean-mode';
import { refreshItem, type TrackingEngine } from '../src/modules/tracking/refresh.service';
import { buildTeam, containerNo, mbl } from './factories';
import { useExceptionsApp } from './support/exceptions';

const { app, ctx, db, exceptionsOf, sync } = await useExceptionsApp();
// The demo carrier answers every ocean question, as it does for a workspace that opted into demo data.
const engine: TrackingEngine = {
  modes: {
    ocean: createOceanMode(oneProvider(createDemoCarrier())),
    express: createExpressMode(oneProvider({ source: 'demo', track: async () => ({ status: 'not_found' }) })),
  },
  notFoundAttempts: 1,
  demoCarriers: true,
  onItemsChanged: ITEMS_CHANGED_SUBSCRIBERS,
};

const DAY = 86_400_000;
const STARTED = Date.parse('2026-06-01T00:00:00Z');

/** A demo number with these traits (a few dozen tries at most). */
function numberWith(wanted: (t: ReturnType<typeof demoTraits>) => boolean) {
  for (let tries = 0; tries < 5000; tries++) {
    const box = containerNo('MSCU');
    const bill = mbl();
    if (wanted(demoTraits(box, bill))) return { box, bill };
  }
  throw new Error('no demo number with these traits');
}

/**
 * Follows the number from STARTED and lives through its voyage a day at a time: a refresh, then the
 * rules over the time that passed (the sweep's part), with the carrier not asked on `silent` days.
 * @returns every exception it had, in order: [type, state, detail].
 */
async function journey(number: { box: string; bill: string }, silent: readonly number[] = []) {
  const team = await buildTeam(app, ctx);
  const [item] = await db
    .insert(trackedItems)
    .values({
      mode: 'ocean',
      trackingNo: number.box,
      reference: number.bill,
      carrier: 'MSCU',
      state: 'pending',
      trackingStartedAt: new Date(STARTED),
    })
    .returning();
  const [sub] = await db
    .insert(oceanShipments)
    .values({
      workspaceId: team.defaultWorkspaceId,
      itemId: item!.id,
      containerNo: number.box,
      mblNo: number.bill,
      carrierScac: 'MSCU',
      state: 'pending',
    })
    .returning();
  // From before its booking (a demo voyage began up to 47 days before tracking started) to its end.
  for (let day = -50; day <= 90; day++) {
    const now = new Date(STARTED + day * DAY + 12 * 3_600_000);
    if (!silent.includes(day)) await refreshItem(ctx, engine, item!.id, now);
    await sync('ocean', item!.id, now);
  }
  return (await exceptionsOf(sub!.id)).map((x) => [x.type, x.state, x.detail] as const);
}

/** The types it raised, and whether each of their exceptions cleared by itself. */
const summary = (rows: Awaited<ReturnType<typeof journey>>) => {
  const types = [...new Set(rows.map(([type]) => type))].sort();
  return Object.fromEntries(
    types.map((t) => [
      t,
      rows.filter(([type]) => type === t).every(([, state]) => state === 'auto_resolved'),
    ]),
  );
};

describe('exception journeys through the demo carrier', () => {
  it.each<[DisruptionKind, Record<string, boolean>, RegExp]>([
    ['omit', { port_changed: true }, /^Route changed: [A-Z]{5} omitted$/],
    ['add', { port_changed: true }, /^Route changed: [A-Z]{5} added$/],
    ['swap', { sequence_changed: true }, /^Port calls now .+ \(planned .+\)$/],
  ])('a voyage whose route changes (%s) raises it and clears it on arrival', async (kind, raised, text) => {
    const number = numberWith((t) => t.disruption?.kind === kind && !t.rolled);
    const rows = await journey(number);
    expect(summary(rows)).toMatchObject(raised);
    const [type] = Object.keys(raised);
    expect(rows.filter(([t]) => t === type).map(([, , detail]) => detail)).toEqual([
      expect.stringMatching(text),
    ]);
    expect(summary(rows)).not.toHaveProperty('transshipment_delayed');
  });

  it('a missed connection raises the connection at risk, then the wait at the transshipment port, then clears', async () => {
    const rows = await journey(numberWith((t) => t.disruption?.kind === 'missed' && !t.rolled));
    expect(summary(rows)).toMatchObject({
      connection_at_risk: true,
      transshipment_delayed: true,
      eta_slipped: true,
    });
    const order = rows.map(([type]) => type);
    expect(order.indexOf('connection_at_risk')).toBeLessThan(order.indexOf('transshipment_delayed'));
    expect(rows.find(([t]) => t === 'transshipment_delayed')![2]).toMatch(
      /^Next departure from [A-Z]{5} 96 h later than planned$/,
    );
  });

  it('a late empty return raises detention at risk and passed and the empty not returned, cleared once back', async () => {
    const rows = await journey(numberWith((t) => t.disruption?.kind === 'late_empty' && !t.rolled));
    expect(summary(rows)).toMatchObject({ lfd_at_risk: true, lfd_passed: true, empty_not_returned: true });
    expect(summary(rows)).not.toHaveProperty('port_changed');
  });

  it('a rolled booking raises the roll and clears it on arrival; a silent carrier raises no update', async () => {
    const rows = await journey(
      numberWith((t) => t.rolled && t.disruption === null),
      [-20, -19, -18, -17],
    );
    expect(summary(rows)).toMatchObject({ rolled: true, no_update: true });
    expect(rows.filter(([t]) => t === 'no_update')).toHaveLength(1);
  });

  it('a number the demo carrier does not know raises not found', async () => {
    const rows = await journey(numberWith((t) => !t.found));
    expect(rows).toEqual([['not_found', 'open', 'The carrier does not know the number']]);
  });
});
