import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { TrackingEvent } from '@tracklane/shared/tracking/ocean/tracking-event';
import { notificationSettings } from '../src/db/schema/notifications';
import { oceanShipments, trackedItems } from '../src/db/schema/tracking';
import { ITEMS_CHANGED_SUBSCRIBERS } from '../src/items-changed-subscribers';
import type { OceanAnswer } from '../src/integrations/tracking/provider';
import { oneProvider } from '../src/integrations/tracking/sources';
import { createExpressMode } from '../src/modules/express-shipments/express-mode';
import { createOceanMode } from '../src/modules/ocean-shipments/ocean-mode';
import { refreshItem, type TrackingEngine } from '../src/modules/tracking/refresh.service';
import { useTestApp } from './app';
import type { Account } from './auth-helpers';
import { addMember, buildTeam, containerNo, mbl, type Team } from './factories';
import { closed, opened } from './sockets';
import { files, upload } from './support/documents';

const { app, ctx } = await useTestApp();
await app.listen({ port: 0, host: '127.0.0.1' });
const port = (app.server.address() as { port: number }).port;
const open: WebSocket[] = [];
afterAll(() => {
  for (const socket of open) socket.close();
});

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, account: Account, payload?: object) =>
  app.inject({ method, url, headers: { cookie: account.cookie }, ...(payload ? { payload } : {}) });

/** A socket that keeps every message it gets, to wait for one or to show that none came. */
class Listener {
  readonly messages: Record<string, unknown>[] = [];
  constructor(readonly socket: WebSocket) {
    open.push(socket);
    socket.on('message', (data: Buffer) => this.messages.push(JSON.parse(data.toString())));
  }
  /** The first message (from now on, or already heard) that matches, within a generous wait. */
  async next(match: Record<string, unknown>, waitMs = 15_000): Promise<Record<string, unknown>> {
    const found = () =>
      this.messages.find((m) => Object.entries(match).every(([k, v]) => m[k] === v)) ?? null;
    const deadline = Date.now() + waitMs;
    while (Date.now() < deadline) {
      const message = found();
      if (message) return message;
      await new Promise((r) => setTimeout(r, 20));
    }
    throw new Error(
      `no ${JSON.stringify(match)} within ${String(waitMs)} ms: ${JSON.stringify(this.messages)}`,
    );
  }
  /** Asks to follow a workspace and a shipment; resolves with what the server says is followed. */
  async follow(workspaceId: string | null, shipmentId: string | null) {
    this.messages.length = 0;
    this.socket.send(JSON.stringify({ type: 'follow', workspaceId, shipmentId }));
    const answer = await this.next({ type: 'followed' });
    this.messages.length = 0;
    return { workspaceId: answer.workspaceId, shipmentId: answer.shipmentId };
  }
}

async function userSocket(account: Account): Promise<Listener> {
  const socket = new WebSocket(`ws://127.0.0.1:${String(port)}/api/ws/events?userId=${account.userId}`, {
    headers: { cookie: account.cookie },
  });
  await opened(socket);
  return new Listener(socket);
}

async function follow(team: Team): Promise<string> {
  const res = await call('POST', '/api/shipments/ocean', team.owner, {
    items: [{ containerNo: containerNo(), mblNo: mbl() }],
  });
  expect(res.json().result[0].outcome).toBe('created');
  return res.json().result[0].shipmentOverallId as string;
}

const archive = (account: Account, id: string, archived = true) =>
  call('POST', '/api/shipments/ocean/archive', account, { shipmentOverallIds: [id], archived });

describe('following live topics', () => {
  it('follows only what the user may see: another organization’s workspace and shipment are refused', async () => {
    const a = await buildTeam(app, ctx);
    const b = await buildTeam(app, ctx);
    const shipmentOfA = await follow(a);
    const socketOfB = await userSocket(b.owner);
    expect(await socketOfB.follow(a.defaultWorkspaceId, shipmentOfA)).toEqual({
      workspaceId: null,
      shipmentId: null,
    });
    expect(await socketOfB.follow(b.defaultWorkspaceId, null)).toEqual({
      workspaceId: b.defaultWorkspaceId,
      shipmentId: null,
    });
    const socketOfA = await userSocket(a.owner);
    expect(await socketOfA.follow(a.defaultWorkspaceId, shipmentOfA)).toEqual({
      workspaceId: a.defaultWorkspaceId,
      shipmentId: shipmentOfA,
    });
  });

  it('refuses a member who may not see shipments', async () => {
    const team = await buildTeam(app, ctx);
    const shipment = await follow(team);
    const blind = await addMember(app, ctx, team, { shipmentPermission: 2 });
    const socket = await userSocket(blind);
    expect(await socket.follow(team.defaultWorkspaceId, shipment)).toEqual({
      workspaceId: null,
      shipmentId: null,
    });
  });

  it('ignores what is not a follow request and keeps the socket open', async () => {
    const team = await buildTeam(app, ctx);
    const socket = await userSocket(team.owner);
    socket.socket.send('not json');
    socket.socket.send(JSON.stringify({ type: 'follow', workspaceId: "1' OR 1=1", shipmentId: null }));
    expect(await socket.follow(team.defaultWorkspaceId, null)).toEqual({
      workspaceId: team.defaultWorkspaceId,
      shipmentId: null,
    });
    expect(socket.socket.readyState).toBe(WebSocket.OPEN);
  });
});

describe('writes reach the pages that show them', () => {
  it('a colleague’s archive reaches the workspace and the shipment, and nobody in another organization', async () => {
    const a = await buildTeam(app, ctx);
    const b = await buildTeam(app, ctx);
    const shipment = await follow(a);
    const colleague = await addMember(app, ctx, a);
    const watcher = await userSocket(colleague);
    await watcher.follow(a.defaultWorkspaceId, shipment);
    // B asks for its own workspace and A's shipment: it gets the first only.
    const outsider = await userSocket(b.owner);
    expect(await outsider.follow(b.defaultWorkspaceId, shipment)).toEqual({
      workspaceId: b.defaultWorkspaceId,
      shipmentId: null,
    });

    expect((await archive(a.owner, shipment)).statusCode).toBe(200);
    await watcher.next({ type: 'workspace.changed', workspaceId: a.defaultWorkspaceId });
    await watcher.next({ type: 'shipment.changed', shipmentId: shipment });

    // B's own workspace changes next: its socket hears that, and had heard nothing of A's archive.
    await follow(b);
    await outsider.next({ type: 'workspace.changed', workspaceId: b.defaultWorkspaceId });
    expect(outsider.messages).toEqual([{ type: 'workspace.changed', workspaceId: b.defaultWorkspaceId }]);
  });

  it('tags and comments reach the shipment’s page', async () => {
    const team = await buildTeam(app, ctx);
    const shipment = await follow(team);
    const colleague = await addMember(app, ctx, team);
    const watcher = await userSocket(colleague);
    await watcher.follow(null, shipment);
    const tagged = await call('PUT', `/api/shipments/ocean/${shipment}/tags`, team.owner, {
      tags: ['urgent'],
    });
    expect(tagged.statusCode).toBe(200);
    await watcher.next({ type: 'shipment.changed', shipmentId: shipment });
    watcher.messages.length = 0;
    expect(
      (await call('POST', `/api/comments/ocean/${shipment}`, team.owner, { content: 'Hi' })).statusCode,
    ).toBe(200);
    await watcher.next({ type: 'shipment.changed', shipmentId: shipment });
  });

  it('an added or deleted document reaches the shipment’s page', async () => {
    const team = await buildTeam(app, ctx);
    const shipment = await follow(team);
    const colleague = await addMember(app, ctx, team);
    const watcher = await userSocket(colleague);
    await watcher.follow(null, shipment);
    const added = await upload(app, team.owner, 'ocean', shipment, { name: 'bl.pdf', bytes: files.pdf() });
    expect(added.statusCode, added.body).toBe(200);
    await watcher.next({ type: 'shipment.changed', shipmentId: shipment });
    watcher.messages.length = 0;
    const id = added.json<{ result: { id: string } }>().result.id;
    expect(
      (await call('DELETE', `/api/shipments/ocean/${shipment}/documents/${id}`, team.owner)).statusCode,
    ).toBe(200);
    await watcher.next({ type: 'shipment.changed', shipmentId: shipment });
  });

  it('a colleague’s change to the companies reaches the workspace’s pages', async () => {
    const team = await buildTeam(app, ctx);
    const colleague = await addMember(app, ctx, team);
    const watcher = await userSocket(colleague);
    await watcher.follow(team.defaultWorkspaceId, null);
    const added = await call('POST', '/api/companies', team.owner, { name: 'Acme' });
    expect(added.statusCode).toBe(200);
    await watcher.next({ type: 'workspace.changed', workspaceId: team.defaultWorkspaceId });
    watcher.messages.length = 0;
    const id = added.json<{ result: { id: string } }>().result.id;
    expect((await call('PUT', `/api/companies/${id}`, team.owner, { name: 'Acme Ltd' })).statusCode).toBe(
      200,
    );
    await watcher.next({ type: 'workspace.changed', workspaceId: team.defaultWorkspaceId });
    watcher.messages.length = 0;
    expect((await call('DELETE', `/api/companies/${id}`, team.owner)).statusCode).toBe(200);
    await watcher.next({ type: 'workspace.changed', workspaceId: team.defaultWorkspaceId });
  });

  it('custom field definitions reach the workspace’s pages, a value the shipment’s page', async () => {
    const team = await buildTeam(app, ctx);
    const shipment = await follow(team);
    const colleague = await addMember(app, ctx, team);
    const watcher = await userSocket(colleague);
    await watcher.follow(team.defaultWorkspaceId, shipment);
    const added = await call('POST', '/api/custom-fields', team.owner, { name: 'Cost centre', type: 'text' });
    expect(added.statusCode).toBe(200);
    await watcher.next({ type: 'workspace.changed', workspaceId: team.defaultWorkspaceId });
    watcher.messages.length = 0;
    const id = added.json<{ result: { id: string } }>().result.id;
    const set = await call('PATCH', `/api/shipments/ocean/${shipment}/custom-fields`, team.owner, {
      values: { [id]: 'EU-7' },
    });
    expect(set.statusCode).toBe(200);
    await watcher.next({ type: 'shipment.changed', shipmentId: shipment });
  });

  it('stops reaching a member removed from the workspace', async () => {
    const team = await buildTeam(app, ctx);
    const shipment = await follow(team);
    const colleague = await addMember(app, ctx, team);
    const watcher = await userSocket(colleague);
    await watcher.follow(team.defaultWorkspaceId, shipment);
    const removed = await call('POST', '/api/organization/members/remove', team.owner, {
      userId: colleague.userId,
    });
    expect(removed.statusCode).toBe(200);
    // Checked again on the access change: now nothing is followed.
    await watcher.next({ type: 'followed', workspaceId: null, shipmentId: null });
    watcher.messages.length = 0;
    await archive(team.owner, shipment);
    // The owner's own socket hears the archive, the removed member's does not.
    const owner = await userSocket(team.owner);
    await owner.follow(team.defaultWorkspaceId, null);
    await archive(team.owner, shipment, false);
    await owner.next({ type: 'workspace.changed' });
    expect(watcher.messages.filter((m) => m.type !== 'notifications.changed')).toEqual([]);
  });
});

describe('the engine’s announcement', () => {
  const carrier = { ocean: { status: 'not_found' } as OceanAnswer };
  const engine: TrackingEngine = {
    modes: {
      ocean: createOceanMode(oneProvider({ source: 'demo', track: async () => carrier.ocean })),
      express: createExpressMode(
        oneProvider({ source: 'demo', track: async () => ({ status: 'not_found' }) }),
      ),
    },
    notFoundAttempts: 1,
    demoCarriers: false,
    onItemsChanged: ITEMS_CHANGED_SUBSCRIBERS,
  };
  const arrival = (id: string, time: string): TrackingEvent => ({
    eventId: id,
    eventType: 'TRANSPORT',
    typeCode: 'ARRI',
    classifier: 'EST',
    emptyIndicator: null,
    locationCode: 'NLRTM',
    locationName: null,
    vesselName: 'EVER ACE',
    vesselImo: null,
    voyage: '001W',
    transportCallSequence: 2,
    eventTime: time,
    createdAt: '2026-11-01T00:00:00.000Z',
  });

  it('reaches every following workspace’s pages when an ETA moves, with container notifications off', async () => {
    const a = await buildTeam(app, ctx);
    const b = await buildTeam(app, ctx);
    const numbers = { containerNo: containerNo(), mblNo: mbl() };
    for (const team of [a, b]) await call('POST', '/api/shipments/ocean', team.owner, { items: [numbers] });
    const rows = await ctx.db
      .select({
        id: oceanShipments.id,
        itemId: oceanShipments.itemId,
        workspaceId: oceanShipments.workspaceId,
      })
      .from(oceanShipments)
      .where(eq(oceanShipments.containerNo, numbers.containerNo));
    expect(rows).toHaveLength(2);
    const itemId = rows[0]!.itemId;
    // Data from a source everyone may see, as the demo carrier's or an operator-wide connection's.
    await ctx.db.update(trackedItems).set({ scope: 'shared' }).where(eq(trackedItems.id, itemId));
    await ctx.db
      .insert(notificationSettings)
      .values({ userId: a.owner.userId, containerNotifications: false })
      .onConflictDoUpdate({ target: notificationSettings.userId, set: { containerNotifications: false } });
    const ofA = rows.find((r) => r.workspaceId === a.defaultWorkspaceId)!;
    const ofB = rows.find((r) => r.workspaceId === b.defaultWorkspaceId)!;
    const socketA = await userSocket(a.owner);
    await socketA.follow(a.defaultWorkspaceId, ofA.id);
    const socketB = await userSocket(b.owner);
    await socketB.follow(b.defaultWorkspaceId, ofB.id);

    carrier.ocean = { status: 'found', events: [arrival('eta-1', '2026-12-01T00:00:00.000Z')] };
    expect((await refreshItem(ctx, engine, itemId, new Date())).result).toBe('changed');
    await socketA.next({ type: 'workspace.changed', workspaceId: a.defaultWorkspaceId });
    await socketA.next({ type: 'shipment.changed', shipmentId: ofA.id });
    await socketB.next({ type: 'shipment.changed', shipmentId: ofB.id });
    // Each hears only its own workspace's shipment.
    expect(
      socketA.messages.some((m) => m.shipmentId === ofB.id || m.workspaceId === b.defaultWorkspaceId),
    ).toBe(false);

    // The same answer again changes nothing: nothing is announced.
    socketA.messages.length = 0;
    expect((await refreshItem(ctx, engine, itemId, new Date())).result).toBe('unchanged');
    await archive(a.owner, ofA.id);
    await socketA.next({ type: 'shipment.changed', shipmentId: ofA.id });
    expect(socketA.messages.filter((m) => m.type === 'workspace.changed')).toHaveLength(1);
  });
});

describe('a public link’s page', () => {
  it('hears that its shipments changed, without ids, and that the link was revoked', async () => {
    const team = await buildTeam(app, ctx);
    const shipment = await follow(team);
    const other = await follow(team);
    const created = await call('POST', '/api/share-links', team.owner, {
      shipmentType: 'ocean',
      shipmentIds: [shipment],
    });
    expect(created.statusCode).toBe(200);
    const { token, id } = created.json().result as { token: string; id: string };
    const socket = new WebSocket(`ws://127.0.0.1:${String(port)}/api/ws/share/${token}`);
    await opened(socket);
    const page = new Listener(socket);

    // Another shipment of the workspace: the link does not show it.
    await archive(team.owner, other);
    await archive(team.owner, shipment);
    await page.next({ type: 'share.changed' });
    expect(page.messages).toEqual([{ type: 'share.changed' }]);

    page.messages.length = 0;
    expect((await call('DELETE', `/api/share-links/${id}`, team.owner)).statusCode).toBe(200);
    await page.next({ type: 'share.changed' });
    const ended = closed(socket);
    socket.close();
    await ended;
  });

  it('is refused for a token that opens no link', async () => {
    const socket = new WebSocket(`ws://127.0.0.1:${String(port)}/api/ws/share/${'x'.repeat(43)}`);
    await expect(opened(socket)).rejects.toThrow('refused with 404');
  });
});
