import { describe, expect, it } from 'vitest';
import { WORKSPACE_HEADER } from '@tracklane/shared/api/workspace-header';
import { lastMailTo, signUp } from '../../auth-helpers';
import { token } from '../../comments-helpers';
import { addMember, buildTeam, createWorkspaceAs, type Team } from '../../factories';
import { airCalls, useAirApp } from './air-app';

/**
 * The test-only air mode in the features whose wire shapes are built over the registered modes:
 * sharing with people, public links, the search across workspaces and comments, through their routes.
 */
const { app, ctx } = await useAirApp();
const { call, addAir } = airCalls(app);

/** The team's air waybill, tagged: what belongs to the sharer's workspace, which no share shows. */
async function taggedAir(team: Team) {
  const shipment = await addAir(team);
  const tagged = await call(team.owner.cookie, 'PUT', `/api/shipments/air/${shipment.id}/tags`, {
    tags: ['Pharma'],
  });
  expect(tagged.statusCode, tagged.body).toBe(200);
  return shipment;
}

const shareAir = (cookie: string, shipment: { awb: string; id: string }, emails: string[]) =>
  call(cookie, 'POST', '/api/shares', {
    shipmentType: 'air',
    shipments: [{ awb: shipment.awb, airShipmentId: shipment.id }],
    emails,
  });
const linkAir = (cookie: string, ids: string[]) =>
  call(cookie, 'POST', '/api/share-links', { shipmentType: 'air', shipmentIds: ids });
const search = (cookie: string, q: string, workspaceId?: string) =>
  app.inject({
    method: 'GET',
    url: `/api/search?q=${encodeURIComponent(q)}`,
    headers: { cookie, ...(workspaceId ? { [WORKSPACE_HEADER]: workspaceId } : {}) },
  });

describe('sharing an air shipment with people', () => {
  it('reaches the recipient’s invites, shared history and read-only detail until revoked', async () => {
    const team = await buildTeam(app, ctx);
    const shipment = await taggedAir(team);
    const friend = await signUp(app, ctx);
    const shared = await shareAir(team.owner.cookie, shipment, [friend.email]);
    expect(shared.statusCode, shared.body).toBe(200);
    expect(shared.json().result).toEqual({ recipients: 1 });
    const mail = await lastMailTo(ctx, friend.email);
    expect(mail!.text).toContain(shipment.awb);

    const history = await call(friend.cookie, 'GET', '/api/shipment-history/air/shared-history');
    expect(history.statusCode, history.body).toBe(200);
    expect(history.json().result).toMatchObject({
      total: 1,
      rows: [{ shipmentType: 'air', number: shipment.awb, reference: 'LH', carrierName: 'Lufthansa Cargo' }],
    });
    const overallId = history.json().result.rows[0].overallId as string;
    const ocean = await call(friend.cookie, 'GET', '/api/shipment-history/ocean/shared-history');
    expect(ocean.json().result.total).toBe(0);
    const invites = await call(friend.cookie, 'GET', '/api/invite/notifications');
    expect(invites.json().result).toMatchObject({
      unreadNumber: 1,
      notifications: [{ overallId, shipmentType: 'air', number: shipment.awb }],
    });

    const detailUrl = `/api/shipment-history/air/shared-history/details/${overallId}`;
    const detail = await call(friend.cookie, 'GET', detailUrl);
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json().result).toMatchObject({
      share: { overallId, shipmentType: 'air' },
      ocean: null,
      express: null,
      air: { airShipmentId: shipment.id, awb: shipment.awb, tags: [], archived: false, favorite: false },
    });
    expect(detail.body).not.toContain('Pharma');
    // The address names the mode: the share is not at another mode's.
    const elsewhere = `/api/shipment-history/ocean/shared-history/details/${overallId}`;
    expect((await call(friend.cookie, 'GET', elsewhere)).statusCode).toBe(404);
    const stranger = await signUp(app, ctx);
    expect((await call(stranger.cookie, 'GET', detailUrl)).statusCode).toBe(404);

    const sentUrl = `/api/shares?shipmentType=air&shipmentId=${shipment.id}`;
    const sent = (await call(team.owner.cookie, 'GET', sentUrl)).json().result;
    expect(sent).toMatchObject([{ email: friend.email.toLowerCase(), state: 'opened' }]);
    expect((await call(team.owner.cookie, 'DELETE', `/api/shares/${String(sent[0].id)}`)).statusCode).toBe(
      200,
    );
    expect((await call(friend.cookie, 'GET', detailUrl)).statusCode).toBe(404);
  });

  it('refuses a view-only member (403) and another tenant (404)', async () => {
    const team = await buildTeam(app, ctx);
    const shipment = await addAir(team);
    const friend = await signUp(app, ctx);
    const viewOnly = await addMember(app, ctx, team, { shipmentPermission: 1 });
    const refused = await shareAir(viewOnly.cookie, shipment, [friend.email]);
    expect(refused.statusCode).toBe(403);
    expect((await linkAir(viewOnly.cookie, [shipment.id])).statusCode).toBe(403);
    const sentUrl = `/api/shares?shipmentType=air&shipmentId=${shipment.id}`;
    expect((await call(viewOnly.cookie, 'GET', sentUrl)).statusCode).toBe(403);

    const other = await buildTeam(app, ctx);
    expect((await shareAir(other.owner.cookie, shipment, [friend.email])).statusCode).toBe(404);
    expect((await linkAir(other.owner.cookie, [shipment.id])).statusCode).toBe(404);
    // The waybill named by its id with another number is not the one chosen.
    const swapped = { awb: '02000000000', id: shipment.id };
    expect((await shareAir(team.owner.cookie, swapped, [friend.email])).statusCode).toBe(404);
    expect(
      (await call(friend.cookie, 'GET', '/api/shipment-history/air/shared-history')).json().result,
    ).toMatchObject({ total: 0 });
  });
});

describe('a public link to an air shipment', () => {
  it('shows it without a session, nothing of the workspace, until it is revoked', async () => {
    const team = await buildTeam(app, ctx);
    const shipment = await taggedAir(team);
    const created = await linkAir(team.owner.cookie, [shipment.id]);
    expect(created.statusCode, created.body).toBe(200);
    const link = created.json().result as { id: string; token: string; url: string };
    expect(created.json().result).toMatchObject({
      shipmentType: 'air',
      numbers: [shipment.awb],
      state: 'live',
    });

    const opened = await call(null, 'GET', `/api/share/${link.token}`);
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json().result).toMatchObject({
      shipmentType: 'air',
      shipments: [{ number: shipment.awb, reference: 'LH', carrierName: 'Lufthansa Cargo' }],
    });
    expect(opened.body).not.toContain('Pharma');
    expect(opened.body).not.toContain(shipment.id);
    expect(opened.body).not.toContain(team.owner.email);

    const listed = await call(
      team.owner.cookie,
      'GET',
      `/api/share-links?shipmentType=air&shipmentId=${shipment.id}`,
    );
    expect(listed.json().result).toMatchObject([{ id: link.id, shipmentType: 'air', state: 'live' }]);
    const viewOnly = await addMember(app, ctx, team, { shipmentPermission: 1 });
    expect((await call(viewOnly.cookie, 'DELETE', `/api/share-links/${link.id}`)).statusCode).toBe(403);
    const other = await buildTeam(app, ctx);
    expect((await call(other.owner.cookie, 'DELETE', `/api/share-links/${link.id}`)).statusCode).toBe(404);
    expect((await call(null, 'GET', `/api/share/${link.token}`)).statusCode).toBe(200);

    expect((await call(team.owner.cookie, 'DELETE', `/api/share-links/${link.id}`)).statusCode).toBe(200);
    const revoked = await call(null, 'GET', `/api/share/${link.token}`);
    expect(revoked.statusCode).toBe(410);
    expect(revoked.json().code).toBe('LINK_EXPIRED');
  });
});

describe('searching for an air shipment', () => {
  it('finds it by its AWB and its tag from another workspace of the organization', async () => {
    const team = await buildTeam(app, ctx);
    const shipment = await taggedAir(team);
    const deskId = await createWorkspaceAs(app, team.owner.cookie, 'Air Desk');

    const byNumber = await search(team.owner.cookie, shipment.awb.slice(0, 9), deskId);
    expect(byNumber.statusCode, byNumber.body).toBe(200);
    expect(byNumber.json().result.items).toEqual([
      expect.objectContaining({
        mode: 'air',
        shipmentId: shipment.id,
        airShipmentId: shipment.id,
        awb: shipment.awb,
        airline: 'LH',
        workspace: { id: team.defaultWorkspaceId, name: 'Default Workspace' },
        tags: ['Pharma'],
        match: expect.objectContaining({ field: 'trackingNo', value: shipment.awb, exact: false }),
      }),
    ]);
    const byTag = await search(team.owner.cookie, 'pharm', deskId);
    expect(byTag.json().result.items).toMatchObject([
      {
        mode: 'air',
        shipmentId: shipment.id,
        match: { field: 'tag', value: 'Pharma', label: 'Tag: Pharma' },
      },
    ]);
  });

  it('finds nothing for another tenant or a member without shipment access', async () => {
    const team = await buildTeam(app, ctx);
    const shipment = await addAir(team);
    const noAccess = await addMember(app, ctx, team, { shipmentPermission: 2 });
    const other = await buildTeam(app, ctx);
    for (const cookie of [other.owner.cookie, noAccess.cookie]) {
      const res = await search(cookie, shipment.awb);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().result.items).toEqual([]);
    }
    expect((await search(team.owner.cookie, shipment.awb)).json().result.items).toMatchObject([
      { mode: 'air', match: { exact: true } },
    ]);
  });
});

describe('comments on an air shipment', () => {
  it('are posted and read through the routes, and mention members', async () => {
    const team = await buildTeam(app, ctx);
    const shipment = await addAir(team);
    const colleague = await addMember(app, ctx, team);
    const viewOnly = await addMember(app, ctx, team, { shipmentPermission: 1 });
    const thread = `/api/comments/air/${shipment.id}`;
    const posted = await call(team.owner.cookie, 'POST', thread, { content: `Landed, ${token(colleague)}` });
    expect(posted.statusCode, posted.body).toBe(200);
    expect((await call(viewOnly.cookie, 'POST', thread, { content: 'Seen' })).statusCode).toBe(200);
    const read = await call(colleague.cookie, 'GET', thread);
    expect(read.json().result.comments.map((c: { content: string }) => c.content)).toEqual([
      `Landed, ${token(colleague)}`,
      'Seen',
    ]);

    const mentions = await call(colleague.cookie, 'POST', '/api/comments/at/list', {});
    expect(mentions.statusCode, mentions.body).toBe(200);
    expect(mentions.json().result).toMatchObject({
      unreadNumber: 1,
      atList: [
        {
          commentId: posted.json().result.id,
          workspaceId: team.defaultWorkspaceId,
          shipmentType: 'air',
          containerNo: null,
          expressOrderId: null,
        },
      ],
    });
  });

  it('refuses another tenant (404), members without shipment access (403) and unknown modes (400)', async () => {
    const team = await buildTeam(app, ctx);
    const shipment = await addAir(team);
    const noAccess = await addMember(app, ctx, team, { shipmentPermission: 2 });
    const other = await buildTeam(app, ctx);
    const thread = `/api/comments/air/${shipment.id}`;
    expect((await call(other.owner.cookie, 'GET', thread)).statusCode).toBe(404);
    expect((await call(other.owner.cookie, 'POST', thread, { content: 'Hello?' })).statusCode).toBe(404);
    expect((await call(noAccess.cookie, 'GET', thread)).statusCode).toBe(403);
    expect((await call(noAccess.cookie, 'POST', thread, { content: 'Let me in' })).statusCode).toBe(403);

    const unknown = await call(team.owner.cookie, 'GET', `/api/comments/rail/${shipment.id}`);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('Shipment type must be ocean, express or air');
  });
});

describe('the OpenAPI document', () => {
  it('documents the air mode beside the built-in ones where the wire shapes are built over the modes', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).body;
    const json = JSON.parse(doc) as { paths: Record<string, Record<string, unknown>> };
    const operation = (path: string, method: string) => JSON.stringify(json.paths[path]![method]);
    expect(operation('/api/search', 'get')).toContain('"airShipmentId"');
    expect(operation('/api/shares', 'post')).toContain('"airShipmentId"');
    expect(operation('/api/shares', 'post')).toContain('"mblNo"');
    expect(operation('/api/shipment-history/{type}/shared-history/details/{overallId}', 'get')).toMatch(
      /"air":\{[^]*"ocean":\{|"ocean":\{[^]*"air":\{/,
    );
    expect(operation('/api/comments/{shipmentType}/{shipmentId}', 'get')).toContain('"air"');
  });
});
