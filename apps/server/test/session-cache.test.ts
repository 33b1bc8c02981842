import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { WORKSPACE_HEADER } from '@tracklane/shared/api/workspace-header';
import { buildApp } from '../src/app';
import { publish, type RealtimeEvent } from '../src/integrations/realtime/realtime-hub';
import { useTestApp } from './app';
import { createTestContext } from './context';
import { addMember, buildTeam, createWorkspaceAs, type Team } from './factories';

// Two server processes of one installation: A takes the changes, B answers the member's reads. B trusts
// what it resolved for a whole minute, so whatever it refuses sooner it refuses because it was told.
const { app: processA, ctx, database } = await useTestApp();
const contextB = await createTestContext(database, { sessionCacheMs: 60_000 });
const processB = await buildApp(contextB);
await processB.ready();
afterAll(async () => {
  await processB.close();
  await contextB.realtime.close();
  await contextB.jobs.boss.stop({ graceful: false }).catch(() => undefined);
});

const onB = (url: string, cookie: string, workspaceId?: string) =>
  processB.inject({
    method: 'GET',
    url,
    headers: { cookie, ...(workspaceId ? { [WORKSPACE_HEADER]: workspaceId } : {}) },
  });

/**
 * Resolves once process B has heard an event (its session cache, subscribed when B was built, has
 * applied it by then): waiting for the notification, not for a while.
 */
function heardOnB(match: (event: RealtimeEvent) => boolean): Promise<void> {
  return new Promise((resolve) => {
    const stop = contextB.realtime.subscribe({
      event: (event) => {
        if (!match(event)) return;
        stop();
        resolve();
      },
      reset: () => undefined,
    });
  });
}
const naming = (userId: string) => (event: RealtimeEvent) =>
  event.topic === 'accessChanged' && (event.userIds ?? []).includes(userId);

/**
 * Waits until B has heard everything committed so far: PostgreSQL delivers notifications in commit
 * order, so once B hears a marker published now, it has heard all before it (e.g. the selection a
 * helper just saved, which would otherwise stop B from caching a read it overlaps).
 */
async function bCaughtUp(): Promise<void> {
  const marker = randomUUID();
  const heard = heardOnB((e) => e.topic === 'accessChanged' && (e.sessionIds ?? []).includes(marker));
  await publish(ctx.db, { topic: 'accessChanged', sessionIds: [marker] });
  await heard;
}

async function teamWithMember(): Promise<{ team: Team; member: Awaited<ReturnType<typeof addMember>> }> {
  const team = await buildTeam(processA, ctx);
  const member = await addMember(processA, ctx, team);
  await bCaughtUp();
  return { team, member };
}

describe('sessions cached per process', () => {
  it('are reused on a read: a change nobody announced is not seen within the cache time', async () => {
    const { member } = await teamWithMember();
    expect((await onB('/api/shipments/ocean', member.cookie)).statusCode).toBe(200);
    // Behind every process's back: no notification.
    await ctx.db.execute(
      sql`UPDATE organization_members SET shipment_permission = 2 WHERE user_id = ${member.userId}`,
    );
    expect((await onB('/api/shipments/ocean', member.cookie)).statusCode).toBe(200);
  });

  it('a session signed out on one process is refused at once on another', async () => {
    const { member } = await teamWithMember();
    expect((await onB('/api/auth/protected', member.cookie)).statusCode).toBe(200);
    const heard = heardOnB((e) => e.topic === 'sessionsEnded');
    const logout = await processA.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie: member.cookie },
      payload: {},
    });
    expect(logout.statusCode).toBe(200);
    await heard;
    expect((await onB('/api/auth/protected', member.cookie)).statusCode).toBe(401);
    expect((await onB('/api/shipments/ocean', member.cookie)).statusCode).toBe(401);
  });

  it('a permission taken away on one process is refused at once on another', async () => {
    const { team, member } = await teamWithMember();
    expect((await onB('/api/shipments/ocean', member.cookie)).statusCode).toBe(200);
    const heard = heardOnB(naming(member.userId));
    const update = await processA.inject({
      method: 'PATCH',
      url: '/api/workspaces/permissions/update',
      headers: { cookie: team.owner.cookie },
      payload: {
        entries: [
          {
            userId: member.userId,
            role: 'general_user',
            shipmentPermission: 2,
            workspaceIds: [team.defaultWorkspaceId],
          },
        ],
      },
    });
    expect(update.statusCode).toBe(200);
    await heard;
    const refused = await onB('/api/shipments/ocean', member.cookie);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('You do not have access to shipments in this workspace.');
  });

  it('a member removed on one process is refused the workspace at once on another', async () => {
    const { team, member } = await teamWithMember();
    expect((await onB('/api/shipments/ocean', member.cookie, team.defaultWorkspaceId)).statusCode).toBe(200);
    const heard = heardOnB(naming(member.userId));
    const removal = await processA.inject({
      method: 'POST',
      url: '/api/organization/members/remove',
      headers: { cookie: team.owner.cookie },
      payload: { userId: member.userId },
    });
    expect(removal.statusCode).toBe(200);
    await heard;
    // The session falls back to the member's own workspace: a page still showing the team's is refused.
    const refused = await onB('/api/shipments/ocean', member.cookie, team.defaultWorkspaceId);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('SELECTION_CHANGED');
  });

  it('a workspace deleted on one process is refused at once on another', async () => {
    const team = await buildTeam(processA, ctx);
    const workspaceId = await createWorkspaceAs(processA, team.owner.cookie, 'Short-lived');
    const member = await addMember(processA, ctx, team, {
      workspaceIds: [team.defaultWorkspaceId, workspaceId],
    });
    const select = await processA.inject({
      method: 'POST',
      url: '/api/workspaces/currentId',
      headers: { cookie: member.cookie },
      payload: { workspaceId },
    });
    expect(select.statusCode).toBe(200);
    await bCaughtUp();
    expect((await onB('/api/shipments/ocean', member.cookie, workspaceId)).statusCode).toBe(200);
    const heard = heardOnB(
      (e) => e.topic === 'accessChanged' && (e.workspaceIds ?? []).includes(workspaceId),
    );
    const deletion = await processA.inject({
      method: 'DELETE',
      url: `/api/workspaces/delete?workspaceId=${workspaceId}`,
      headers: { cookie: team.owner.cookie },
    });
    expect(deletion.statusCode).toBe(200);
    await heard;
    const refused = await onB('/api/shipments/ocean', member.cookie, workspaceId);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('SELECTION_CHANGED');
  });

  it('after losing the database connection, trusts nothing it cached before', async () => {
    const { member } = await teamWithMember();
    expect((await onB('/api/shipments/ocean', member.cookie)).statusCode).toBe(200);
    await ctx.db.execute(
      sql`UPDATE organization_members SET shipment_permission = 2 WHERE user_id = ${member.userId}`,
    );
    // As if the notification had been sent while B was not listening.
    const reconnected = new Promise<void>((resolve) => {
      let resets = 0;
      const stop = contextB.realtime.subscribe({
        event: () => undefined,
        // One reset when the connection drops, one when it is back.
        reset: () => {
          if (++resets < 2 || !contextB.realtime.listening()) return;
          stop();
          resolve();
        },
      });
    });
    await ctx.db.execute(
      sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity
          WHERE application_name = 'tracklane-realtime' AND datname = current_database()`,
    );
    await reconnected;
    expect((await onB('/api/shipments/ocean', member.cookie)).statusCode).toBe(403);
  });
});
