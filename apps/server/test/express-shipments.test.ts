import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { expressShipments, trackedItems } from '../src/db/schema/tracking';
import { refreshItem } from '../src/modules/tracking/refresh.service';
import { useTestApp } from './app';
import { addMember, buildTeam, createWorkspaceAs, refreshTracked, type Team } from './factories';

// One "unknown" answer is enough to move a parcel to not found here; the default is 6.
// Its ordinary workspaces follow demo shipments: they opt into demo data (ADR 0035).
const { app, ctx } = await useTestApp({ trackingNotFoundAttempts: 1, demoCarriers: true });

const post = (url: string, cookie: string, payload: object) =>
  app.inject({ method: 'POST', url, headers: { cookie }, payload });
const get = (url: string, cookie: string) => app.inject({ method: 'GET', url, headers: { cookie } });
const add = (team: Team | { owner: { cookie: string } }, items: object[]) =>
  post('/api/shipments/express', team.owner.cookie, { items });
const list = async (team: Team, qs = '') =>
  (await get(`/api/shipments/express?${qs}`, team.owner.cookie)).json().result;

/**
 * Parcel numbers of one test, from a block of its own, for a carrier whose numbers have no format
 * (GLS): the demo parcel carrier's journeys follow from the numbers, the same at every run. Numbers
 * ending in 404 are never found by it.
 */
function parcels(block: number) {
  let next = 0;
  return (suffix = '') => ({
    trackingNo: `TL${String(block).padStart(3, '0')}${String(next++).padStart(5, '0')}${suffix}`,
    carrier: 'gls',
  });
}

const refresh = (items: { trackingNo: string }[]) =>
  refreshTracked(
    ctx,
    items.map((i) => i.trackingNo),
  );

describe('POST /api/shipments/express', () => {
  it('answers per row: created, already tracked, or refused with the reason', async () => {
    const team = await buildTeam(app, ctx);
    const parcel = parcels(1);
    const gls = parcel();
    const res = await add(team, [
      { trackingNo: '1z5r8939 0357 567127' },
      gls,
      { trackingNo: '1Z5R89390357567128' },
      { trackingNo: 'NOFORMAT123' },
      { trackingNo: 'ABC12345', carrier: 'pigeon' },
      gls,
    ]);
    expect(res.statusCode).toBe(200);
    const outcomes = res.json().result;
    expect(outcomes[0]).toMatchObject({
      trackingNo: '1Z5R89390357567127',
      carrier: 'ups',
      outcome: 'created',
    });
    expect(outcomes[1]).toMatchObject({ trackingNo: gls.trackingNo, carrier: 'gls', outcome: 'created' });
    expect(outcomes[2]).toMatchObject({
      outcome: 'refused',
      message: 'The check digit of this UPS number is wrong.',
    });
    expect(outcomes[3]).toMatchObject({
      outcome: 'refused',
      message: 'We could not recognise this tracking number. Choose the carrier to track it anyway.',
    });
    expect(outcomes[4]).toMatchObject({
      outcome: 'refused',
      message: 'Unknown carrier pigeon: use a carrier code such as ups, or leave it empty',
    });
    expect(outcomes[5]).toMatchObject({ outcome: 'refused', message: 'Listed twice in this request' });

    const again = (await add(team, [gls])).json().result;
    expect(again[0]).toMatchObject({
      outcome: 'already_tracked',
      expressOrderId: outcomes[1].expressOrderId,
    });
  });

  it('fetches a parcel once however many workspaces follow it', async () => {
    const item = parcels(2)();
    const a = await buildTeam(app, ctx);
    const b = await buildTeam(app, ctx);
    await add(a, [item]);
    await add(b, [item]);
    const rows = await ctx.db.select().from(trackedItems).where(eq(trackedItems.trackingNo, item.trackingNo));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ mode: 'express', reference: '', carrier: 'gls' });
    const subscriptions = await ctx.db
      .select()
      .from(expressShipments)
      .where(eq(expressShipments.itemId, rows[0]!.id));
    expect(subscriptions).toHaveLength(2);
    // The second workspace gets what is already known at once.
    await refresh([item]);
    const c = await buildTeam(app, ctx);
    await add(c, [item]);
    const [row] = (await list(c)).expressTrackingDocumentList;
    expect(row.status).not.toBeNull();
  });

  it('is refused to view-only members, who can still list and star; members without shipment access get 403', async () => {
    const team = await buildTeam(app, ctx);
    const parcel = parcels(3);
    const created = (await add(team, [parcel()])).json().result[0];
    const viewer = await addMember(app, ctx, team, { shipmentPermission: 1 });
    const none = await addMember(app, ctx, team, { shipmentPermission: 2 });
    const refused = await add({ owner: viewer }, [parcel()]);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(
      'You can view shipments but not add them. Ask a company admin for permission.',
    );
    const ids = [created.expressOrderId];
    expect(
      (await post('/api/shipments/express/archive', viewer.cookie, { expressOrderIds: ids, archived: true }))
        .statusCode,
    ).toBe(403);
    expect(
      (await post('/api/shipments/express/favorite', viewer.cookie, { expressOrderIds: ids, favorite: true }))
        .statusCode,
    ).toBe(200);
    expect(
      (await post('/api/shipments/express/favorite', none.cookie, { expressOrderIds: ids, favorite: true }))
        .statusCode,
    ).toBe(403);
    expect((await get('/api/shipments/express', viewer.cookie)).statusCode).toBe(200);
    expect((await get('/api/shipments/express', none.cookie)).statusCode).toBe(403);
    expect(
      (
        await get(
          `/api/shipments/express/${String(created.expressOrderId)}/${String(created.trackingNo)}`,
          none.cookie,
        )
      ).statusCode,
    ).toBe(403);
    const [row] = await ctx.db
      .select()
      .from(expressShipments)
      .where(eq(expressShipments.id, created.expressOrderId));
    expect(row).toMatchObject({ archived: false });
  });

  it('refuses more than 500 rows and malformed bodies with 400', async () => {
    const team = await buildTeam(app, ctx);
    const many = Array.from({ length: 501 }, () => ({ trackingNo: 'x' }));
    expect((await add(team, many)).json()).toMatchObject({
      code: 'VALIDATION',
      message: 'At most 500 shipments at a time',
    });
    expect((await post('/api/shipments/express', team.owner.cookie, { items: 'nope' })).statusCode).toBe(400);
    expect((await add(team, [{ trackingNo: 'A'.repeat(61) }])).statusCode).toBe(400);
  });
});

describe('the three tabs', () => {
  it('moves a parcel nobody knows to not found, and counts every move among the tabs', async () => {
    const team = await buildTeam(app, ctx);
    const parcel = parcels(4);
    const known = parcel();
    const unknown = parcel('404');
    const [a, b] = (await add(team, [known, unknown])).json().result;
    expect(await list(team)).toMatchObject({ activeCount: 2, notFoundCount: 0, archivedCount: 0 });

    await refresh([known, unknown]);
    const active = await list(team, 'status=active');
    expect(active).toMatchObject({ activeCount: 1, notFoundCount: 1, archivedCount: 0 });
    expect(
      active.expressTrackingDocumentList.map((p: { expressOrderId: string }) => p.expressOrderId),
    ).toEqual([a.expressOrderId]);
    const notFound = await list(team, 'status=notFound');
    expect(notFound.expressTrackingDocumentList).toMatchObject([
      { expressOrderId: b.expressOrderId, state: 'not_found' },
    ]);

    const archive = (ids: string[], archived: boolean) =>
      post('/api/shipments/express/archive', team.owner.cookie, { expressOrderIds: ids, archived });
    const moved = (await archive([a.expressOrderId, b.expressOrderId], true)).json().result;
    expect(moved).toMatchObject({ activeCount: 0, notFoundCount: 0, archivedCount: 2 });
    expect(moved.updatedIds).toHaveLength(2);
    // Unarchived, each goes back to the tab its tracking state belongs in.
    expect((await archive([b.expressOrderId], false)).json().result).toMatchObject({
      activeCount: 0,
      notFoundCount: 1,
      archivedCount: 1,
    });
    expect((await archive([a.expressOrderId], false)).json().result).toMatchObject({
      activeCount: 1,
      notFoundCount: 1,
      archivedCount: 0,
    });
  });

  it('brings a not-found parcel back to active when a provider knows it', async () => {
    const team = await buildTeam(app, ctx);
    const item = parcels(5)('404');
    await add(team, [item]);
    await refresh([item]);
    expect(await list(team)).toMatchObject({ activeCount: 0, notFoundCount: 1 });
    const [row] = await ctx.db
      .select()
      .from(trackedItems)
      .where(eq(trackedItems.trackingNo, item.trackingNo));
    // The carrier learns the number (here: the demo carrier is asked about a number it knows).
    await ctx.db
      .update(trackedItems)
      .set({ trackingNo: `${item.trackingNo}1` })
      .where(eq(trackedItems.id, row!.id));
    await refreshItem(ctx, ctx.tracking, row!.id, new Date());
    expect(await list(team)).toMatchObject({ activeCount: 1, notFoundCount: 0 });
  });

  it('never shows or changes another workspace’s parcels', async () => {
    const a = await buildTeam(app, ctx);
    const b = await buildTeam(app, ctx);
    const item = parcels(6)();
    const [mine] = (await add(a, [item])).json().result;
    expect((await list(b)).expressTrackingDocumentList).toEqual([]);
    const detail = await get(
      `/api/shipments/express/${String(mine.expressOrderId)}/${item.trackingNo}`,
      b.owner.cookie,
    );
    expect(detail.statusCode).toBe(404);
    expect(detail.json()).toMatchObject({
      code: 'NOT_FOUND',
      message: 'This shipment is not tracked in this workspace.',
    });
    const archived = await post('/api/shipments/express/archive', b.owner.cookie, {
      expressOrderIds: [mine.expressOrderId],
      archived: true,
    });
    expect(archived.json().result.updatedIds).toEqual([]);
    // Another workspace of the same organization is another list too.
    const other = await createWorkspaceAs(app, a.owner.cookie, 'Second');
    const inOther = await app.inject({
      method: 'GET',
      url: '/api/shipments/express',
      headers: { cookie: a.owner.cookie, 'x-workspace-id': other },
    });
    expect(
      inOther.statusCode === 200 ? inOther.json().result.expressTrackingDocumentList : [],
    ).not.toContainEqual(expect.objectContaining({ expressOrderId: mine.expressOrderId }));
  });
});

describe('list and detail', () => {
  it('pages by keyset in every sort, and searches by number prefix', async () => {
    const team = await buildTeam(app, ctx);
    const parcel = parcels(7);
    const items = Array.from({ length: 7 }, () => parcel());
    await add(team, items);
    await refresh(items);
    for (const sort of ['created_desc', 'delivery_asc', 'delivery_desc', 'updated_desc', 'tracking_asc']) {
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const page: { expressTrackingDocumentList: { expressOrderId: string }[]; nextCursor: string | null } =
          await list(team, `sort=${sort}&limit=3${cursor ? `&cursor=${cursor}` : ''}`);
        seen.push(...page.expressTrackingDocumentList.map((p) => p.expressOrderId));
        cursor = page.nextCursor;
      } while (cursor);
      expect(new Set(seen).size, sort).toBe(7);
    }
    const byNumber = (await list(team, 'sort=tracking_asc')).expressTrackingDocumentList.map(
      (p: { expressOrderNo: string }) => p.expressOrderNo,
    );
    expect(byNumber).toEqual(items.map((i) => i.trackingNo).sort());
    const found = await list(team, `search=${items[3]!.trackingNo.toLowerCase()}`);
    expect(
      found.expressTrackingDocumentList.map((p: { expressOrderNo: string }) => p.expressOrderNo),
    ).toEqual([items[3]!.trackingNo]);
    expect((await get('/api/shipments/express?cursor=garbage', team.owner.cookie)).json()).toMatchObject({
      code: 'VALIDATION',
      message: 'The page cursor is not valid. Start from the first page.',
    });
    expect((await get('/api/shipments/express?status=lost', team.owner.cookie)).statusCode).toBe(400);
  });

  it('shows the parcel with events newest first, estimate history, source and next check', async () => {
    const team = await buildTeam(app, ctx);
    const item = parcels(8)();
    const [created] = (await add(team, [item])).json().result;
    await refresh([item]);
    const res = await get(
      `/api/shipments/express/${String(created.expressOrderId)}/${item.trackingNo}`,
      team.owner.cookie,
    );
    expect(res.statusCode).toBe(200);
    const d = res.json().result;
    expect(d).toMatchObject({
      expressOrderId: created.expressOrderId,
      expressOrderNo: item.trackingNo,
      carrierName: 'GLS',
      source: 'demo',
    });
    expect(d.events.length).toBeGreaterThan(0);
    const times = d.events.map((e: { classifier: string; eventTime: string; eventCreatedAt: string }) =>
      Date.parse(e.classifier === 'ACT' ? e.eventTime : e.eventCreatedAt),
    );
    expect(times).toEqual([...times].sort((x, y) => y - x));
    expect(d.lastCheckedAt).toBeTruthy();
    expect(d.nextCheckAt).toBeTruthy();
    // A list row reads only the columns and parts of the view it shows: the same values as the detail,
    // besides the row's attention chip, which only lists carry.
    const [row] = (await list(team)).expressTrackingDocumentList;
    expect(row.statusText).toBeTruthy();
    const { attention: _chip, ...shown } = row;
    for (const [key, value] of Object.entries(shown)) expect(d[key], key).toEqual(value);
  });

  it('answers 404 for an unknown, malformed or mismatched id', async () => {
    const team = await buildTeam(app, ctx);
    const item = parcels(9)();
    const [created] = (await add(team, [item])).json().result;
    for (const url of [
      `/api/shipments/express/00000000-0000-4000-8000-000000000000/${item.trackingNo}`,
      `/api/shipments/express/not-a-uuid/${item.trackingNo}`,
      `/api/shipments/express/${String(created.expressOrderId)}/OTHER123`,
    ]) {
      const res = await get(url, team.owner.cookie);
      expect(res.statusCode, url).toBe(404);
    }
  });

  it('lists every carrier as a filter option', async () => {
    const team = await buildTeam(app, ctx);
    const options = (await get('/api/shipments/express/options', team.owner.cookie)).json().result;
    expect(options.carriers).toContainEqual({ code: 'ups', name: 'UPS' });
  });
});
