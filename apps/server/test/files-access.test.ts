import { describe, expect, it } from 'vitest';
import { useTestApp } from './app';
import { signUp, type Account } from './auth-helpers';
import { addMember, buildTeam, createWorkspaceAs, type Team } from './factories';
import { multipartForm, PNG } from './uploads';

const { app, ctx } = await useTestApp();

const png = { name: 'image.png', content: PNG, type: 'image/png' };

async function upload(url: string, cookie: string, fields: Record<string, string> = {}) {
  const form = multipartForm(fields, png);
  const res = await app.inject({
    method: 'POST',
    url,
    headers: { cookie, ...form.headers },
    payload: form.payload,
  });
  if (res.statusCode !== 200) throw new Error(`upload to ${url} failed: ${res.body}`);
  return res.json().result as Record<string, unknown>;
}

const uploadAvatar = async (account: Account) =>
  (await upload('/api/users/avatar', account.cookie)).avatar as string;
const uploadWorkspaceImage = async (owner: Account, workspaceId: string) =>
  (await upload('/api/workspaces/uploadImage', owner.cookie, { workspaceId, userId: owner.userId }))
    .image as string;
const uploadOrganizationImage = async (team: Team) =>
  (await upload('/api/organization/update', team.owner.cookie, { organizationName: 'Acme Freight' }))
    .image as string;

/** The status a viewer gets for an image URL; `null` is a signed-out request. */
async function statusFor(url: string, viewer: Account | null) {
  const res = await app.inject({ method: 'GET', url, headers: viewer ? { cookie: viewer.cookie } : {} });
  if (res.statusCode === 404) expect(res.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
  return res.statusCode;
}

const removeMember = async (team: Team, member: Account) => {
  const res = await app.inject({
    method: 'POST',
    url: '/api/organization/members/remove',
    headers: { cookie: team.owner.cookie },
    payload: { userId: member.userId },
  });
  expect(res.statusCode).toBe(200);
};

describe('GET /api/files: who may see an avatar', () => {
  it('the user and colleagues in a shared organization; not another tenant, not after removal', async () => {
    const team = await buildTeam(app, ctx);
    const colleague = await addMember(app, ctx, team);
    const stranger = await signUp(app, ctx);
    const avatar = await uploadAvatar(colleague);

    expect(await statusFor(avatar, colleague)).toBe(200);
    expect(await statusFor(avatar, team.owner)).toBe(200);
    expect(await statusFor(avatar, stranger)).toBe(404);
    expect(await statusFor(avatar, null)).toBe(401);

    // Either side of a removal loses the other's avatar; the removed user keeps their own.
    const ownerAvatar = await uploadAvatar(team.owner);
    expect(await statusFor(ownerAvatar, colleague)).toBe(200);
    await removeMember(team, colleague);
    expect(await statusFor(avatar, team.owner)).toBe(404);
    expect(await statusFor(ownerAvatar, colleague)).toBe(404);
    expect(await statusFor(avatar, colleague)).toBe(200);
  });

  it('a name that is not the owner’s current image is not found, even for the owner', async () => {
    const me = await signUp(app, ctx);
    const first = await uploadAvatar(me);
    const second = await uploadAvatar(me);
    expect(await statusFor(second, me)).toBe(200);
    expect(await statusFor(first, me)).toBe(404);
    // Same shape, someone else's id: answered exactly like a missing file.
    const other = await signUp(app, ctx);
    const forged = second.replace(me.userId, other.userId);
    expect(await statusFor(forged, me)).toBe(404);
    expect(await statusFor('/api/files/avatars/not-a-stored-name.png', me)).toBe(404);
  });
});

describe('GET /api/files: who may see a workspace image', () => {
  it('its members and invitees; not others of the organization, other tenants or removed members', async () => {
    const team = await buildTeam(app, ctx);
    const privateWorkspace = await createWorkspaceAs(app, team.owner.cookie, 'Reefer Desk');
    const inWorkspace = await addMember(app, ctx, team, {
      workspaceIds: [team.defaultWorkspaceId, privateWorkspace],
    });
    const elsewhere = await addMember(app, ctx, team, { workspaceIds: [team.defaultWorkspaceId] });
    const stranger = await signUp(app, ctx);
    const invitee = await signUp(app, ctx);
    const image = await uploadWorkspaceImage(team.owner, privateWorkspace);

    expect(await statusFor(image, team.owner)).toBe(200);
    expect(await statusFor(image, inWorkspace)).toBe(200);
    // The web app shows a workspace's image only to those in it.
    expect(await statusFor(image, elsewhere)).toBe(404);
    expect(await statusFor(image, stranger)).toBe(404);
    expect(await statusFor(image, null)).toBe(401);

    // A pending invitation lists the workspace with its image.
    expect(await statusFor(image, invitee)).toBe(404);
    const invited = await app.inject({
      method: 'POST',
      url: '/api/workspaces/invite/new',
      headers: { cookie: team.owner.cookie },
      payload: { emails: [invitee.email.toUpperCase()], workspaceIds: [privateWorkspace] },
    });
    expect(invited.statusCode).toBe(200);
    expect(await statusFor(image, invitee)).toBe(200);

    await removeMember(team, inWorkspace);
    expect(await statusFor(image, inWorkspace)).toBe(404);
  });
});

describe('GET /api/files: who may see an organization image', () => {
  it('its members; not other tenants or removed members', async () => {
    const team = await buildTeam(app, ctx);
    const member = await addMember(app, ctx, team);
    const stranger = await buildTeam(app, ctx);
    const image = await uploadOrganizationImage(team);

    expect(await statusFor(image, team.owner)).toBe(200);
    expect(await statusFor(image, member)).toBe(200);
    expect(await statusFor(image, stranger.owner)).toBe(404);
    expect(await statusFor(image, null)).toBe(401);

    await removeMember(team, member);
    expect(await statusFor(image, member)).toBe(404);
  });
});
