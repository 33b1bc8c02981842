import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { organizations } from '../src/db/schema/organizations';
import { users } from '../src/db/schema/users';
import { shipmentFavorites } from '../src/db/schema/tracking';
import { useTestApp } from './app';
import type { Account } from './auth-helpers';
import { addMember, buildTeam, containerNo, createWorkspaceAs, mbl, type Team } from './factories';
import { nextMessage, opened } from './sockets';

/*
 * Favourites are each member's own (ADR 0033): one member's star changes nobody else's list, detail,
 * filter or socket.
 */

const { app, ctx } = await useTestApp({ apiKeyRateLimitPerMinute: 1000 });
await app.listen({ port: 0, host: '127.0.0.1' });
const port = (app.server.address() as { port: number }).port;

type Mode = 'ocean' | 'express';
const call = (
  account: Account,
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  payload?: object,
  headers: Record<string, string> = {},
) =>
  app.inject({
    method,
    url,
    headers: { cookie: account.cookie, ...headers },
    ...(payload ? { payload } : {}),
  });

let parcelSerial = 0;

/** Two shipments of each mode followed by the team's workspace. */
async function follow(team: Team) {
  const ocean = await call(team.owner, 'POST', '/api/shipments/ocean', {
    items: [
      { containerNo: containerNo(), mblNo: mbl() },
      { containerNo: containerNo(), mblNo: mbl() },
    ],
  });
  const express = await call(team.owner, 'POST', '/api/shipments/express', {
    items: [0, 1].map(() => ({
      trackingNo: `FAV${String(parcelSerial++).padStart(7, '0')}`,
      carrier: 'gls',
    })),
  });
  expect(ocean.statusCode).toBe(200);
  expect(express.statusCode).toBe(200);
  return {
    ocean: ocean.json().result as { shipmentOverallId: string; containerNo: string; mblNo: string }[],
    express: express.json().result as { expressOrderId: string; trackingNo: string }[],
  };
}

const idsBody = (mode: Mode, ids: string[], favorite: boolean) =>
  mode === 'ocean' ? { shipmentOverallIds: ids, favorite } : { expressOrderIds: ids, favorite };

const star = (account: Account, mode: Mode, ids: string[], favorite = true, headers = {}) =>
  call(account, 'POST', `/api/shipments/${mode}/favorite`, idsBody(mode, ids, favorite), headers);

/** The list as `account` sees it (`query` e.g. `favorite=true`): each row's id and star. */
async function listOf(account: Account, mode: Mode, query = '') {
  const res = await call(account, 'GET', `/api/shipments/${mode}?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  const result = res.json().result;
  const rows: { id: string; favorite: boolean }[] =
    mode === 'ocean'
      ? result.items.map((i: { shipmentOverallId: string; favorite: boolean }) => ({
          id: i.shipmentOverallId,
          favorite: i.favorite,
        }))
      : result.expressTrackingDocumentList.map((i: { expressOrderId: string; favorite: boolean }) => ({
          id: i.expressOrderId,
          favorite: i.favorite,
        }));
  return rows;
}

const starredIn = async (account: Account, mode: Mode) =>
  (await listOf(account, mode))
    .filter((r) => r.favorite)
    .map((r) => r.id)
    .sort();
const favouritesTab = async (account: Account, mode: Mode, favorite = 'true') =>
  (await listOf(account, mode, `favorite=${favorite}`)).map((r) => r.id).sort();

describe('personal favourites', () => {
  for (const mode of ['ocean', 'express'] as const) {
    it(`keeps two members' ${mode} stars apart: list, favourites tab and detail`, async () => {
      const team = await buildTeam(app, ctx);
      const member = await addMember(app, ctx, team, { shipmentPermission: 1 });
      const shipments = await follow(team);
      const [a, b] =
        mode === 'ocean'
          ? shipments.ocean.map((s) => s.shipmentOverallId)
          : shipments.express.map((s) => s.expressOrderId);

      const starred = await star(team.owner, mode, [a!]);
      expect(starred.statusCode, starred.body).toBe(200);
      expect(starred.json().result).toEqual({ updatedIds: [a] });
      expect(await starredIn(team.owner, mode)).toEqual([a]);
      // The other member's list, favourites tab and detail are as before.
      expect(await starredIn(member, mode)).toEqual([]);
      expect(await favouritesTab(member, mode)).toEqual([]);
      expect(await favouritesTab(member, mode, 'false')).toEqual([a, b].sort());

      expect((await star(member, mode, [b!, b!])).json().result).toEqual({ updatedIds: [b] });
      expect(await favouritesTab(team.owner, mode)).toEqual([a]);
      expect(await favouritesTab(member, mode)).toEqual([b]);
      expect(await favouritesTab(team.owner, mode, 'false')).toEqual([b]);

      // Both star the same one; one unstars it: the other keeps it.
      await star(team.owner, mode, [b!]);
      await star(member, mode, [b!], false);
      expect(await favouritesTab(team.owner, mode)).toEqual([a, b].sort());
      expect(await favouritesTab(member, mode)).toEqual([]);

      const detailUrl =
        mode === 'ocean'
          ? `/api/shipments/ocean/${shipments.ocean[0]!.containerNo}/${shipments.ocean[0]!.mblNo}`
          : `/api/shipments/express/${shipments.express[0]!.expressOrderId}/${shipments.express[0]!.trackingNo}`;
      expect((await call(team.owner, 'GET', detailUrl)).json().result.favorite).toBe(true);
      expect((await call(member, 'GET', detailUrl)).json().result.favorite).toBe(false);
    });
  }

  it("refuses another workspace's shipment with 404 and changes nothing, even beside one's own", async () => {
    const team = await buildTeam(app, ctx);
    const stranger = await buildTeam(app, ctx);
    const theirs = await follow(team);
    const mine = await follow(stranger);
    for (const mode of ['ocean', 'express'] as const) {
      const [their, own] =
        mode === 'ocean'
          ? [theirs.ocean[0]!.shipmentOverallId, mine.ocean[0]!.shipmentOverallId]
          : [theirs.express[0]!.expressOrderId, mine.express[0]!.expressOrderId];
      for (const ids of [[their], [own, their]]) {
        const res = await star(stranger.owner, mode, ids);
        expect(res.statusCode, `${mode} ${ids.join()}`).toBe(404);
        expect(res.json()).toMatchObject({
          success: false,
          code: 'NOT_FOUND',
          message: 'This shipment is not tracked in this workspace.',
        });
      }
      // An ocean id named as an express one is not found either.
      expect((await star(stranger.owner, mode === 'ocean' ? 'express' : 'ocean', [own])).statusCode).toBe(
        404,
      );
      expect(await favouritesTab(stranger.owner, mode)).toEqual([]);
    }
    const rows = await ctx.db
      .select()
      .from(shipmentFavorites)
      .where(eq(shipmentFavorites.userId, stranger.owner.userId));
    expect(rows).toEqual([]);
  });

  it("answers an API key as its creator: the creator's stars, not another member's", async () => {
    const team = await buildTeam(app, ctx);
    const member = await addMember(app, ctx, team);
    const { ocean, express } = await follow(team);
    const key = (await call(team.owner, 'POST', '/api/api-keys', { name: 'ERP', scope: 'read' })).json()
      .result.key as string;
    await star(team.owner, 'ocean', [ocean[0]!.shipmentOverallId]);
    await star(member, 'ocean', [ocean[1]!.shipmentOverallId]);
    await star(member, 'express', [express[0]!.expressOrderId]);
    const withKey = (url: string) =>
      app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${key}` } });

    const list = (await withKey('/api/v1/shipments/ocean')).json().result.items as {
      shipmentOverallId: string;
      favorite: boolean;
    }[];
    expect(list.filter((i) => i.favorite).map((i) => i.shipmentOverallId)).toEqual([
      ocean[0]!.shipmentOverallId,
    ]);
    const favourites = (await withKey('/api/v1/shipments/ocean?favorite=true')).json().result.items;
    expect(favourites.map((i: { shipmentOverallId: string }) => i.shipmentOverallId)).toEqual([
      ocean[0]!.shipmentOverallId,
    ]);
    const detail = await withKey(`/api/v1/shipments/ocean/${ocean[1]!.shipmentOverallId}`);
    expect(detail.json().result.favorite).toBe(false);
    const parcels = (await withKey('/api/v1/shipments/express')).json().result.expressTrackingDocumentList;
    expect(parcels.every((p: { favorite: boolean }) => !p.favorite)).toBe(true);
  });

  it('goes with the shipment (its workspace deleted) and with the user', async () => {
    const team = await buildTeam(app, ctx);
    const member = await addMember(app, ctx, team);
    const { ocean } = await follow(team);
    const extra = await createWorkspaceAs(app, team.owner.cookie, 'Imports Europe');
    await call(team.owner, 'POST', '/api/workspaces/currentId', { workspaceId: extra });
    const other = await follow(team);
    await star(team.owner, 'ocean', [other.ocean[0]!.shipmentOverallId]);
    await star(team.owner, 'express', [other.express[0]!.expressOrderId]);
    await call(team.owner, 'POST', '/api/workspaces/currentId', { workspaceId: team.defaultWorkspaceId });
    await star(team.owner, 'ocean', [ocean[0]!.shipmentOverallId]);
    await star(member, 'ocean', [ocean[0]!.shipmentOverallId]);
    const starsOf = async (userId: string) =>
      (
        await ctx.db
          .select({ id: shipmentFavorites.subscriptionId })
          .from(shipmentFavorites)
          .where(eq(shipmentFavorites.userId, userId))
      )
        .map((r) => r.id)
        .sort();
    expect(await starsOf(team.owner.userId)).toHaveLength(3);

    const deleted = await call(team.owner, 'DELETE', `/api/workspaces/delete?workspaceId=${extra}`);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await starsOf(team.owner.userId)).toEqual([ocean[0]!.shipmentOverallId]);

    // The member's account goes (with the organization sign-up gave them, which it created).
    await ctx.db.delete(organizations).where(eq(organizations.creatorId, member.userId));
    await ctx.db.delete(users).where(eq(users.id, member.userId));
    expect(await starsOf(member.userId)).toEqual([]);
    expect(await starsOf(team.owner.userId)).toEqual([ocean[0]!.shipmentOverallId]);
  });
});

describe('live updates', () => {
  const connect = (account: Account) =>
    new WebSocket(`ws://127.0.0.1:${String(port)}/api/ws/events?userId=${account.userId}`, {
      headers: { cookie: account.cookie },
    });

  it("nudges the starring user's own tabs, naming the tab that asked, and no other member's", async () => {
    const team = await buildTeam(app, ctx);
    const member = await addMember(app, ctx, team);
    const { ocean, express } = await follow(team);
    const ownerTab = connect(team.owner);
    const memberTab = connect(member);
    await Promise.all([opened(ownerTab), opened(memberTab)]);
    try {
      const ownerHeard = nextMessage(ownerTab);
      const memberHeard = nextMessage(memberTab);
      await star(team.owner, 'ocean', [ocean[0]!.shipmentOverallId], true, { 'x-tab-id': 'tab-1' });
      expect(JSON.parse(await ownerHeard)).toEqual({ type: 'favorites.changed', origin: 'tab-1' });

      // The member's first message is the member's own star, not the owner's.
      const ownerAgain = nextMessage(ownerTab);
      await star(member, 'express', [express[0]!.expressOrderId]);
      expect(JSON.parse(await memberHeard)).toEqual({ type: 'favorites.changed' });

      // Starring what is already starred changes nothing and says nothing: the owner's next message
      // is their unstar.
      await star(team.owner, 'ocean', [ocean[0]!.shipmentOverallId], true, { 'x-tab-id': 'tab-1' });
      await star(team.owner, 'ocean', [ocean[0]!.shipmentOverallId], false, { 'x-tab-id': 'tab-2' });
      expect(JSON.parse(await ownerAgain)).toEqual({ type: 'favorites.changed', origin: 'tab-2' });
    } finally {
      ownerTab.close();
      memberTab.close();
    }
  });
});
