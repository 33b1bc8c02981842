import { describe, expect, it } from 'vitest';
import { containerCheckDigit } from '@tracklane/shared/validation/container-number';
import { expressListQuerySchema } from '@tracklane/shared/tracking/express/express-shipments.schema';
import { oceanListQuerySchema } from '@tracklane/shared/tracking/ocean/ocean-shipments.schema';
import { readRows } from '../src/lib/row-reader';
import {
  countExpressTabs,
  expressListQuery,
} from '../src/modules/express-shipments/express-shipments.service';
import { oceanListQuery } from '../src/modules/ocean-shipments/ocean-shipments.service';
import { useTestApp } from './app';
import { buildTeam, refreshTracked } from './factories';

// Its ordinary workspace follows demo shipments: it opts into demo data (ADR 0035).
const { app, ctx } = await useTestApp({ trackingNotFoundAttempts: 1, demoCarriers: true });

const post = (url: string, cookie: string, payload: object) =>
  app.inject({ method: 'POST', url, headers: { cookie }, payload });
const get = (url: string, cookie: string) => app.inject({ method: 'GET', url, headers: { cookie } });

const containers = (count: number) =>
  Array.from({ length: count }, (_, i) => {
    const base = `MSCU77${String(i).padStart(4, '0')}`;
    return {
      containerNo: `${base}${String(containerCheckDigit(base))}`,
      mblNo: `MEDU77${String(i).padStart(7, '0')}`,
    };
  });
const parcels = (count: number) =>
  Array.from({ length: count }, (_, i) => ({
    trackingNo: `TL777${String(i).padStart(5, '0')}${i % 4 === 3 ? '404' : ''}`,
    carrier: 'gls',
  }));

describe('list pages (one statement, read without drizzle’s row mapping)', () => {
  it('reads every row and the tab counts exactly as drizzle does, for both modes', async () => {
    const team = await buildTeam(app, ctx);
    const ocean = containers(6);
    const express = parcels(8);
    const { cookie } = team.owner;
    expect((await post('/api/shipments/ocean', cookie, { items: ocean })).statusCode).toBe(200);
    expect((await post('/api/shipments/express', cookie, { items: express })).statusCode).toBe(200);
    await refreshTracked(ctx, [...ocean.map((o) => o.containerNo), ...express.map((p) => p.trackingNo)]);
    const [first] = (await get('/api/shipments/ocean', cookie)).json().result.items;
    const archive = await post('/api/shipments/ocean/archive', cookie, {
      shipmentOverallIds: [first.shipmentOverallId],
      archived: true,
    });
    expect(archive.statusCode).toBe(200);

    // One star of the reader's in each mode: the rows carry it, as booleans.
    const [, starred] = (await get('/api/shipments/ocean', cookie)).json().result.items;
    await post('/api/shipments/ocean/favorite', cookie, {
      shipmentOverallIds: [starred.shipmentOverallId],
      favorite: true,
    });
    const [parcel] = (await get('/api/shipments/express', cookie)).json().result.expressTrackingDocumentList;
    await post('/api/shipments/express/favorite', cookie, {
      expressOrderIds: [parcel.expressOrderId],
      favorite: true,
    });

    const workspace = team.defaultWorkspaceId;
    const reader = { workspaceId: workspace, userId: team.owner.userId };
    const oceanPage = oceanListQuery(ctx.db, reader, oceanListQuerySchema.parse({ sort: 'arrival_asc' }));
    const oceanRows = await readRows(ctx.db, oceanPage.selection, oceanPage.query);
    expect(oceanRows).toHaveLength(5);
    expect(oceanRows).toEqual(await oceanPage.query);
    expect(oceanRows[0]!.k).toEqual({ active: 5, archived: 1, billsPending: 0 });
    expect(oceanRows.every((r) => r.s.createdAt instanceof Date && r.c.derived !== null)).toBe(true);
    expect(oceanRows.filter((r) => r.f.favorite === true).map((r) => r.s.id)).toEqual([
      starred.shipmentOverallId,
    ]);
    expect(oceanRows.filter((r) => r.f.favorite === false)).toHaveLength(4);

    const expressPage = expressListQuery(ctx.db, reader, expressListQuerySchema.parse({}));
    const expressRows = await readRows(ctx.db, expressPage.selection, expressPage.query);
    expect(expressRows).toEqual(await expressPage.query);
    expect(expressRows.filter((r) => r.f.favorite === true).map((r) => r.s.id)).toEqual([
      parcel.expressOrderId,
    ]);
    const tabs = await countExpressTabs(ctx.db, workspace);
    expect(tabs.activeCount + tabs.notFoundCount).toBe(8);
    expect(tabs.notFoundCount).toBeGreaterThanOrEqual(2);
    expect(expressRows[0]!.k).toEqual({
      active: tabs.activeCount,
      notFound: tabs.notFoundCount,
      archived: 0,
    });
  });

  it('still answers the tab counts for a page without rows', async () => {
    const team = await buildTeam(app, ctx);
    const items = containers(3);
    await post('/api/shipments/ocean', team.owner.cookie, { items });
    expect((await get('/api/shipments/ocean?search=ZZZU', team.owner.cookie)).json().result).toMatchObject({
      items: [],
      activeCount: 3,
      archivedCount: 0,
    });
    const express = await get('/api/shipments/express?search=NOTHING', team.owner.cookie);
    expect(express.json().result).toMatchObject({
      expressTrackingDocumentList: [],
      activeCount: 0,
      notFoundCount: 0,
      archivedCount: 0,
    });
  });
});
