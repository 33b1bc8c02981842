import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { OceanShipment } from '@tracklane/shared/tracking/ocean/ocean-shipments.schema';
import { containerCheckDigit } from '@tracklane/shared/validation/container-number';
import { oceanShipments, trackedItems } from '../src/db/schema/tracking';
import { organizationMembers } from '../src/db/schema/organizations';
import { useTestApp } from './app';
import { addMember, buildTeam, createWorkspaceAs, refreshTracked, type Team } from './factories';

// Its ordinary workspaces follow demo shipments: they opt into demo data (ADR 0035).
const { app, ctx } = await useTestApp({ demoCarriers: true });

const pad = (value: number, width: number) => String(value).padStart(width, '0');

/**
 * The shipment numbers of one test, from a block of its own (each test passes a different one): no
 * test's data depends on which tests ran before or beside it, and the demo carrier's voyages, which
 * follow from the numbers, are the same at every run.
 */
function numbers(block: number) {
  let container = 0;
  let bill = 0;
  /** A valid container number (ISO 6346 check digit computed). */
  const containerNo = (owner = 'TGHU') => {
    const base = `${owner}${pad(block, 2)}${pad(container++, 4)}`;
    return `${base}${String(containerCheckDigit(base))}`;
  };
  const mbl = () => `MEDU7${pad(block, 2)}${pad(bill++, 6)}`;
  const items = (count: number, owner?: string) =>
    Array.from({ length: count }, () => ({ containerNo: containerNo(owner), mblNo: mbl() }));
  return { containerNo, mbl, items };
}

const post = (url: string, cookie: string, payload: object) =>
  app.inject({ method: 'POST', url, headers: { cookie }, payload });
const get = (url: string, cookie: string) => app.inject({ method: 'GET', url, headers: { cookie } });
const add = (team: Team | { owner: { cookie: string } }, items: object[]) =>
  post('/api/shipments/ocean', team.owner.cookie, { items });

const refresh = (items: { containerNo: string }[]) =>
  refreshTracked(
    ctx,
    items.map((i) => i.containerNo),
  );

describe('POST /api/shipments/ocean', () => {
  it('adds shipments, answering per row: created, already tracked or refused with the reason', async () => {
    const { containerNo } = numbers(1);
    const team = await buildTeam(app, ctx);
    const good = containerNo();
    const res = await add(team, [
      { containerNo: good.toLowerCase().replace(/(.{4})/, '$1 '), mblNo: 'medu-123456789' },
      { containerNo: 'CSQU3054384', mblNo: 'MEDU123456780' },
      { containerNo: containerNo(), mblNo: 'XXXX12345' },
      { containerNo: containerNo(), mblNo: 'XXXX12345', carrierScac: 'HLCU' },
      { containerNo: good, mblNo: 'MEDU123456789' },
      { containerNo: containerNo(), mblNo: 'MEDU1', carrierScac: 'NOPE' },
    ]);
    expect(res.statusCode).toBe(200);
    const outcomes = res.json().result;
    expect(outcomes[0]).toMatchObject({
      containerNo: good,
      mblNo: 'MEDU123456789',
      carrierScac: 'MSCU',
      outcome: 'created',
    });
    expect(outcomes[1]).toMatchObject({
      outcome: 'refused',
      message: 'Check digit should be 3 for CSQU305438: please check the number',
    });
    expect(outcomes[2]).toMatchObject({
      outcome: 'refused',
      message: 'The carrier cannot be told from this bill of lading number: give its SCAC, e.g. MSCU',
    });
    expect(outcomes[3]).toMatchObject({ outcome: 'created', carrierScac: 'HLCU' });
    expect(outcomes[4]).toMatchObject({ outcome: 'refused', message: 'Listed twice in this request' });
    expect(outcomes[5]).toMatchObject({
      outcome: 'refused',
      message: 'Unknown carrier NOPE: use a SCAC such as MSCU, or leave it empty',
    });

    const again = await add(team, [{ containerNo: good, mblNo: 'MEDU123456789' }]);
    expect(again.json().result[0]).toMatchObject({
      outcome: 'already_tracked',
      message: 'Already tracked',
      shipmentOverallId: outcomes[0].shipmentOverallId,
    });
  });

  it('fetches a container once however many workspaces follow it', async () => {
    const { containerNo, mbl } = numbers(2);
    const a = await buildTeam(app, ctx);
    const b = await buildTeam(app, ctx);
    const item = { containerNo: containerNo(), mblNo: mbl() };
    await add(a, [item]);
    await add(b, [item]);
    const rows = await ctx.db
      .select()
      .from(trackedItems)
      .where(eq(trackedItems.trackingNo, item.containerNo));
    expect(rows).toHaveLength(1);
    const subscriptions = await ctx.db
      .select()
      .from(oceanShipments)
      .where(eq(oceanShipments.itemId, rows[0]!.id));
    expect(subscriptions).toHaveLength(2);
  });

  it('is refused to view-only members, and the list to members without shipment access', async () => {
    const { containerNo, mbl } = numbers(3);
    const team = await buildTeam(app, ctx);
    const viewer = await addMember(app, ctx, team, { shipmentPermission: 1 });
    const none = await addMember(app, ctx, team, { shipmentPermission: 2 });
    const res = await add({ owner: viewer }, [{ containerNo: containerNo(), mblNo: mbl() }]);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(
      'You can view shipments but not add them. Ask a company admin for permission.',
    );
    expect((await get('/api/shipments/ocean', viewer.cookie)).statusCode).toBe(200);
    expect((await get('/api/shipments/ocean', none.cookie)).statusCode).toBe(403);
    expect((await add({ owner: none }, [{ containerNo: containerNo(), mblNo: mbl() }])).statusCode).toBe(403);
    // The permission is read at every request: granting it takes effect at once.
    await ctx.db
      .update(organizationMembers)
      .set({ shipmentPermission: 0 })
      .where(eq(organizationMembers.userId, viewer.userId));
    expect((await add({ owner: viewer }, [{ containerNo: containerNo(), mblNo: mbl() }])).statusCode).toBe(
      200,
    );
  });

  it('refuses more than 500 rows and malformed bodies with 400', async () => {
    const team = await buildTeam(app, ctx);
    const many = Array.from({ length: 501 }, () => ({ containerNo: 'x', mblNo: 'y' }));
    expect((await add(team, many)).json()).toMatchObject({
      code: 'VALIDATION',
      message: 'At most 500 shipments at a time',
    });
    expect((await post('/api/shipments/ocean', team.owner.cookie, { items: 'nope' })).statusCode).toBe(400);
  });
});

describe('carrier data in the list and the detail', () => {
  it('shows derived milestones after the first refresh, and the detail with events and ETA history', async () => {
    const team = await buildTeam(app, ctx);
    const items = numbers(5).items(12, 'MSCU');
    await add(team, items);
    await refresh(items);
    const list = (await get('/api/shipments/ocean?limit=50', team.owner.cookie)).json().result;
    expect(list.activeCount).toBe(12);
    // Found by the carrier: still moving (active) or already back at the depot (completed).
    const tracked = list.items.filter(
      (i: { state: string }) => i.state === 'active' || i.state === 'completed',
    );
    expect(tracked.length).toBeGreaterThan(6);
    const one = tracked[0];
    expect(one).toMatchObject({ carrierName: 'MSC Mediterranean Shipping Company', source: 'demo' });
    expect(one.pol.name).toBeTruthy();
    expect(one.shipmentOverall.shipmentOverallId).toBe(one.shipmentOverallId);
    // Each row names its clocks: the free time that ends next is one clock's day and days, never
    // demurrage's day beside detention's days.
    const clocks = list.items.map((i: OceanShipment) => i.freeTime);
    expect(clocks.some((f: OceanShipment['freeTime']) => f.demurrage.lastFreeDay !== null)).toBe(true);
    for (const f of clocks as OceanShipment['freeTime'][]) {
      if (f.clock === null) expect(f).toMatchObject({ lastFreeDay: null, daysLeft: null });
      else expect(f[f.clock].lastFreeDay).toBe(f.lastFreeDay);
      for (const clock of [f.demurrage, f.detention])
        if (clock.state === 'running') expect(f.daysLeft).toBe(clock.daysLeft);
    }

    const detail = await get(`/api/shipments/ocean/${one.containerNo}/${one.mblNo}`, team.owner.cookie);
    expect(detail.statusCode).toBe(200);
    const d = detail.json().result;
    // A list row reads only the columns and parts of the view it shows: the same values as the detail,
    // besides the row's attention chip, which only lists carry.
    const { attention: _chip, ...shown } = one;
    for (const [key, value] of Object.entries(shown)) expect(d[key], key).toEqual(value);
    expect(d.events.length).toBeGreaterThan(3);
    expect(d.events.every((e: { source: string }) => e.source === 'demo')).toBe(true);
    // The call of the voyage, which tells the versions of one move from a second call at that port.
    const moves = d.events.filter((e: { typeCode: string }) => ['ARRI', 'DEPA'].includes(e.typeCode));
    expect(moves.length).toBeGreaterThan(0);
    expect(
      moves.every((e: { transportCallSequence: unknown }) => Number.isInteger(e.transportCallSequence)),
    ).toBe(true);
    expect(d.etaHistory.length).toBeGreaterThanOrEqual(1);
    expect(d.lastCheckedAt).toBeTruthy();
  });

  it("keeps another workspace's shipment out of reach", async () => {
    const { containerNo, mbl } = numbers(6);
    const team = await buildTeam(app, ctx);
    const stranger = await buildTeam(app, ctx);
    const item = { containerNo: containerNo(), mblNo: mbl() };
    const [created] = (await add(team, [item])).json().result;
    expect(
      (await get(`/api/shipments/ocean/${item.containerNo}/${item.mblNo}`, stranger.owner.cookie)).statusCode,
    ).toBe(404);
    const archive = await post('/api/shipments/ocean/archive', stranger.owner.cookie, {
      shipmentOverallIds: [created.shipmentOverallId],
      archived: true,
    });
    expect(archive.json().result).toMatchObject({ updatedIds: [], activeCount: 0, archivedCount: 0 });
    const [row] = await ctx.db
      .select()
      .from(oceanShipments)
      .where(eq(oceanShipments.id, created.shipmentOverallId));
    expect(row!.archived).toBe(false);
    // Another workspace of the same organization does not see it either.
    const other = await createWorkspaceAs(app, team.owner.cookie, 'Other Desk');
    await post('/api/workspaces/currentId', team.owner.cookie, { workspaceId: other });
    expect((await get('/api/shipments/ocean', team.owner.cookie)).json().result.activeCount).toBe(0);
  });
});

describe('archiving and favourites', () => {
  it('moves shipments between the tabs and adjusts both counts', async () => {
    const { items } = numbers(7);
    const team = await buildTeam(app, ctx);
    const outcomes = (await add(team, items(3))).json().result;
    const ids = outcomes.map((o: { shipmentOverallId: string }) => o.shipmentOverallId);
    const archived = await post('/api/shipments/ocean/archive', team.owner.cookie, {
      shipmentOverallIds: ids.slice(0, 2),
      archived: true,
    });
    expect(archived.json().result).toMatchObject({ activeCount: 1, archivedCount: 2 });
    const archivedList = (await get('/api/shipments/ocean?status=archived', team.owner.cookie)).json().result;
    expect(archivedList.items.map((i: { shipmentOverallId: string }) => i.shipmentOverallId).sort()).toEqual(
      ids.slice(0, 2).sort(),
    );
    const back = await post('/api/shipments/ocean/archive', team.owner.cookie, {
      shipmentOverallIds: [ids[0]],
      archived: false,
    });
    expect(back.json().result).toMatchObject({ activeCount: 2, archivedCount: 1 });
    await post('/api/shipments/ocean/favorite', team.owner.cookie, {
      shipmentOverallIds: [ids[2]],
      favorite: true,
    });
    const favourites = (await get('/api/shipments/ocean?favorite=true', team.owner.cookie)).json().result
      .items;
    expect(favourites.map((i: { shipmentOverallId: string }) => i.shipmentOverallId)).toEqual([ids[2]]);
  });
});

describe('keyset pagination', () => {
  it('stays stable while shipments are added between pages', async () => {
    const { items } = numbers(8);
    const team = await buildTeam(app, ctx);
    const first = items(25);
    for (const item of first) await add(team, [item]);
    const seen: string[] = [];
    let cursor: string | null = null;
    let page = 0;
    do {
      const url: string = `/api/shipments/ocean?limit=10${cursor ? `&cursor=${cursor}` : ''}`;
      const result: { items: { containerNo: string }[]; nextCursor: string | null } = (
        await get(url, team.owner.cookie)
      ).json().result;
      seen.push(...result.items.map((i: { containerNo: string }) => i.containerNo));
      cursor = result.nextCursor;
      // New shipments arrive while the user pages through: they land on page one, not in between.
      if (page++ === 0) await add(team, items(5));
    } while (cursor);
    expect(seen).toHaveLength(25);
    expect(new Set(seen).size).toBe(25);
    expect([...seen].sort()).toEqual(first.map((i) => i.containerNo).sort());
  });

  it('sorts by arrival and by container, and searches by prefix', async () => {
    const team = await buildTeam(app, ctx);
    const items = numbers(9).items(8, 'MSCU');
    await add(team, items);
    await refresh(items);
    const all: { containerNo: string; arrivalVO: { eta: string | null; ata: string | null } }[] = [];
    let cursor: string | null = null;
    do {
      const result: { items: typeof all; nextCursor: string | null } = (
        await get(
          `/api/shipments/ocean?limit=3&sort=arrival_asc${cursor ? `&cursor=${cursor}` : ''}`,
          team.owner.cookie,
        )
      ).json().result;
      all.push(...result.items);
      cursor = result.nextCursor;
    } while (cursor);
    expect(all).toHaveLength(8);
    const arrivals = all
      .map((i) => i.arrivalVO.ata ?? i.arrivalVO.eta)
      .filter((x): x is string => x !== null);
    expect(arrivals).toEqual([...arrivals].sort());
    const byContainer = (await get('/api/shipments/ocean?sort=container_asc', team.owner.cookie))
      .json()
      .result.items.map((i: { containerNo: string }) => i.containerNo);
    expect(byContainer).toEqual([...byContainer].sort());
    const search = (
      await get(
        `/api/shipments/ocean?search=${items[3]!.containerNo.slice(0, 9).toLowerCase()}`,
        team.owner.cookie,
      )
    ).json().result.items;
    expect(search.map((i: { containerNo: string }) => i.containerNo)).toContain(items[3]!.containerNo);
    expect((await get('/api/shipments/ocean?cursor=garbage', team.owner.cookie)).statusCode).toBe(400);
  });
});

describe('tab counts', () => {
  it('follow every insert, archive, unarchive and workspace deletion', async () => {
    const { items } = numbers(10);
    const team = await buildTeam(app, ctx);
    const other = await createWorkspaceAs(app, team.owner.cookie, 'Counted Desk');
    await post('/api/workspaces/currentId', team.owner.cookie, { workspaceId: other });
    const ids = (await add(team, items(4)))
      .json()
      .result.map((o: { shipmentOverallId: string }) => o.shipmentOverallId);
    await post('/api/shipments/ocean/archive', team.owner.cookie, {
      shipmentOverallIds: ids.slice(0, 3),
      archived: true,
    });
    await post('/api/shipments/ocean/archive', team.owner.cookie, {
      shipmentOverallIds: ids.slice(0, 1),
      archived: false,
    });
    // Archiving an already archived shipment changes nothing.
    await post('/api/shipments/ocean/archive', team.owner.cookie, {
      shipmentOverallIds: ids.slice(1, 3),
      archived: true,
    });
    const list = (await get('/api/shipments/ocean', team.owner.cookie)).json().result;
    expect(list).toMatchObject({ activeCount: 2, archivedCount: 2 });
    const [exact] = (
      await ctx.db.execute<{ active: number; archived: number }>(sql`
      SELECT count(*) FILTER (WHERE NOT archived)::int AS active, count(*) FILTER (WHERE archived)::int AS archived
      FROM ocean_shipments WHERE workspace_id = ${other}`)
    ).rows;
    expect(exact).toEqual({ active: 2, archived: 2 });
    await app.inject({
      method: 'DELETE',
      url: `/api/workspaces/delete?workspaceId=${other}`,
      headers: { cookie: team.owner.cookie },
    });
  });
});
