import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { workspaces } from '../src/db/schema/organizations';
import { sessions } from '../src/db/schema/sessions';
import { oceanShipments } from '../src/db/schema/tracking';
import { useTestApp } from './app';
import { addMember, buildTeam, containerNo, createWorkspaceAs, mbl, type Team } from './factories';

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

describe('X-Workspace-Id: each tab works in the workspace it shows', () => {
  it('lands a write from a tab whose workspace another tab switched away from where that tab shows', async () => {
    const { team, first, second } = await twoTabs();
    const item = { containerNo: containerNo(), mblNo: mbl() };

    const add = await call('POST', '/api/shipments/ocean', team.owner.cookie, first, { items: [item] });
    expect(add.statusCode).toBe(200);
    expect((await shipmentsOf(first)).map((s) => s.containerNo)).toEqual([item.containerNo]);
    expect(await shipmentsOf(second)).toEqual([]);

    const create = await call('POST', '/api/workspaces/create', team.owner.cookie, first, {
      workspaceName: 'Desk C',
    });
    expect(create.statusCode).toBe(200);
    const names = (
      await ctx.db.select().from(workspaces).where(eq(workspaces.organizationId, team.organizationId))
    ).map((w) => w.name);
    expect(names).toContain('Desk C');
    // The session's selection, where a new tab starts, is still the one the other tab chose.
    const [session] = await ctx.db
      .select({ workspaceId: sessions.currentWorkspaceId })
      .from(sessions)
      .where(eq(sessions.userId, team.owner.userId));
    expect(session?.workspaceId).toBe(second);
  });

  it("reads the shown workspace's data, never the selected one's under its name", async () => {
    const { team, first, second } = await twoTabs();
    const inSecond = { containerNo: containerNo(), mblNo: mbl() };
    await call('POST', '/api/shipments/ocean', team.owner.cookie, second, { items: [inSecond] });
    const tabA = await call('GET', '/api/shipments/ocean', team.owner.cookie, first);
    expect(tabA.statusCode).toBe(200);
    expect(JSON.stringify(tabA.json().result)).not.toContain(inSecond.containerNo);
    const tabB = await call('GET', '/api/shipments/ocean', team.owner.cookie, second);
    expect(JSON.stringify(tabB.json().result)).toContain(inSecond.containerNo);
  });

  it("takes the role and shipment permission of the shown workspace's organization", async () => {
    const team = await buildTeam(app, ctx);
    const other = await buildTeam(app, ctx);
    // The team's owner is a view-only general user in the other organization.
    await addMember(app, ctx, other, { account: team.owner, shipmentPermission: 1 });
    // addMember selected the other organization for the session; the tab shows the owner's own.
    const own = await call('GET', '/api/api-keys', team.owner.cookie, team.defaultWorkspaceId);
    expect(own.statusCode).toBe(200);
    const theirs = await call('GET', '/api/api-keys', team.owner.cookie, other.defaultWorkspaceId);
    expect(theirs.statusCode).toBe(403);
    const add = await call('POST', '/api/shipments/ocean', team.owner.cookie, other.defaultWorkspaceId, {
      items: [{ containerNo: containerNo(), mblNo: mbl() }],
    });
    expect(add.statusCode).toBe(403);
    expect(await shipmentsOf(other.defaultWorkspaceId)).toEqual([]);
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
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ success: false, result: null, code: 'SELECTION_CHANGED' });
    expect(await shipmentsOf(stranger.defaultWorkspaceId)).toEqual([]);
    expect(await shipmentsOf(team.defaultWorkspaceId)).toEqual([]);
    expect(
      (await call('GET', '/api/shipments/ocean', team.owner.cookie, stranger.defaultWorkspaceId)).statusCode,
    ).toBe(409);
    // Garbage is a workspace the user does not belong to either: a 409, never a 5xx.
    expect(
      (await call('GET', '/api/shipments/ocean', team.owner.cookie, "'; drop table x; --")).statusCode,
    ).toBe(409);
  });
});
