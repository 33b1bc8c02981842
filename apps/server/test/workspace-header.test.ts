import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { invitations } from '../src/db/schema/invitations';
import { workspaces } from '../src/db/schema/organizations';
import { oceanShipments } from '../src/db/schema/tracking';
import { uniqueEmail } from './auth-helpers';
import { useTestApp } from './app';
import { buildTeam, containerNo, createWorkspaceAs, mbl, type Team } from './factories';

const { app, ctx } = await useTestApp();

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
/** A call from a page that shows `shown` (the web app's header), or from a client that sends none. */
const call = (method: Method, url: string, cookie: string, shown: string | null, payload?: object) =>
  app.inject({
    method,
    url,
    headers: { cookie, ...(shown ? { 'x-workspace-id': shown } : {}) },
    ...(payload ? { payload } : {}),
  });

/** One session, two workspaces: "tab A" shows the default one, "tab B" then switches to Desk B. */
async function twoTabs(): Promise<{ team: Team; first: string; second: string }> {
  const team = await buildTeam(app, ctx);
  const second = await createWorkspaceAs(app, team.owner.cookie, 'Desk B');
  const switched = await call(
    'POST',
    '/api/workspaces/currentId',
    team.owner.cookie,
    team.defaultWorkspaceId,
    {
      workspaceId: second,
    },
  );
  expect(switched.json().result.workspaceId).toBe(second);
  return { team, first: team.defaultWorkspaceId, second };
}

const shipmentsOf = (workspaceId: string) =>
  ctx.db.select().from(oceanShipments).where(eq(oceanShipments.workspaceId, workspaceId));

describe('X-Workspace-Id: the workspace the page shows', () => {
  it('refuses a write from a tab whose workspace another tab switched away from, and writes nothing', async () => {
    const { team, first, second } = await twoTabs();
    const item = { containerNo: containerNo(), mblNo: mbl() };

    const add = await call('POST', '/api/shipments/ocean', team.owner.cookie, first, { items: [item] });
    expect(add.statusCode).toBe(409);
    expect(add.json()).toMatchObject({ success: false, result: null, code: 'SELECTION_CHANGED' });
    expect(add.json().message).toMatch(/another tab/i);

    const invite = await call('POST', '/api/workspaces/invite/new', team.owner.cookie, first, {
      emails: [uniqueEmail()],
      workspaceIds: [first],
    });
    expect(invite.json().code).toBe('SELECTION_CHANGED');
    const create = await call('POST', '/api/workspaces/create', team.owner.cookie, first, {
      workspaceName: 'Desk C',
    });
    expect(create.json().code).toBe('SELECTION_CHANGED');

    expect(await shipmentsOf(first)).toEqual([]);
    expect(await shipmentsOf(second)).toEqual([]);
    expect(
      await ctx.db.select().from(invitations).where(eq(invitations.organizationId, team.organizationId)),
    ).toEqual([]);
    const names = (
      await ctx.db.select().from(workspaces).where(eq(workspaces.organizationId, team.organizationId))
    ).map((w) => w.name);
    expect(names).not.toContain('Desk C');
  });

  it("refuses a read too: tab A must not show Desk B's data under its own name", async () => {
    const { team, first, second } = await twoTabs();
    await call('POST', '/api/shipments/ocean', team.owner.cookie, second, {
      items: [{ containerNo: containerNo(), mblNo: mbl() }],
    });
    const read = await call('GET', '/api/shipments/ocean', team.owner.cookie, first);
    expect(read.statusCode).toBe(409);
    expect(read.json().code).toBe('SELECTION_CHANGED');
    expect((await call('GET', '/api/organization/overview', team.owner.cookie, first)).statusCode).toBe(409);
  });

  it('lets the tab re-select its workspace (a `user` route ignores the header), then its write lands there', async () => {
    const { team, first, second } = await twoTabs();
    const reselect = await call('POST', '/api/workspaces/currentId', team.owner.cookie, first, {
      workspaceId: first,
    });
    expect(reselect.statusCode).toBe(200);
    const item = { containerNo: containerNo(), mblNo: mbl() };
    const add = await call('POST', '/api/shipments/ocean', team.owner.cookie, first, { items: [item] });
    expect(add.statusCode).toBe(200);
    expect((await shipmentsOf(first)).map((s) => s.containerNo)).toEqual([item.containerNo]);
    expect(await shipmentsOf(second)).toEqual([]);
    // Now tab B is the one out of date.
    expect((await call('GET', '/api/shipments/ocean', team.owner.cookie, second)).json().code).toBe(
      'SELECTION_CHANGED',
    );
  });

  it('works as before for a page of the selected workspace and for callers without the header', async () => {
    const { team, second } = await twoTabs();
    const shown = await call('POST', '/api/shipments/ocean', team.owner.cookie, second, {
      items: [{ containerNo: containerNo(), mblNo: mbl() }],
    });
    expect(shown.statusCode).toBe(200);
    const plain = await call('POST', '/api/shipments/ocean', team.owner.cookie, null, {
      items: [{ containerNo: containerNo(), mblNo: mbl() }],
    });
    expect(plain.statusCode).toBe(200);
    expect(await shipmentsOf(second)).toHaveLength(2);
  });

  it('refuses a header naming a workspace the user does not belong to', async () => {
    const team = await buildTeam(app, ctx);
    const stranger = await buildTeam(app, ctx);
    const res = await call('POST', '/api/shipments/ocean', team.owner.cookie, stranger.defaultWorkspaceId, {
      items: [{ containerNo: containerNo(), mblNo: mbl() }],
    });
    expect(res.json().code).toBe('SELECTION_CHANGED');
    expect(await shipmentsOf(stranger.defaultWorkspaceId)).toEqual([]);
    expect(await shipmentsOf(team.defaultWorkspaceId)).toEqual([]);
    // Garbage is just another workspace that is not the selected one: a 409, never a 5xx.
    expect(
      (await call('GET', '/api/shipments/ocean', team.owner.cookie, "'; drop table x; --")).statusCode,
    ).toBe(409);
  });
});
