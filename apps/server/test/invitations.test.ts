import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { invitations } from '../src/db/schema/invitations';
import { organizationMembers, organizations } from '../src/db/schema/organizations';
import { buildApp } from '../src/app';
import { useTestApp } from './app';
import { encryptPassword, fromIp, lastCodeTo, lastMailTo, signUp, uniqueEmail } from './auth-helpers';
import { createTestContext } from './context';
import { addMember, buildTeam, createWorkspaceAs, type Team } from './factories';
import { connectInvitationSocket, nextMessage, opened } from './sockets';

const { app, ctx, database } = await useTestApp();

const post = (url: string, cookie: string, payload: object) =>
  app.inject({ method: 'POST', url, headers: { cookie }, payload });
const get = (url: string, cookie: string) => app.inject({ method: 'GET', url, headers: { cookie } });
const invite = (team: Team, emails: string[], workspaceIds = [team.defaultWorkspaceId]) =>
  post('/api/workspaces/invite/new', team.owner.cookie, { emails, workspaceIds });
const setLimit = (team: Team, memberLimit: number) =>
  ctx.db.update(organizations).set({ memberLimit }).where(eq(organizations.id, team.organizationId));

describe('inviting', () => {
  it('invites addresses, e-mails them and holds their seats', async () => {
    const team = await buildTeam(app, ctx);
    const existing = await signUp(app, ctx);
    const newcomer = uniqueEmail('newcomer');
    const res = await invite(team, [existing.email, newcomer]);
    expect(res.json()).toMatchObject({
      success: true,
      message: 'Successfully invited 2 member(s).',
      result: { invited: 2 },
    });
    expect((await lastMailTo(ctx, newcomer))!.text).toContain(
      `/auth/sign-up?email=${encodeURIComponent(newcomer)}`,
    );
    expect((await lastMailTo(ctx, existing.email))!.text).toContain('/auth/sign-in');
    const overview = (await get('/api/organization/overview', team.owner.cookie)).json().result;
    expect(overview).toMatchObject({ memberCount: 1, pendingInvitations: 2, memberUsage: 3 });
    const pending = (await get('/api/workspaces/invite/pending', team.owner.cookie)).json().result;
    expect(pending.map((p: { email: string }) => p.email).sort()).toEqual([existing.email, newcomer].sort());
  });

  it('refuses your own address, more than 50 at once, strangers’ workspaces and general users', async () => {
    const team = await buildTeam(app, ctx);
    const own = await invite(team, [team.owner.email.toUpperCase()]);
    expect(own.statusCode).toBe(400);
    expect(own.json().message).toBe('Cannot sent invite to yourself.');
    const many = await invite(
      team,
      Array.from({ length: 51 }, (_, i) => `bulk${String(i)}@example.com`),
    );
    expect(many.json().message).toBe('Can only send 50 invites at a time.');
    const stranger = await buildTeam(app, ctx);
    expect((await invite(team, [uniqueEmail()], [stranger.defaultWorkspaceId])).statusCode).toBe(404);
    const member = await addMember(app, ctx, team);
    const asMember = await post('/api/workspaces/invite/new', member.cookie, {
      emails: [uniqueEmail()],
      workspaceIds: [team.defaultWorkspaceId],
    });
    expect(asMember.statusCode).toBe(403);
    expect(
      await ctx.db.select().from(invitations).where(eq(invitations.organizationId, team.organizationId)),
    ).toEqual([]);
  });

  it('refuses invites beyond the seat limit', async () => {
    const team = await buildTeam(app, ctx);
    await setLimit(team, 3);
    const res = await invite(team, [uniqueEmail(), uniqueEmail(), uniqueEmail()]);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('You cannot send more invites without exceeding your seat limit');
    expect((await invite(team, [uniqueEmail(), uniqueEmail()])).statusCode).toBe(200);
    // Re-inviting a pending address to another workspace takes no extra seat.
    const second = await createWorkspaceAs(app, team.owner.cookie, 'Second Desk');
    const [pending] = await ctx.db
      .select()
      .from(invitations)
      .where(eq(invitations.organizationId, team.organizationId));
    expect((await invite(team, [pending!.email], [second])).statusCode).toBe(200);
  });

  it('never exceeds the seat limit under 20 concurrent invites and accepts', async () => {
    const team = await buildTeam(app, ctx);
    await setLimit(team, 6);
    const invitees = await Promise.all(Array.from({ length: 3 }, () => signUp(app, ctx)));
    expect(
      (
        await invite(
          team,
          invitees.map((i) => i.email),
        )
      ).statusCode,
    ).toBe(200);
    const mine = await Promise.all(
      invitees.map(async (i) => ({
        account: i,
        list: (await get('/api/workspaces/invite/list', i.cookie)).json().result,
      })),
    );
    const accepts = mine.map(({ account, list }) =>
      post('/api/workspaces/invite/confirm', account.cookie, {
        workspaceId: list[0].workspaceId,
        memberId: list[0].memberId,
        joined: true,
      }),
    );
    const invites = Array.from({ length: 17 }, () => invite(team, [uniqueEmail('race')]));
    const results = await Promise.all([...accepts, ...invites]);
    expect(results.slice(0, 3).every((r) => r.statusCode === 200)).toBe(true);
    const inviteCodes = results.slice(3).map((r) => r.statusCode);
    expect(inviteCodes.filter((c) => c === 200)).toHaveLength(2);
    expect(inviteCodes.filter((c) => c === 409)).toHaveLength(15);
    const overview = (await get('/api/organization/overview', team.owner.cookie)).json().result;
    expect(overview).toMatchObject({ memberCount: 4, pendingInvitations: 2, memberUsage: 6, memberLimit: 6 });
  });
});

describe('answering an invitation', () => {
  it('an invited newcomer finds the invitation after registering, and joins', async () => {
    const team = await buildTeam(app, ctx);
    const email = uniqueEmail('later');
    await invite(team, [email]);
    const ip = fromIp();
    await app.inject({
      method: 'POST',
      url: '/api/auth/register',
      ...ip,
      payload: {
        email,
        firstName: 'Lin',
        lastName: 'Wu',
        password: encryptPassword(ctx, 'newcomer password'),
        keyId: ctx.authKey.keyId,
        timeZone: 'UTC',
      },
    });
    const verify = await app.inject({
      method: 'POST',
      url: '/api/auth/verifyEmail',
      ...ip,
      payload: { email, code: await lastCodeTo(ctx, email) },
    });
    const cookie = `tl_session=${verify.cookies.find((c) => c.name === 'tl_session')!.value}`;
    const list = (await get('/api/workspaces/invite/list', cookie)).json().result;
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      workspaceId: team.defaultWorkspaceId,
      workspaceName: 'Default Workspace',
      inviterEmail: team.owner.email,
      firstName: 'Grace',
    });

    const joined = await post('/api/workspaces/invite/confirm', cookie, {
      workspaceId: list[0].workspaceId,
      memberId: list[0].memberId,
      joined: true,
      workspaceName: 'Default Workspace',
    });
    expect(joined.json()).toMatchObject({
      message: 'Joined Default Workspace',
      result: { joined: true, workspaceName: 'Default Workspace' },
    });
    const orgs = (await get('/api/workspaces/get', cookie)).json().result;
    expect(
      orgs.find((o: { organizationId: string }) => o.organizationId === team.organizationId),
    ).toMatchObject({ role: 'general_user', shipmentPermission: 0 });
    expect((await get('/api/workspaces/invite/list', cookie)).json().result).toEqual([]);
  });

  it('declines, and an answered invitation cannot be answered again', async () => {
    const team = await buildTeam(app, ctx);
    const invitee = await signUp(app, ctx);
    await invite(team, [invitee.email]);
    const [item] = (await get('/api/workspaces/invite/list', invitee.cookie)).json().result;
    const declined = await post('/api/workspaces/invite/confirm', invitee.cookie, {
      workspaceId: item.workspaceId,
      memberId: item.memberId,
      joined: false,
    });
    expect(declined.json().message).toBe('Declined invitation to Default Workspace');
    const again = await post('/api/workspaces/invite/confirm', invitee.cookie, {
      workspaceId: item.workspaceId,
      memberId: item.memberId,
      joined: true,
    });
    expect(again.statusCode).toBe(404);
    const [membership] = await ctx.db
      .select()
      .from(organizationMembers)
      .where(
        and(
          eq(organizationMembers.organizationId, team.organizationId),
          eq(organizationMembers.userId, invitee.userId),
        ),
      );
    expect(membership).toBeUndefined();
  });

  it("refuses to confirm another user's invitation", async () => {
    const team = await buildTeam(app, ctx);
    const invitee = await signUp(app, ctx);
    const thief = await signUp(app, ctx);
    await invite(team, [invitee.email]);
    const [item] = (await get('/api/workspaces/invite/list', invitee.cookie)).json().result;
    const res = await post('/api/workspaces/invite/confirm', thief.cookie, {
      workspaceId: item.workspaceId,
      memberId: item.memberId,
      joined: true,
    });
    expect(res.statusCode).toBe(404);
    expect((await get('/api/workspaces/invite/list', invitee.cookie)).json().result).toHaveLength(1);
  });

  it('resends at most once a minute, and only within the admin’s organization', async () => {
    const team = await buildTeam(app, ctx);
    const email = uniqueEmail('resend');
    await invite(team, [email]);
    const [row] = await ctx.db.select().from(invitations).where(eq(invitations.email, email));
    expect(
      (await post('/api/workspaces/invite/resend', team.owner.cookie, { memberId: row!.id })).statusCode,
    ).toBe(429);
    await ctx.db
      .update(invitations)
      .set({ lastSentAt: sql`now() - interval '2 minutes'` })
      .where(eq(invitations.id, row!.id));
    const stranger = await buildTeam(app, ctx);
    expect(
      (await post('/api/workspaces/invite/resend', stranger.owner.cookie, { memberId: row!.id })).statusCode,
    ).toBe(404);
    const res = await post('/api/workspaces/invite/resend', team.owner.cookie, { memberId: row!.id });
    expect(res.json().message).toBe(`Invitation sent again to ${email}`);
  });
});

describe('withdrawing an invitation', () => {
  const stateOf = async (ids: string) =>
    (await app.inject({ method: 'GET', url: `/api/workspaces/invite/state?ids=${ids}` })).json();

  it('frees its seat, drops it from the invitee’s list, and its link then says it was withdrawn', async () => {
    const team = await buildTeam(app, ctx);
    const second = await createWorkspaceAs(app, team.owner.cookie, 'Customs');
    const invitee = await signUp(app, ctx);
    await invite(team, [invitee.email], [team.defaultWorkspaceId, second]);
    const rows = await ctx.db.select().from(invitations).where(eq(invitations.email, invitee.email));
    expect(rows).toHaveLength(2);
    const link = /invitation=([0-9a-f,-]+)/.exec((await lastMailTo(ctx, invitee.email))!.text)?.[1];
    expect(link?.split(',').sort()).toEqual(rows.map((r) => r.id).sort());
    expect(await stateOf(link!)).toMatchObject({ success: true, result: { state: 'pending' } });

    const member = await addMember(app, ctx, team);
    expect(
      (await post('/api/workspaces/invite/withdraw', member.cookie, { memberId: rows[0]!.id })).statusCode,
    ).toBe(403);
    const stranger = await buildTeam(app, ctx);
    expect(
      (await post('/api/workspaces/invite/withdraw', stranger.owner.cookie, { memberId: rows[0]!.id }))
        .statusCode,
    ).toBe(404);

    for (const row of rows) {
      const res = await post('/api/workspaces/invite/withdraw', team.owner.cookie, { memberId: row.id });
      expect(res.statusCode).toBe(200);
      expect(res.json().message).toMatch(new RegExp(`^Invitation to ${invitee.email} for .+ withdrawn$`));
    }
    expect((await get('/api/workspaces/invite/list', invitee.cookie)).json().result).toEqual([]);
    expect((await get('/api/workspaces/invite/pending', team.owner.cookie)).json().result).toEqual([]);
    const overview = (await get('/api/organization/overview', team.owner.cookie)).json().result;
    expect(overview).toMatchObject({ pendingInvitations: 0, memberUsage: 2 });
    expect(await stateOf(link!)).toMatchObject({ result: { state: 'withdrawn' } });
    // Withdrawn twice, or answered after: not found.
    expect(
      (await post('/api/workspaces/invite/withdraw', team.owner.cookie, { memberId: rows[0]!.id }))
        .statusCode,
    ).toBe(404);
    expect(
      (
        await post('/api/workspaces/invite/confirm', invitee.cookie, {
          workspaceId: team.defaultWorkspaceId,
          memberId: rows.find((r) => r.workspaceId === team.defaultWorkspaceId)!.id,
          joined: true,
        })
      ).statusCode,
    ).toBe(404);
  });

  it('answers the link’s state without names, and bad links with 400', async () => {
    expect(await stateOf('0b7c1e2a-0000-4000-8000-000000000001')).toMatchObject({
      result: { state: 'unknown' },
    });
    for (const ids of [
      '',
      'nope',
      `${'0'.repeat(36)}`,
      Array(101).fill(crypto.randomUUID()).join(',') + ',x',
    ])
      expect(
        (await app.inject({ method: 'GET', url: `/api/workspaces/invite/state?ids=${ids}` })).statusCode,
      ).toBe(400);
  });
});

await app.listen({ port: 0, host: '127.0.0.1' });
const port = (app.server.address() as { port: number }).port;

describe('the workspaceInvitations socket', () => {
  const connect = connectInvitationSocket;

  it('refuses another user’s id, a foreign origin and anonymous callers', async () => {
    const me = await signUp(app, ctx);
    const other = await signUp(app, ctx);
    await expect(opened(connect(port, me.cookie, other.userId))).rejects.toThrow('refused with 403');
    await expect(
      opened(connect(port, me.cookie, me.userId, { origin: 'https://evil.example' })),
    ).rejects.toThrow('refused with 403');
    await expect(opened(connect(port, '', me.userId))).rejects.toThrow('refused with 401');
  });

  it('pushes a message when a new invitation is made', async () => {
    const team = await buildTeam(app, ctx);
    const invitee = await signUp(app, ctx);
    const socket = connect(port, invitee.cookie, invitee.userId, {
      origin: `http://127.0.0.1:${String(port)}`,
    });
    await opened(socket);
    const message = nextMessage(socket);
    await invite(team, [invitee.email]);
    expect(JSON.parse(await message)).toEqual({ type: 'workspaceInvitations.changed' });
    socket.close();
  });

  it('tells the inviting admin when the invitation is answered', async () => {
    const team = await buildTeam(app, ctx);
    const invitee = await signUp(app, ctx);
    await invite(team, [invitee.email]);
    const socket = connect(port, team.owner.cookie, team.owner.userId);
    await opened(socket);
    const message = nextMessage(socket);
    const [item] = (await get('/api/workspaces/invite/list', invitee.cookie)).json().result;
    await post('/api/workspaces/invite/confirm', invitee.cookie, {
      workspaceId: item.workspaceId,
      memberId: item.memberId,
      joined: true,
    });
    expect(JSON.parse(await message)).toEqual({ type: 'workspaceInvitations.changed' });
    socket.close();
  });

  it('reaches a socket held by another server process on the same database', async () => {
    const other = await buildApp(await createTestContext(database));
    await other.listen({ port: 0, host: '127.0.0.1' });
    const otherPort = (other.server.address() as { port: number }).port;
    try {
      const team = await buildTeam(app, ctx);
      const invitee = await signUp(app, ctx);
      const socket = connect(otherPort, invitee.cookie, invitee.userId);
      await opened(socket);
      const message = nextMessage(socket);
      // The invitation is made through the first process; the socket lives on the second.
      await invite(team, [invitee.email]);
      expect(JSON.parse(await message)).toEqual({ type: 'workspaceInvitations.changed' });
      socket.close();
    } finally {
      await other.close();
    }
  });
});
