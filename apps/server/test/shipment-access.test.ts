import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { oceanShipments, shipmentFavorites } from '../src/db/schema/tracking';
import { useTestApp } from './app';
import { addMember, buildTeam, containerNo, mbl, type Team } from './factories';
import { documentedRoutes, type Method } from './openapi-routes';
import { files, upload } from './support/documents';

const { app, ctx } = await useTestApp();

const call = (method: Method, url: string, cookie: string, payload?: object) =>
  app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

const VIEW_ONLY = 'You can view shipments but not add them. Ask a company admin for permission.';
const NO_ACCESS = 'You do not have access to shipments in this workspace.';

/**
 * Every shipment route the server documents, path parameters filled in. Read from the OpenAPI document,
 * so a shipment route added later is covered by the tests below without being listed here (every
 * tenant route is walked by another organization's user in tenant-isolation.test.ts).
 */
interface Sample {
  /** The ocean shipment's id (shipmentOverallId), for routes named by it. */
  shipmentId: string;
  shipmentOverallId: string;
  containerNo: string;
  mblNo: string;
  expressOrderId: string;
  expressOrderNo: string;
  /** A bill of lading the workspace follows alone (ADR 0037). */
  billId: string;
  /** A document on each mode's shipment, for routes named by it. */
  documentIds: { ocean: string; express: string };
}

/** The value of a path parameter of `path`: a document id is the one on that mode's shipment. */
const paramOf = (sample: Sample, path: string, name: string): string =>
  name === 'documentId'
    ? sample.documentIds[path.includes('/express/') ? 'express' : 'ocean']
    : sample[name as Exclude<keyof Sample, 'documentIds'>];

async function shipmentRoutes(sample: Sample) {
  return (
    (await documentedRoutes(app))
      // `locate` is a `user` route: it searches the caller's own workspaces, not the selected one.
      .filter(({ path }) => path.startsWith('/api/shipments/') && !path.endsWith('/locate'))
      .map(({ method, path }) => ({
        method,
        url: path.replace(/\{(\w+)\}/g, (_, name: string) => paramOf(sample, path, name)),
      }))
  );
}

let parcel = 0;

/** A team following one ocean shipment and one express parcel. */
async function teamWithShipment(): Promise<{ team: Team; id: string; parcelId: string; item: Sample }> {
  const team = await buildTeam(app, ctx);
  const ocean = { containerNo: containerNo(), mblNo: mbl() };
  const res = await call('POST', '/api/shipments/ocean', team.owner.cookie, {
    items: [ocean, { mblNo: mbl() }],
  });
  expect(res.json().result.map((r: { outcome: string }) => r.outcome)).toEqual(['created', 'created']);
  const express = { trackingNo: `ACCESS${String(parcel++).padStart(6, '0')}`, carrier: 'gls' };
  const added = await call('POST', '/api/shipments/express', team.owner.cookie, { items: [express] });
  expect(added.json().result[0].outcome).toBe('created');
  const parcelId = added.json().result[0].expressOrderId as string;
  const id = res.json().result[0].shipmentOverallId as string;
  const documentOn = async (mode: 'ocean' | 'express', shipmentId: string) => {
    const doc = await upload(app, team.owner, mode, shipmentId, { name: 'bl.pdf', bytes: files.pdf() });
    expect(doc.statusCode, doc.body).toBe(200);
    return doc.json().result.id as string;
  };
  const documentIds = {
    ocean: await documentOn('ocean', id),
    express: await documentOn('express', parcelId),
  };
  return {
    team,
    id,
    parcelId,
    item: {
      shipmentId: id,
      shipmentOverallId: id,
      ...ocean,
      expressOrderId: parcelId,
      expressOrderNo: express.trackingNo,
      billId: res.json().result[1].billId as string,
      documentIds,
    },
  };
}

const rowOf = async (id: string) =>
  (await ctx.db.select().from(oceanShipments).where(eq(oceanShipments.id, id)))[0]!;

/** Who starred a shipment (either mode), each for themselves. */
const starsOf = async (id: string) =>
  (
    await ctx.db
      .select({ userId: shipmentFavorites.userId })
      .from(shipmentFavorites)
      .where(eq(shipmentFavorites.subscriptionId, id))
  ).map((r) => r.userId);

describe('shipment access levels (spec §6)', () => {
  it('documents the shipment routes the tests below walk through', async () => {
    const routes = await shipmentRoutes({
      shipmentId: 'S',
      shipmentOverallId: 'S',
      containerNo: 'X',
      mblNo: 'Y',
      expressOrderId: 'E',
      expressOrderNo: 'N',
      billId: 'B',
      documentIds: { ocean: 'DO', express: 'DE' },
    });
    // Guards the walk itself: an empty or partial list would make the loops below pass vacuously.
    expect(routes.map((r) => `${r.method} ${r.url}`)).toEqual(
      expect.arrayContaining([
        'GET /api/shipments/ocean',
        'POST /api/shipments/ocean',
        'GET /api/shipments/ocean/options',
        'POST /api/shipments/ocean/archive',
        'POST /api/shipments/ocean/favorite',
        'GET /api/shipments/ocean/X/Y',
        'GET /api/shipments/ocean/bills',
        'GET /api/shipments/ocean/bills/B',
        'DELETE /api/shipments/ocean/bills/B',
        'GET /api/shipments/express',
        'POST /api/shipments/express',
        'GET /api/shipments/express/options',
        'POST /api/shipments/express/archive',
        'POST /api/shipments/express/favorite',
        'GET /api/shipments/express/E/N',
        'GET /api/shipments/ocean/S/documents',
        'GET /api/shipments/ocean/S/documents/DO/file',
        'DELETE /api/shipments/express/E/documents/DE',
      ]),
    );
  });

  it('lets a view-only member (1) read and star but refuses every other shipment write', async () => {
    const { team, id, parcelId, item } = await teamWithShipment();
    const viewer = await addMember(app, ctx, team, { shipmentPermission: 1 });

    for (const { method, url } of await shipmentRoutes(item)) {
      const res = await call(method, url, viewer.cookie, {});
      if (method === 'GET') {
        expect(res.statusCode, `${method} ${url}`).toBe(200);
      } else if (url.endsWith('/favorite')) {
        // A star is the viewer's own (ADR 0033): past the access check, the empty body is refused.
        expect(res.statusCode, `${method} ${url}`).toBe(400);
      } else {
        expect(res.statusCode, `${method} ${url}`).toBe(403);
        expect(res.json(), `${method} ${url}`).toMatchObject({
          success: false,
          code: 'FORBIDDEN',
          message: VIEW_ONLY,
        });
      }
    }

    // The writes the issue names, with real bodies: nothing changes.
    const writes = [
      ['/api/shipments/ocean/archive', { shipmentOverallIds: [id], archived: true }],
      ['/api/shipments/ocean/archive', { shipmentOverallIds: [id], archived: false }],
      ['/api/shipments/ocean', { items: [{ containerNo: containerNo(), mblNo: mbl() }] }],
      ['/api/shipments/express/archive', { expressOrderIds: [parcelId], archived: true }],
      ['/api/shipments/express', { items: [{ trackingNo: 'VIEWER0001', carrier: 'gls' }] }],
    ] as const;
    for (const [url, body] of writes) {
      expect((await call('POST', url, viewer.cookie, body)).statusCode, url).toBe(403);
    }
    expect(await rowOf(id)).toMatchObject({ archived: false });
    // Their own star they may set, on either mode; nobody else's list changes.
    const stars = [
      ['/api/shipments/ocean/favorite', { shipmentOverallIds: [id], favorite: true }],
      ['/api/shipments/express/favorite', { expressOrderIds: [parcelId], favorite: true }],
    ] as const;
    for (const [url, body] of stars) {
      expect((await call('POST', url, viewer.cookie, body)).statusCode, url).toBe(200);
    }
    expect(await starsOf(id)).toEqual([viewer.userId]);
    expect(await starsOf(parcelId)).toEqual([viewer.userId]);
    const rows = await ctx.db
      .select()
      .from(oceanShipments)
      .where(eq(oceanShipments.workspaceId, team.defaultWorkspaceId));
    expect(rows).toHaveLength(1);

    // The list and the detail answer with the workspace's shipment.
    const list = (await call('GET', '/api/shipments/ocean', viewer.cookie)).json().result;
    expect(list.items.map((i: { shipmentOverallId: string }) => i.shipmentOverallId)).toEqual([id]);
    const detail = await call('GET', `/api/shipments/ocean/${item.containerNo}/${item.mblNo}`, viewer.cookie);
    expect(detail.json().result.shipmentOverallId).toBe(id);
    const parcelDetail = await call(
      'GET',
      `/api/shipments/express/${item.expressOrderId}/${item.expressOrderNo}`,
      viewer.cookie,
    );
    expect(parcelDetail.json().result).toMatchObject({
      expressOrderId: parcelId,
      archived: false,
      favorite: true,
    });
    const ownersDetail = await call(
      'GET',
      `/api/shipments/express/${item.expressOrderId}/${item.expressOrderNo}`,
      team.owner.cookie,
    );
    expect(ownersDetail.json().result.favorite).toBe(false);
  });

  it('lets a member with permission 0 archive, unarchive and favourite', async () => {
    const { team, id } = await teamWithShipment();
    const editor = await addMember(app, ctx, team, { shipmentPermission: 0 });
    const archive = await call('POST', '/api/shipments/ocean/archive', editor.cookie, {
      shipmentOverallIds: [id],
      archived: true,
    });
    expect(archive.json().result.updatedIds).toEqual([id]);
    expect((await rowOf(id)).archived).toBe(true);
    await call('POST', '/api/shipments/ocean/archive', editor.cookie, {
      shipmentOverallIds: [id],
      archived: false,
    });
    await call('POST', '/api/shipments/ocean/favorite', editor.cookie, {
      shipmentOverallIds: [id],
      favorite: true,
    });
    expect(await rowOf(id)).toMatchObject({ archived: false });
    expect(await starsOf(id)).toEqual([editor.userId]);
  });

  it('gives a member without shipment access (2) no shipment route at all', async () => {
    const { team, item } = await teamWithShipment();
    const none = await addMember(app, ctx, team, { shipmentPermission: 2 });
    for (const { method, url } of await shipmentRoutes(item)) {
      const res = await call(method, url, none.cookie, {});
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().message, `${method} ${url}`).toBe(NO_ACCESS);
    }
  });

  it("answers another organization's user as if the shipment did not exist", async () => {
    const { id, parcelId, item } = await teamWithShipment();
    const stranger = await buildTeam(app, ctx);
    const parcelDetail = await call(
      'GET',
      `/api/shipments/express/${item.expressOrderId}/${item.expressOrderNo}`,
      stranger.owner.cookie,
    );
    expect(parcelDetail.statusCode).toBe(404);
    const parcelArchive = await call('POST', '/api/shipments/express/archive', stranger.owner.cookie, {
      expressOrderIds: [parcelId],
      archived: true,
    });
    expect(parcelArchive.json().result.updatedIds).toEqual([]);
    const detail = await call(
      'GET',
      `/api/shipments/ocean/${item.containerNo}/${item.mblNo}`,
      stranger.owner.cookie,
    );
    expect(detail.statusCode).toBe(404);
    expect(detail.json().code).toBe('NOT_FOUND');
    // Its followed bill of lading: not found either, to read or to stop following.
    for (const method of ['GET', 'DELETE'] as const) {
      const bill = await call(method, `/api/shipments/ocean/bills/${item.billId}`, stranger.owner.cookie);
      expect(bill.statusCode, method).toBe(404);
      expect(bill.json().code, method).toBe('NOT_FOUND');
    }
    // Starring another workspace's shipment: not found, as if it did not exist, in both modes.
    const favorite = await call('POST', '/api/shipments/ocean/favorite', stranger.owner.cookie, {
      shipmentOverallIds: [id],
      favorite: true,
    });
    expect(favorite.statusCode).toBe(404);
    expect(favorite.json()).toMatchObject({
      success: false,
      code: 'NOT_FOUND',
      message: 'This shipment is not tracked in this workspace.',
    });
    const parcelFavorite = await call('POST', '/api/shipments/express/favorite', stranger.owner.cookie, {
      expressOrderIds: [parcelId],
      favorite: true,
    });
    expect(parcelFavorite.statusCode).toBe(404);
    expect(await starsOf(id)).toEqual([]);
    expect(await starsOf(parcelId)).toEqual([]);
  });

  it('refuses anonymous callers before anything else', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/shipments/ocean/archive', payload: {} });
    expect(res.statusCode).toBe(401);
  });
});
