import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import type { RealtimeEvent } from '../src/integrations/realtime/realtime-hub';
import type { ArrivalEstimates } from '@tracklane/shared/tracking/ocean/eta/eta-estimates.schema';
import { issuedEtas } from '../src/db/schema/reliability';
import { oceanShipments, trackedItems } from '../src/db/schema/tracking';
import { addMember, buildTeam, containerNo, refreshTracked, type Team } from './factories';
import { equipmentEvent } from './fake-carrier';
import { useTerminalAvailabilityApp } from './support/terminal-availability';

const { carrier, terminal, app, ctx, call, bill, daysAgo, record, connectTerminal, follow } =
  await useTerminalAvailabilityApp();

const DAY = 86_400_000;
const daysIn = (n: number) => new Date(Date.now() + n * DAY).toISOString();
const iso = (value: string) => new Date(value).toISOString();

/** Loaded at Shanghai 20 days ago, due at Los Angeles in `etaDays` by the carrier's estimate of `issuedDaysAgo`. */
function dueAtLosAngeles(box: string, etaDays: number, issuedDaysAgo = 10) {
  carrier.events.set(box, [
    equipmentEvent(box, {
      equipmentEventTypeCode: 'LOAD',
      emptyIndicatorCode: 'LADEN',
      eventDateTime: daysAgo(20),
      eventCreatedDateTime: daysAgo(20),
    }),
    {
      eventID: randomUUID(),
      eventCreatedDateTime: daysAgo(issuedDaysAgo),
      eventType: 'TRANSPORT',
      eventClassifierCode: 'EST',
      eventDateTime: daysIn(etaDays),
      transportEventTypeCode: 'ARRI',
      transportCall: {
        transportCallID: randomUUID(),
        modeOfTransport: 'VESSEL',
        UNLocationCode: 'USLAX',
        transportCallSequenceNumber: 2,
        importVoyageNumber: 'FE638E',
        location: { locationName: 'Los Angeles', UNLocationCode: 'USLAX' },
        vessel: { vesselIMONumber: '9980253', vesselName: 'MAERSK ESSEN' },
      },
    },
  ]);
}

interface Shown {
  shipmentOverallId: string;
  containerNo: string;
  arrivalVO: { eta: string | null; ata: string | null };
  arrivalEstimates: ArrivalEstimates;
}

async function detailOf(team: Team, box: string, mbl: string): Promise<Shown> {
  const res = await call(team.owner.cookie, 'GET', `/api/shipments/ocean/${box}/${mbl}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ result: Shown }>().result;
}

async function listRow(team: Team, box: string, query = ''): Promise<Shown> {
  const res = await call(team.owner.cookie, 'GET', `/api/shipments/ocean?limit=200${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ result: { items: Shown[] } }>().result.items.find((s) => s.containerNo === box)!;
}

describe('the terminal’s vessel ETA', () => {
  it('is shown to the organization with the connection only, as to berth, issued when it answered', async () => {
    const mine = await buildTeam(app, ctx);
    const theirs = await buildTeam(app, ctx);
    const box = containerNo('MSKU');
    const mbl = bill();
    dueAtLosAngeles(box, 2);
    const BERTH = '2026-12-30T06:00:00-08:00';
    terminal.records.set(
      `USLAX:${box}`,
      record(box, { vesselEtaDateTimeLocal: BERTH, containerState: 'Inbound' }),
    );
    for (const team of [mine, theirs]) await follow(team, box, mbl);
    await refreshTracked(ctx, [box]);
    const before = await detailOf(mine, box, mbl);
    expect(before.arrivalEstimates.estimates.map((e) => e.source)).toEqual(['carrier']);

    await connectTerminal(mine);
    const shown = await detailOf(mine, box, mbl);
    const carrierEta = shown.arrivalVO.eta!;
    expect(shown.arrivalEstimates.used).toBe('carrier');
    expect(shown.arrivalEstimates.estimates).toEqual([
      expect.objectContaining({ source: 'carrier', kind: 'port', eta: carrierEta }),
      {
        source: 'terminal',
        kind: 'berth',
        eta: BERTH,
        issuedAt: expect.any(String),
        biasHours: null,
        confidence: null,
      },
    ]);
    // The list row carries it too; the other organization, following the same box, never sees it.
    expect((await listRow(mine, box)).arrivalEstimates.estimates.map((e) => e.source)).toEqual([
      'carrier',
      'terminal',
    ]);
    expect((await detailOf(theirs, box, mbl)).arrivalEstimates.estimates.map((e) => e.source)).toEqual([
      'carrier',
    ]);
    // Kept over time for its own accuracy, for the organization that asked.
    const kept = await ctx.db
      .select({ organizationId: issuedEtas.organizationId, eta: issuedEtas.eta })
      .from(issuedEtas)
      .innerJoin(trackedItems, eq(trackedItems.id, issuedEtas.itemId))
      .where(and(eq(trackedItems.trackingNo, box), eq(issuedEtas.source, 'terminal')));
    expect(kept).toEqual([{ organizationId: mine.organizationId, eta: new Date(BERTH) }]);
  });
});

describe('an ETA set by hand', () => {
  it('is the one used, in the detail, the list and its sort, until cleared', async () => {
    const team = await buildTeam(app, ctx);
    const early = containerNo('MSKU');
    const late = containerNo('MSKU');
    const mbl = bill();
    dueAtLosAngeles(early, 2);
    dueAtLosAngeles(late, 6);
    await follow(team, early, mbl);
    await follow(team, late, mbl);
    await refreshTracked(ctx, [early, late]);
    const { shipmentOverallId: id, arrivalVO } = await detailOf(team, early, mbl);
    const carrierEta = arrivalVO.eta!;
    const BY_HAND = '2026-12-31T08:00:00Z';

    const heard: RealtimeEvent[] = [];
    const stop = ctx.realtime.subscribe({ event: (e) => heard.push(e), reset: () => undefined });
    const set = await call(team.owner.cookie, 'PUT', `/api/shipments/ocean/${id}/eta`, { eta: BY_HAND });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().message).toBe('ETA set for this shipment');
    // The workspace's open lists and the shipment's open pages hear of it.
    try {
      await vi.waitFor(() =>
        expect(heard).toContainEqual({
          topic: 'live',
          workspaceIds: [team.defaultWorkspaceId],
          shipmentIds: [id],
          shareLinkIds: [],
        }),
      );
    } finally {
      stop();
    }
    const shown = await detailOf(team, early, mbl);
    expect(shown.arrivalVO.eta).toBe(iso(BY_HAND));
    expect(shown.arrivalEstimates.used).toBe('manual');
    expect(shown.arrivalEstimates.estimates).toEqual([
      expect.objectContaining({ source: 'carrier', eta: carrierEta }),
      {
        source: 'manual',
        kind: 'port',
        eta: iso(BY_HAND),
        issuedAt: expect.any(String),
        issuedBy: expect.stringMatching(/\S/),
        biasHours: null,
        confidence: null,
      },
    ]);
    // The list shows it and sorts by it: the box due first by the carrier now comes last.
    expect((await listRow(team, early)).arrivalVO.eta).toBe(iso(BY_HAND));
    const sorted = await call(team.owner.cookie, 'GET', '/api/shipments/ocean?sort=arrival_asc');
    expect(sorted.json<{ result: { items: Shown[] } }>().result.items.map((s) => s.containerNo)).toEqual([
      late,
      early,
    ]);
    // The carrier moves its ETA: the row keeps the carrier's for ETA slip, the sort stays on the
    // hand-set one.
    dueAtLosAngeles(early, 3, 1);
    await refreshTracked(ctx, [early]);
    const [row] = await ctx.db.select().from(oceanShipments).where(eq(oceanShipments.id, id));
    const movedEta = row!.eta!.toISOString();
    expect(movedEta).not.toBe(carrierEta);
    expect(row!.firstEta?.toISOString()).toBe(carrierEta);
    expect(row!.arrivalAt.toISOString()).toBe(iso(BY_HAND));

    const cleared = await call(team.owner.cookie, 'PUT', `/api/shipments/ocean/${id}/eta`, { eta: null });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json().message).toBe('ETA set by hand cleared');
    const after = await detailOf(team, early, mbl);
    expect(after.arrivalVO.eta).toBe(movedEta);
    expect(after.arrivalEstimates).toMatchObject({ used: 'carrier', estimates: [{ source: 'carrier' }] });
    const [again] = await ctx.db.select().from(oceanShipments).where(eq(oceanShipments.id, id));
    expect(again!.arrivalAt.toISOString()).toBe(movedEta);
    // Both changes are kept, for the workspace, with the clearing as no ETA.
    const kept = await ctx.db
      .select({ workspaceId: issuedEtas.workspaceId, eta: issuedEtas.eta })
      .from(issuedEtas)
      .where(eq(issuedEtas.source, 'manual'))
      .orderBy(issuedEtas.issuedAt);
    expect(kept.filter((k) => k.workspaceId === team.defaultWorkspaceId)).toEqual([
      { workspaceId: team.defaultWorkspaceId, eta: new Date(BY_HAND) },
      { workspaceId: team.defaultWorkspaceId, eta: null },
    ]);
  });

  it('is refused to a view-only member, another tenant, and bad input, in the envelope', async () => {
    const team = await buildTeam(app, ctx);
    const box = containerNo('MSKU');
    const mbl = bill();
    dueAtLosAngeles(box, 3);
    await follow(team, box, mbl);
    await refreshTracked(ctx, [box]);
    const before = await detailOf(team, box, mbl);
    const id = before.shipmentOverallId;
    const path = `/api/shipments/ocean/${id}/eta`;
    const BY_HAND = '2026-12-31T08:00:00+01:00';

    for (const bad of [
      { eta: '31/12/2026' },
      { eta: '2026-02-30T08:00:00Z' },
      { eta: '2026-12-31T08:00:00' },
      { eta: '2026-12-31T25:00:00Z' },
      { eta: '1999-12-31T08:00:00Z' },
      { eta: 42 },
      {},
      { eta: BY_HAND, extra: true },
    ]) {
      const res = await call(team.owner.cookie, 'PUT', path, bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json()).toMatchObject({ success: false, message: expect.any(String) });
    }
    const viewer = await addMember(app, ctx, team, { shipmentPermission: 1 });
    const refused = await call(viewer.cookie, 'PUT', path, { eta: BY_HAND });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ success: false });
    const other = await buildTeam(app, ctx);
    const hidden = await call(other.owner.cookie, 'PUT', path, { eta: BY_HAND });
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json()).toMatchObject({ success: false });
    expect(
      (await call(team.owner.cookie, 'PUT', '/api/shipments/ocean/nope/eta', { eta: BY_HAND })).statusCode,
    ).toBe(404);
    expect((await detailOf(team, box, mbl)).arrivalEstimates.used).toBe('carrier');
    // Arrived, it needs no ETA: refused, and nothing kept.
    await ctx.db.update(oceanShipments).set({ ata: new Date() }).where(eq(oceanShipments.id, id));
    const late = await call(team.owner.cookie, 'PUT', path, { eta: BY_HAND });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({
      success: false,
      message: 'This shipment has arrived: it needs no ETA.',
    });
    const [arrivedRow] = await ctx.db.select().from(oceanShipments).where(eq(oceanShipments.id, id));
    expect(arrivedRow!.manualEta).toBeNull();
    await ctx.db.update(oceanShipments).set({ ata: null }).where(eq(oceanShipments.id, id));

    // Set by hand, what a share of it shows carries the carrier's ETA: the recipient gets no sources to
    // tell a workspace's own word from the carrier's.
    await call(team.owner.cookie, 'PUT', path, { eta: BY_HAND });
    // Imported once the app is built: the presentation sits in a cycle of modes that the app orders.
    const { OCEAN_PRESENTATION } = await import('../src/modules/ocean-shipments/ocean-presentation');
    const shared = (await OCEAN_PRESENTATION.sharedDetail(
      ctx.db,
      { workspaceId: team.defaultWorkspaceId, userId: null },
      id,
    )) as Shown;
    expect(shared.arrivalVO.eta).toBe(before.arrivalVO.eta);
    expect(shared).not.toHaveProperty('arrivalEstimates');
  });
});
