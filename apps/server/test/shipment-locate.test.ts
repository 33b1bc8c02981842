import { describe, expect, it } from 'vitest';
import { useTestApp } from './app';
import { addMember, buildTeam, containerNo, createWorkspaceAs, mbl } from './factories';

const { app, ctx } = await useTestApp();

const get = (url: string, cookie: string) => app.inject({ method: 'GET', url, headers: { cookie } });
const post = (url: string, cookie: string, payload: object) =>
  app.inject({ method: 'POST', url, headers: { cookie }, payload });

describe('where a shipment a link names is tracked among my workspaces', () => {
  it('names the workspaces of mine that track it, with its id there, and no one else’s', async () => {
    const team = await buildTeam(app, ctx);
    const imports = await createWorkspaceAs(app, team.owner.cookie, 'Imports');
    const container = { containerNo: containerNo('MSCU'), mblNo: mbl() };
    // Added in Imports: the owner's session works there now.
    await post('/api/workspaces/currentId', team.owner.cookie, { workspaceId: imports });
    const [added] = (await post('/api/shipments/ocean', team.owner.cookie, { items: [container] })).json()
      .result;
    const parcel = (
      await post('/api/shipments/express', team.owner.cookie, {
        items: [{ trackingNo: 'TLLOC0000001', carrier: 'gls' }],
      })
    ).json().result[0];

    // A colleague who works in Imports, and one who may not see shipments there.
    const colleague = await addMember(app, ctx, team, { workspaceIds: [team.defaultWorkspaceId, imports] });
    const blind = await addMember(app, ctx, team, { workspaceIds: [imports], shipmentPermission: 2 });
    const viewer = await addMember(app, ctx, team, { workspaceIds: [imports], shipmentPermission: 1 });
    const stranger = await buildTeam(app, ctx);

    const ocean = `/api/shipments/ocean/locate?containerNo=${container.containerNo.toLowerCase()}&mblNo=${container.mblNo}`;
    const places = await get(ocean, colleague.cookie);
    expect(places.statusCode).toBe(200);
    expect(places.json().result).toEqual([
      expect.objectContaining({
        shipmentId: added.shipmentOverallId,
        workspaceId: imports,
        workspaceName: 'Imports',
        organizationId: team.organizationId,
      }),
    ]);
    expect((await get(ocean, viewer.cookie)).json().result).toHaveLength(1);
    expect((await get(ocean, blind.cookie)).json().result).toEqual([]);
    expect((await get(ocean, stranger.owner.cookie)).json().result).toEqual([]);

    const express = `/api/shipments/express/locate?expressOrderNo=tlloc0000001`;
    expect((await get(express, colleague.cookie)).json().result).toEqual([
      expect.objectContaining({ shipmentId: parcel.expressOrderId, workspaceId: imports }),
    ]);
    expect((await get(express, stranger.owner.cookie)).json().result).toEqual([]);
  });

  it('refuses the anonymous and bad input with 4xx, never 500', async () => {
    const team = await buildTeam(app, ctx);
    expect(
      (await app.inject({ method: 'GET', url: '/api/shipments/ocean/locate?containerNo=A&mblNo=B' }))
        .statusCode,
    ).toBe(401);
    for (const url of [
      '/api/shipments/ocean/locate',
      '/api/shipments/ocean/locate?containerNo=&mblNo=x',
      `/api/shipments/ocean/locate?containerNo=${'X'.repeat(41)}&mblNo=x`,
      '/api/shipments/express/locate',
      '/api/shipments/express/locate?expressOrderNo=1&other=2',
    ])
      expect((await get(url, team.owner.cookie)).statusCode, url).toBe(400);
  });
});
