import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { alertEpisodes } from '../../../src/db/schema/alerts';
import { comments } from '../../../src/db/schema/comments';
import { notifications } from '../../../src/db/schema/notifications';
import { webhookEvents } from '../../../src/db/schema/webhooks';
import { addMember, buildTeam, refreshTracked, type Team } from '../../factories';
import { airCalls, useAirApp } from './air-app';
import { AIR, type AirEvent } from './air-mode';

/**
 * The test-only air mode gets every feature written over the modes without a line outside its
 * folder: intake, its list with tab counts and detail, archive, favourites, tags, comments,
 * notifications, alerts, webhooks, the public API and the dashboard.
 */
const { app, ctx, airline } = await useAirApp();

const { call, addAir } = airCalls(app);

const HOUR = 3_600_000;
const at = (ms: number) => new Date(ms).toISOString();
function event(
  kind: AirEvent['kind'],
  classifier: AirEvent['classifier'],
  time: number,
  n: number,
): AirEvent {
  return {
    eventId: `${kind}-${classifier}-${String(n)}`,
    classifier,
    kind,
    airport: 'FRA',
    eventTime: at(time),
    createdAt: at(n),
  };
}

const list = async (team: Team, tab = 'active') =>
  (await call(team.owner.cookie, 'GET', `/api/shipments/air?tab=${tab}`)).json<{
    result: {
      rows: { airShipmentId: string; status: string | null; favorite: boolean; tags: string[] }[];
      activeCount: number;
      archivedCount: number;
    };
  }>().result;

describe('a test-only air mode', () => {
  it('is added, refreshed through the one engine, listed with its tab counts and read in detail', async () => {
    const team = await buildTeam(app, ctx);
    const shipment = await addAir(team);
    const now = Date.now();
    airline.script.set(shipment.awb, [
      event('departed', 'ACT', now - HOUR, 1),
      event('landed', 'EST', now + 9 * HOUR, 2),
    ]);
    await refreshTracked(ctx, [shipment.awb]);

    const active = await list(team);
    expect(active).toMatchObject({ activeCount: 1, archivedCount: 0 });
    expect(active.rows[0]).toMatchObject({ airShipmentId: shipment.id, status: 'departed' });
    const detail = await call(team.owner.cookie, 'GET', `/api/shipments/air/${shipment.id}`);
    expect(detail.json().result).toMatchObject({ awb: shipment.awb, airline: 'LH', eta: at(now + 9 * HOUR) });

    const again = await call(team.owner.cookie, 'POST', '/api/shipments/air', {
      items: [{ awb: shipment.awb, airline: 'LH' }],
    });
    expect(again.json().result[0].outcome).toBe('already_tracked');
  });

  it('is another organization’s to nobody: not found in detail, tags, favourites and archive', async () => {
    const owner = await buildTeam(app, ctx);
    const stranger = await buildTeam(app, ctx);
    const { id } = await addAir(owner);
    expect((await call(stranger.owner.cookie, 'GET', `/api/shipments/air/${id}`)).statusCode).toBe(404);
    expect(
      (await call(stranger.owner.cookie, 'PUT', `/api/shipments/air/${id}/tags`, { tags: ['x'] })).statusCode,
    ).toBe(404);
    const star = await call(stranger.owner.cookie, 'POST', '/api/shipments/air/favorite', {
      airShipmentIds: [id],
      favorite: true,
    });
    expect(star.statusCode).toBe(404);
    await call(stranger.owner.cookie, 'POST', '/api/shipments/air/archive', {
      airShipmentIds: [id],
      archived: true,
    });
    expect(await list(owner)).toMatchObject({ activeCount: 1, archivedCount: 0 });
    expect(await list(stranger)).toMatchObject({ activeCount: 0, rows: [] });
  });

  it('takes tags, personal stars and the archive through the routes written over every mode', async () => {
    const team = await buildTeam(app, ctx);
    const viewer = await addMember(app, ctx, team, { shipmentPermission: 1 });
    const { id } = await addAir(team);

    const tagged = await call(team.owner.cookie, 'PUT', `/api/shipments/air/${id}/tags`, {
      tags: ['Pharma'],
    });
    expect(tagged.json().result).toEqual({ tags: ['Pharma'] });
    expect(
      (await call(viewer.cookie, 'PUT', `/api/shipments/air/${id}/tags`, { tags: ['x'] })).statusCode,
    ).toBe(403);

    const star = await call(viewer.cookie, 'POST', '/api/shipments/air/favorite', {
      airShipmentIds: [id],
      favorite: true,
    });
    expect(star.statusCode, star.body).toBe(200);
    const viewersList = (await call(viewer.cookie, 'GET', '/api/shipments/air')).json().result;
    expect(viewersList.rows[0]).toMatchObject({ favorite: true, tags: ['Pharma'] });
    expect((await list(team)).rows[0]!.favorite).toBe(false);

    const archived = await call(team.owner.cookie, 'POST', '/api/shipments/air/archive', {
      airShipmentIds: [id],
      archived: true,
    });
    expect(archived.json().result).toMatchObject({ updatedIds: [id], activeCount: 0, archivedCount: 1 });
    expect((await list(team, 'archived')).rows.map((r) => r.airShipmentId)).toEqual([id]);
    expect(
      (
        await call(viewer.cookie, 'POST', '/api/shipments/air/archive', {
          airShipmentIds: [id],
          archived: false,
        })
      ).statusCode,
    ).toBe(403);
  });

  it('notifies followers of its changes, raises alerts and takes comments with mentions', async () => {
    const team = await buildTeam(app, ctx);
    const colleague = await addMember(app, ctx, team);
    const shipment = await addAir(team);
    const now = Date.now();
    airline.script.set(shipment.awb, [
      event('departed', 'ACT', now - 20 * HOUR, 1),
      event('landed', 'EST', now + 2 * HOUR, 2),
    ]);
    await refreshTracked(ctx, [shipment.awb]);
    // A rule of its own through the route, on a condition it offers; one it does not offer is refused.
    const rule = { name: 'Late air freight', mode: AIR, condition: { kind: 'late', hours: 0 } };
    const refused = await call(team.owner.cookie, 'POST', '/api/alert-rules', {
      ...rule,
      condition: { kind: 'rolled' },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('This condition does not apply to this mode.');
    const added = await call(team.owner.cookie, 'POST', '/api/alert-rules', {
      ...rule,
      filters: { carriers: ['LH'] },
      recipients: { allMembers: true },
    });
    expect(added.statusCode, added.body).toBe(200);
    const ruleId = (added.json().result as { id: string; mode: string }).id;
    expect(added.json().result).toMatchObject({ mode: AIR, condition: { kind: 'late', hours: 0 } });

    // The estimate slips into the past: an ETA change for every follower, and the rule matches.
    airline.script.set(shipment.awb, [
      ...airline.script.get(shipment.awb)!,
      event('landed', 'EST', now - HOUR, 3),
    ]);
    await refreshTracked(ctx, [shipment.awb]);
    const told = await ctx.db
      .select()
      .from(notifications)
      .where(eq(notifications.recipientId, colleague.userId));
    expect(told.map((n) => n.type).sort()).toEqual(['alert', 'eta']);
    // The bell's route answers them, naming the mode.
    const bell = await call(colleague.cookie, 'GET', `/api/notification/get?userId=${colleague.userId}`);
    expect(bell.statusCode, bell.body).toBe(200);
    expect(bell.json().result.notifications).toMatchObject([
      { shipmentType: 'air' },
      { shipmentType: 'air' },
    ]);
    const episodes = await ctx.db.select().from(alertEpisodes).where(eq(alertEpisodes.ruleId, ruleId));
    expect(episodes).toHaveLength(1);

    // Landing ends the episode.
    airline.script.set(shipment.awb, [...airline.script.get(shipment.awb)!, event('landed', 'ACT', now, 4)]);
    await refreshTracked(ctx, [shipment.awb]);
    const [closed] = await ctx.db.select().from(alertEpisodes).where(eq(alertEpisodes.ruleId, ruleId));
    expect(closed!.closedAt).not.toBeNull();

    const posted = await call(team.owner.cookie, 'POST', `/api/comments/air/${shipment.id}`, {
      content: `Landed early, @[Colleague](${colleague.userId})`,
    });
    expect(posted.statusCode, posted.body).toBe(200);
    const [comment] = await ctx.db
      .select()
      .from(comments)
      .where(eq(comments.workspaceId, team.defaultWorkspaceId));
    expect(comment!.content).toContain('Landed early');
    const mentions = await ctx.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.recipientId, colleague.userId), eq(notifications.type, 'comment_mention')));
    expect(mentions).toHaveLength(1);
  });

  it('emits webhook events with the mode’s payload and answers the public API and its dashboard', async () => {
    const team = await buildTeam(app, ctx);
    const stranger = await buildTeam(app, ctx);
    const hook = await call(team.owner.cookie, 'POST', '/api/webhooks', {
      url: 'http://127.0.0.1:9/air',
      eventTypes: ['shipment.added', 'shipment.archived'],
    });
    expect(hook.statusCode, hook.body).toBe(200);
    const shipment = await addAir(team);
    const now = Date.now();
    airline.script.set(shipment.awb, [
      event('departed', 'ACT', now - HOUR, 1),
      event('landed', 'EST', now - 1, 2),
    ]);
    await refreshTracked(ctx, [shipment.awb]);
    await call(team.owner.cookie, 'POST', '/api/shipments/air/archive', {
      airShipmentIds: [shipment.id],
      archived: true,
    });

    const events = await ctx.db
      .select()
      .from(webhookEvents)
      .where(eq(webhookEvents.workspaceId, team.defaultWorkspaceId));
    expect(events.map((e) => e.type).sort()).toEqual(['shipment.added', 'shipment.archived']);
    expect(events[0]!.data).toMatchObject({
      mode: 'air',
      shipment: { airShipmentId: shipment.id, awb: shipment.awb },
    });

    await call(team.owner.cookie, 'POST', '/api/shipments/air/archive', {
      airShipmentIds: [shipment.id],
      archived: false,
    });
    const dashboard = await call(team.owner.cookie, 'GET', '/api/dashboard/air');
    expect(dashboard.statusCode, dashboard.body).toBe(200);
    expect(dashboard.json().result).toEqual({
      inFlight: 1,
      landed: 0,
      late: 1,
      exceptions: { active: 0, byType: {} },
    });
    expect((await call(stranger.owner.cookie, 'GET', '/api/dashboard/air')).json().result).toEqual({
      inFlight: 0,
      landed: 0,
      late: 0,
      exceptions: { active: 0, byType: {} },
    });

    const key = async (t: Team, scope = 'read') =>
      (await call(t.owner.cookie, 'POST', '/api/api-keys', { name: 'ERP', scope })).json().result
        .key as string;
    const withKey = (k: string, method: 'GET' | 'POST', url: string) =>
      app.inject({ method, url, headers: { authorization: `Bearer ${k}` } });
    const read = (k: string) => withKey(k, 'GET', '/api/v1/shipments/air');
    expect((await read(await key(team))).json().result).toMatchObject([{ airShipmentId: shipment.id }]);
    expect((await read(await key(stranger))).json().result).toEqual([]);
    expect((await call(team.owner.cookie, 'GET', '/api/v1/shipments/air')).statusCode).toBe(401);

    // The public API's archive, written over every mode, takes the air mode's shipments too.
    const archive = `/api/v1/shipments/air/${shipment.id}/archive`;
    expect((await withKey(await key(team), 'POST', archive)).statusCode).toBe(403);
    expect((await withKey(await key(stranger, 'read_write'), 'POST', archive)).statusCode).toBe(404);
    const archived = await withKey(await key(team, 'read_write'), 'POST', archive);
    expect(archived.json().result).toEqual({ shipmentId: shipment.id, archived: true });
    expect(await list(team, 'archived')).toMatchObject({ archivedCount: 1 });
  });
});
