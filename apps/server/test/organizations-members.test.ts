import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  organizationMembers,
  organizations,
  workspaceMembers,
  workspaces,
} from '../src/db/schema/organizations';
import { addMember, buildTeam, createWorkspaceAs } from './factories';
import { useOrganizationsApp } from './support/organizations';

const { app, ctx, get, send, form } = await useOrganizationsApp();

describe('organization', () => {
  it('an admin renames it; a general user and a stranger cannot', async () => {
    const team = await buildTeam(app, ctx);
    const member = await addMember(app, ctx, team);
    const stranger = await buildTeam(app, ctx);
    const rename = (name: string) => form({ organizationName: name, hasImage: 'false' });
    const asAdmin = await app.inject({
      method: 'POST',
      url: '/api/organization/update',
      headers: { cookie: team.owner.cookie, ...rename('Northwind Freight').headers },
      payload: rename('Northwind Freight').payload,
    });
    expect(asAdmin.json().result.organizationName).toBe('Northwind Freight');
    const invalid = await app.inject({
      method: 'POST',
      url: '/api/organization/update',
      headers: { cookie: team.owner.cookie, ...rename('.com').headers },
      payload: rename('.com').payload,
    });
    expect(invalid.json().message).toBe("String can't be a top-level domain extension.");
    const asMember = await app.inject({
      method: 'POST',
      url: '/api/organization/update',
      headers: { cookie: member.cookie, ...rename('Taken Over').headers },
      payload: rename('Taken Over').payload,
    });
    expect(asMember.statusCode).toBe(403);
    // A stranger's update lands on their own organization, never on this one.
    await app.inject({
      method: 'POST',
      url: '/api/organization/update',
      headers: { cookie: stranger.owner.cookie, ...rename('Stranger Things').headers },
      payload: rename('Stranger Things').payload,
    });
    const [row] = await ctx.db.select().from(organizations).where(eq(organizations.id, team.organizationId));
    expect(row!.name).toBe('Northwind Freight');
  });

  it('overview counts seats against the plan limit', async () => {
    const team = await buildTeam(app, ctx);
    await addMember(app, ctx, team);
    const res = await get('/api/organization/overview', team.owner.cookie);
    expect(res.json().result).toMatchObject({
      organizationId: team.organizationId,
      memberLimit: 10,
      memberUsage: 2,
      memberCount: 2,
      plan: 'free',
      workspaceCount: 1,
    });
    expect((await app.inject({ method: 'GET', url: '/api/organization/overview' })).statusCode).toBe(401);
  });
});

describe('members', () => {
  it('a general user sees the workspace members, not the organization roster', async () => {
    const team = await buildTeam(app, ctx);
    const other = await createWorkspaceAs(app, team.owner.cookie, 'Elsewhere');
    const member = await addMember(app, ctx, team);
    await addMember(app, ctx, team, { workspaceIds: [other] });
    const res = await get('/api/workspaces/members/get', member.cookie);
    expect(
      res
        .json()
        .result.map((m: { email: string }) => m.email)
        .sort(),
    ).toEqual([member.email, team.owner.email].sort());
    expect(res.json().result[0]).not.toHaveProperty('role');
    expect((await get('/api/workspaces/members/get?scope=organization', member.cookie)).statusCode).toBe(403);
    const roster = await get('/api/workspaces/members/get?scope=organization', team.owner.cookie);
    expect(roster.json().result).toHaveLength(3);
    expect(roster.json().result.find((m: { you: boolean }) => m.you)).toMatchObject({
      isCreator: true,
      role: 'company_admin',
    });
  });

  it('an admin updates role, permission and workspaces; the change is all or nothing', async () => {
    const team = await buildTeam(app, ctx);
    const second = await createWorkspaceAs(app, team.owner.cookie, 'Second Desk');
    const member = await addMember(app, ctx, team);
    const res = await send('PATCH', '/api/workspaces/permissions/update', team.owner.cookie, {
      entries: [
        {
          userId: member.userId,
          workspaceIds: [second],
          role: 'company_admin',
          shipmentPermission: 1,
          you: false,
        },
      ],
    });
    expect(res.statusCode).toBe(200);
    const [row] = await ctx.db
      .select()
      .from(organizationMembers)
      .where(
        and(
          eq(organizationMembers.organizationId, team.organizationId),
          eq(organizationMembers.userId, member.userId),
        ),
      );
    expect(row).toMatchObject({ role: 'company_admin', shipmentPermission: 1 });
    const spaces = await ctx.db
      .select({ id: workspaceMembers.workspaceId })
      .from(workspaceMembers)
      .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
      .where(
        and(eq(workspaceMembers.userId, member.userId), eq(workspaces.organizationId, team.organizationId)),
      );
    expect(spaces.map((s) => s.id)).toEqual([second]);

    // One bad entry (the creator demoted) and nothing of the request is applied.
    const refused = await send('PATCH', '/api/workspaces/permissions/update', team.owner.cookie, {
      entries: [
        { userId: member.userId, workspaceIds: [], role: 'general_user', shipmentPermission: 2, you: false },
        {
          userId: team.owner.userId,
          workspaceIds: [team.defaultWorkspaceId],
          role: 'general_user',
          shipmentPermission: 0,
          you: true,
        },
      ],
    });
    expect(refused.statusCode).toBe(403);
    const [unchanged] = await ctx.db
      .select()
      .from(organizationMembers)
      .where(
        and(
          eq(organizationMembers.organizationId, team.organizationId),
          eq(organizationMembers.userId, member.userId),
        ),
      );
    expect(unchanged).toMatchObject({ role: 'company_admin', shipmentPermission: 1 });
  });

  it('refuses entries about strangers or other organizations’ workspaces, and general users', async () => {
    const team = await buildTeam(app, ctx);
    const stranger = await buildTeam(app, ctx);
    const member = await addMember(app, ctx, team);
    const foreignUser = await send('PATCH', '/api/workspaces/permissions/update', team.owner.cookie, {
      entries: [
        { userId: stranger.owner.userId, workspaceIds: [], role: 'general_user', shipmentPermission: 0 },
      ],
    });
    expect(foreignUser.statusCode).toBe(404);
    const foreignWorkspace = await send('PATCH', '/api/workspaces/permissions/update', team.owner.cookie, {
      entries: [
        {
          userId: member.userId,
          workspaceIds: [stranger.defaultWorkspaceId],
          role: 'general_user',
          shipmentPermission: 0,
        },
      ],
    });
    expect(foreignWorkspace.statusCode).toBe(404);
    const asMember = await send('PATCH', '/api/workspaces/permissions/update', member.cookie, {
      entries: [
        {
          userId: member.userId,
          workspaceIds: [team.defaultWorkspaceId],
          role: 'company_admin',
          shipmentPermission: 0,
        },
      ],
    });
    expect(asMember.statusCode).toBe(403);
    const bad = await send('PATCH', '/api/workspaces/permissions/update', team.owner.cookie, {
      entries: [{ userId: member.userId, workspaceIds: [], role: 'owner', shipmentPermission: 0 }],
    });
    expect(bad.statusCode).toBe(400);
  });

  it('removing a member takes them out of the organization and its workspaces', async () => {
    const team = await buildTeam(app, ctx);
    const member = await addMember(app, ctx, team);
    const admin = await addMember(app, ctx, team, { role: 'company_admin' });
    expect(
      (await send('POST', '/api/organization/members/remove', member.cookie, { userId: admin.userId }))
        .statusCode,
    ).toBe(403);
    expect(
      (await send('POST', '/api/organization/members/remove', admin.cookie, { userId: team.owner.userId }))
        .statusCode,
    ).toBe(403);
    expect(
      (await send('POST', '/api/organization/members/remove', admin.cookie, { userId: admin.userId }))
        .statusCode,
    ).toBe(403);
    const removed = await send('POST', '/api/organization/members/remove', admin.cookie, {
      userId: member.userId,
    });
    expect(removed.statusCode).toBe(200);
    const orgs = (await get('/api/workspaces/get', member.cookie)).json().result;
    expect(orgs.map((o: { organizationId: string }) => o.organizationId)).not.toContain(team.organizationId);
    // Their session falls back to their own organization.
    const selection = await send('POST', '/api/workspaces/setCookies', member.cookie);
    expect(selection.json().result.organizationId).not.toBe(team.organizationId);
  });

  it('a write from a session whose workspace was just taken away is refused, not redirected', async () => {
    const team = await buildTeam(app, ctx);
    const admin = await addMember(app, ctx, team, { role: 'company_admin' });
    await send('POST', '/api/organization/members/remove', team.owner.cookie, { userId: admin.userId });
    const write = await send('POST', '/api/workspaces/create', admin.cookie, {
      workspaceName: 'Should Not Exist',
    });
    expect(write.statusCode).toBe(409);
    expect(write.json().code).toBe('SELECTION_CHANGED');
    expect(await ctx.db.select().from(workspaces).where(eq(workspaces.name, 'Should Not Exist'))).toEqual([]);
    // Reads (and the next writes) work in the user's own organization again.
    expect((await get('/api/organization/overview', admin.cookie)).json().result.organizationId).not.toBe(
      team.organizationId,
    );
  });

  it('two admins removing each other at once: exactly one succeeds and an admin remains', async () => {
    for (let round = 0; round < 5; round++) {
      const team = await buildTeam(app, ctx);
      const a = await addMember(app, ctx, team, { role: 'company_admin' });
      const b = await addMember(app, ctx, team, { role: 'company_admin' });
      const [first, second] = await Promise.all([
        send('POST', '/api/organization/members/remove', a.cookie, { userId: b.userId }),
        send('POST', '/api/organization/members/remove', b.cookie, { userId: a.userId }),
      ]);
      // The loser is refused either under the lock (403: no longer an admin) or, when its request
      // arrives after the winner committed, because its selection is gone (409).
      const codes = [first.statusCode, second.statusCode].sort();
      expect(codes[0]).toBe(200);
      expect([403, 409]).toContain(codes[1]);
      const admins = await ctx.db
        .select()
        .from(organizationMembers)
        .where(
          and(
            eq(organizationMembers.organizationId, team.organizationId),
            eq(organizationMembers.role, 'company_admin'),
          ),
        );
      expect(admins).toHaveLength(2);
    }
  });

  it('two admins demoting each other at once: one of them stays admin', async () => {
    const team = await buildTeam(app, ctx);
    const a = await addMember(app, ctx, team, { role: 'company_admin' });
    const b = await addMember(app, ctx, team, { role: 'company_admin' });
    const demote = (actor: string, userId: string) =>
      send('PATCH', '/api/workspaces/permissions/update', actor, {
        entries: [
          { userId, workspaceIds: [team.defaultWorkspaceId], role: 'general_user', shipmentPermission: 0 },
        ],
      });
    const results = await Promise.all([demote(a.cookie, b.userId), demote(b.cookie, a.userId)]);
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes[0]).toBe(200);
    expect(codes[1]).toBe(403);
    const roles = await ctx.db
      .select({ role: organizationMembers.role })
      .from(organizationMembers)
      .where(eq(organizationMembers.organizationId, team.organizationId));
    expect(roles.filter((r) => r.role === 'company_admin')).toHaveLength(2);
  });
});

describe('leaving', () => {
  it('an admin cannot leave the default workspace', async () => {
    const team = await buildTeam(app, ctx);
    const res = await send('PATCH', '/api/workspaces/leave', team.owner.cookie, {
      workspaceId: team.defaultWorkspaceId,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Cannot leave default workspace');
  });

  it('a member leaves a workspace and is moved to their own default workspace', async () => {
    const team = await buildTeam(app, ctx);
    const second = await createWorkspaceAs(app, team.owner.cookie, 'Night Shift');
    const member = await addMember(app, ctx, team, { workspaceIds: [team.defaultWorkspaceId, second] });
    await send('POST', '/api/workspaces/currentId', member.cookie, { workspaceId: second });
    const res = await send('PATCH', '/api/workspaces/leave', member.cookie, { workspaceId: second });
    expect(res.json()).toMatchObject({
      message: 'You have been removed from Night Shift',
      result: { removedFromOrganization: false },
    });
    const own = (await get('/api/workspaces/get', member.cookie))
      .json()
      .result.find((o: { isCreator: boolean }) => o.isCreator);
    expect(res.json().result.selection).toEqual({
      organizationId: own.organizationId,
      workspaceId: own.workspaces[0].workspaceId,
    });
  });

  it("leaving the organization's only workspace leaves the organization", async () => {
    const team = await buildTeam(app, ctx);
    const member = await addMember(app, ctx, team);
    const res = await send('PATCH', '/api/workspaces/leave', member.cookie, {
      workspaceId: team.defaultWorkspaceId,
    });
    expect(res.json().result.removedFromOrganization).toBe(true);
    const [still] = await ctx.db
      .select()
      .from(organizationMembers)
      .where(
        and(
          eq(organizationMembers.organizationId, team.organizationId),
          eq(organizationMembers.userId, member.userId),
        ),
      );
    expect(still).toBeUndefined();
  });

  it('leaving a workspace you are not in is not found', async () => {
    const team = await buildTeam(app, ctx);
    const stranger = await buildTeam(app, ctx);
    expect(
      (
        await send('PATCH', '/api/workspaces/leave', stranger.owner.cookie, {
          workspaceId: team.defaultWorkspaceId,
        })
      ).statusCode,
    ).toBe(404);
  });

  it('anyone but the creator may leave an organization', async () => {
    const team = await buildTeam(app, ctx);
    const member = await addMember(app, ctx, team, { workspaceIds: [] });
    const creator = await send('PATCH', '/api/organization/leave', team.owner.cookie, {
      organizationId: team.organizationId,
    });
    expect(creator.statusCode).toBe(403);
    const res = await send('PATCH', '/api/organization/leave', member.cookie, {
      organizationId: team.organizationId,
    });
    expect(res.json()).toMatchObject({ success: true, message: 'Successfully left organization' });
    const stranger = await buildTeam(app, ctx);
    expect(
      (
        await send('PATCH', '/api/organization/leave', stranger.owner.cookie, {
          organizationId: team.organizationId,
        })
      ).statusCode,
    ).toBe(404);
  });
});
