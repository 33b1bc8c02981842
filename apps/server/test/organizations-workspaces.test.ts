import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { workspaces } from '../src/db/schema/organizations';
import { addMember, buildTeam, createWorkspaceAs } from './factories';
import { PNG } from './uploads';
import { useOrganizationsApp } from './support/organizations';

const { app, ctx, get, send, form } = await useOrganizationsApp();

describe('a verified user', () => {
  it('owns an organization with one default workspace, selected for the session', async () => {
    const team = await buildTeam(app, ctx);
    const res = await get('/api/workspaces/get', team.owner.cookie);
    expect(res.statusCode).toBe(200);
    const [organization] = res.json().result;
    expect(res.json().result).toHaveLength(1);
    expect(organization).toMatchObject({
      organizationId: team.organizationId,
      organizationName: 'Grace Hopper Organization',
      creatorId: team.owner.userId,
      isCreator: true,
      role: 'company_admin',
      shipmentPermission: 0,
      workspaces: [
        { workspaceId: team.defaultWorkspaceId, workspaceName: 'Default Workspace', isDefault: true },
      ],
    });
    const selection = await send('POST', '/api/workspaces/setCookies', team.owner.cookie, res.json().result);
    expect(selection.json().result).toEqual({
      organizationId: team.organizationId,
      workspaceId: team.defaultWorkspaceId,
    });
  });
});

describe('workspaces', () => {
  it('an admin creates, renames (with the name rules), re-images and deletes a workspace', async () => {
    const team = await buildTeam(app, ctx);
    const cookie = team.owner.cookie;
    const bad = await send('POST', '/api/workspaces/create', cookie, { workspaceName: 'LLC' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('String must not be a standalone abbreviation (LLC, INC).');

    const id = await createWorkspaceAs(app, cookie, '  Rotterdam   Imports ');
    const all = await get('/api/workspaces/getAll', cookie);
    expect(all.json().result.map((w: { name: string }) => w.name)).toEqual([
      'Default Workspace',
      'Rotterdam Imports',
    ]);

    const invalid = form({ workspaceId: id, workspaceName: 'a b', hasImage: 'false' });
    const refused = await app.inject({
      method: 'POST',
      url: '/api/workspaces/update',
      headers: { cookie, ...invalid.headers },
      payload: invalid.payload,
    });
    expect(refused.json()).toMatchObject({
      code: 'VALIDATION',
      message: "String can't mix spaces or tabs with single characters.",
    });

    const valid = form(
      { workspaceId: id, workspaceName: 'Rotterdam Exports', hasImage: 'true' },
      { name: 'w.png', content: PNG, type: 'image/png' },
    );
    const updated = await app.inject({
      method: 'POST',
      url: '/api/workspaces/update',
      headers: { cookie, ...valid.headers },
      payload: valid.payload,
    });
    expect(updated.json().result).toMatchObject({
      workspaceName: 'Rotterdam Exports',
      image: expect.stringMatching(/^\/api\/files\/workspaces\//),
    });
    expect((await get(updated.json().result.image, cookie)).statusCode).toBe(200);

    const drop = form({ workspaceId: id, workspaceName: 'Rotterdam Exports', hasImage: 'false' });
    const dropped = await app.inject({
      method: 'POST',
      url: '/api/workspaces/update',
      headers: { cookie, ...drop.headers },
      payload: drop.payload,
    });
    expect(dropped.json().result.image).toBeNull();

    expect(
      (await send('DELETE', `/api/workspaces/delete?workspaceId=${team.defaultWorkspaceId}`, cookie))
        .statusCode,
    ).toBe(409);
    const deleted = await send('DELETE', `/api/workspaces/delete?workspaceId=${id}`, cookie);
    expect(deleted.json()).toMatchObject({ success: true, message: 'Deleted Rotterdam Exports' });
  });

  it('refuses a name the organization already has, whatever its case and spacing, in create and rename', async () => {
    const team = await buildTeam(app, ctx);
    const cookie = team.owner.cookie;
    const imports = await createWorkspaceAs(app, cookie, 'Imports Europe');

    const again = await send('POST', '/api/workspaces/create', cookie, {
      workspaceName: '  imports   EUROPE ',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      success: false,
      result: null,
      code: 'CONFLICT',
      message: 'This organization already has a workspace named Imports Europe. Choose another name.',
    });
    const defaultAgain = await send('POST', '/api/workspaces/create', cookie, {
      workspaceName: 'default workspace',
    });
    expect(defaultAgain.statusCode).toBe(409);

    const exports = await createWorkspaceAs(app, cookie, 'Exports');
    const rename = (workspaceId: string, workspaceName: string) => {
      const body = form({ workspaceId, workspaceName, hasImage: 'false' });
      return app.inject({
        method: 'POST',
        url: '/api/workspaces/update',
        headers: { cookie, ...body.headers },
        payload: body.payload,
      });
    };
    const taken = await rename(exports, 'IMPORTS europe');
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(
      'This organization already has a workspace named Imports Europe. Choose another name.',
    );
    // A workspace may change the case of its own name.
    expect((await rename(imports, 'IMPORTS Europe')).json().result.workspaceName).toBe('IMPORTS Europe');

    const names = (await get('/api/workspaces/getAll', cookie))
      .json()
      .result.map((w: { name: string }) => w.name);
    expect(names).toEqual(['Default Workspace', 'IMPORTS Europe', 'Exports']);

    // Another organization's names are its own business.
    const other = await buildTeam(app, ctx);
    expect(await createWorkspaceAs(app, other.owner.cookie, 'Imports Europe')).toBeTruthy();
  });

  it('lets only one of several simultaneous creates with one name through', async () => {
    const team = await buildTeam(app, ctx);
    const attempts = await Promise.all(
      ['Rotterdam Desk', 'rotterdam desk', 'Rotterdam  Desk', ' ROTTERDAM DESK', 'Rotterdam Desk'].map(
        (workspaceName) => send('POST', '/api/workspaces/create', team.owner.cookie, { workspaceName }),
      ),
    );
    expect(attempts.map((a) => a.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
    const rows = await ctx.db
      .select({ name: workspaces.name })
      .from(workspaces)
      .where(eq(workspaces.organizationId, team.organizationId));
    expect(rows.filter((r) => r.name.toLowerCase() === 'rotterdam desk')).toHaveLength(1);
  });

  it('lets only one of two simultaneous renames to one name through', async () => {
    const team = await buildTeam(app, ctx);
    const cookie = team.owner.cookie;
    const ids = [
      await createWorkspaceAs(app, cookie, 'North'),
      await createWorkspaceAs(app, cookie, 'South'),
    ];
    const results = await Promise.all(
      ids.map((workspaceId) => {
        const body = form({ workspaceId, workspaceName: 'Central', hasImage: 'false' });
        return app.inject({
          method: 'POST',
          url: '/api/workspaces/update',
          headers: { cookie, ...body.headers },
          payload: body.payload,
        });
      }),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
  });

  it('moves the session home when its workspace is deleted', async () => {
    const team = await buildTeam(app, ctx);
    const id = await createWorkspaceAs(app, team.owner.cookie, 'Temporary');
    await send('POST', '/api/workspaces/currentId', team.owner.cookie, { workspaceId: id });
    await send('DELETE', `/api/workspaces/delete?workspaceId=${id}`, team.owner.cookie);
    const overview = await get('/api/organization/overview', team.owner.cookie);
    expect(overview.statusCode).toBe(200);
    const selection = await send('POST', '/api/workspaces/setCookies', team.owner.cookie);
    expect(selection.json().result.workspaceId).toBe(team.defaultWorkspaceId);
  });

  it('a general user cannot create, update, delete or list all workspaces', async () => {
    const team = await buildTeam(app, ctx);
    const member = await addMember(app, ctx, team);
    const extra = await createWorkspaceAs(app, team.owner.cookie, 'Admins Only');
    expect(
      (await send('POST', '/api/workspaces/create', member.cookie, { workspaceName: 'Mine' })).statusCode,
    ).toBe(403);
    expect((await get('/api/workspaces/getAll', member.cookie)).statusCode).toBe(403);
    expect(
      (await send('DELETE', `/api/workspaces/delete?workspaceId=${extra}`, member.cookie)).statusCode,
    ).toBe(403);
    const rename = form({
      workspaceId: team.defaultWorkspaceId,
      workspaceName: 'Hijacked',
      hasImage: 'true',
    });
    const res = await app.inject({
      method: 'POST',
      url: '/api/workspaces/update',
      headers: { cookie: member.cookie, ...rename.headers },
      payload: rename.payload,
    });
    expect(res.statusCode).toBe(403);
    const [workspace] = await ctx.db
      .select()
      .from(workspaces)
      .where(eq(workspaces.id, team.defaultWorkspaceId));
    expect(workspace!.name).toBe('Default Workspace');
  });

  it("another organization's admin cannot touch this organization's workspaces", async () => {
    const team = await buildTeam(app, ctx);
    const stranger = await buildTeam(app, ctx);
    const target = await createWorkspaceAs(app, team.owner.cookie, 'Private Ops');
    const cookie = stranger.owner.cookie;
    expect((await send('DELETE', `/api/workspaces/delete?workspaceId=${target}`, cookie)).statusCode).toBe(
      404,
    );
    const rename = form({ workspaceId: target, workspaceName: 'Hijacked', hasImage: 'true' });
    expect(
      (
        await app.inject({
          method: 'POST',
          url: '/api/workspaces/update',
          headers: { cookie, ...rename.headers },
          payload: rename.payload,
        })
      ).statusCode,
    ).toBe(404);
    const image = form(
      { workspaceId: target, userId: stranger.owner.userId },
      { name: 'x.png', content: PNG, type: 'image/png' },
    );
    expect(
      (
        await app.inject({
          method: 'POST',
          url: '/api/workspaces/uploadImage',
          headers: { cookie, ...image.headers },
          payload: image.payload,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await send('POST', '/api/workspaces/currentId', cookie, { workspaceId: target })).statusCode,
    ).toBe(404);
    expect(
      (await send('POST', '/api/organization/currentId', cookie, { organizationId: team.organizationId }))
        .statusCode,
    ).toBe(404);
    const [workspace] = await ctx.db.select().from(workspaces).where(eq(workspaces.id, target));
    expect(workspace).toMatchObject({ name: 'Private Ops', imageUrl: null });
  });

  it('a member of another workspace of the same organization cannot reach this one', async () => {
    const team = await buildTeam(app, ctx);
    const secret = await createWorkspaceAs(app, team.owner.cookie, 'Secret Lane');
    const outsider = await addMember(app, ctx, team, { workspaceIds: [team.defaultWorkspaceId] });
    expect(
      (await send('POST', '/api/workspaces/currentId', outsider.cookie, { workspaceId: secret })).statusCode,
    ).toBe(404);
    const [organization] = (await get('/api/workspaces/get', outsider.cookie))
      .json()
      .result.filter((o: { organizationId: string }) => o.organizationId === team.organizationId);
    expect(organization.workspaces.map((w: { workspaceId: string }) => w.workspaceId)).toEqual([
      team.defaultWorkspaceId,
    ]);
  });

  it('uploadImage only as yourself', async () => {
    const team = await buildTeam(app, ctx);
    const image = form(
      { workspaceId: team.defaultWorkspaceId, userId: '00000000-0000-4000-8000-000000000000' },
      { name: 'x.png', content: PNG, type: 'image/png' },
    );
    const res = await app.inject({
      method: 'POST',
      url: '/api/workspaces/uploadImage',
      headers: { cookie: team.owner.cookie, ...image.headers },
      payload: image.payload,
    });
    expect(res.statusCode).toBe(403);
  });
});
