import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { WORKSPACE_HEADER } from '@tracklane/shared/api/workspace-header';
import { SEARCH_MESSAGES } from '@tracklane/shared/search/search-query';
import { organizations } from '../src/db/schema/organizations';
import { useTestApp } from './app';
import type { Account } from './auth-helpers';
import { addMember, buildTeam, containerNo, createWorkspaceAs, mbl, type Team } from './factories';

const { app, ctx } = await useTestApp();

type Method = 'GET' | 'POST' | 'PUT';
const call = (method: Method, url: string, cookie: string | null, payload?: object) =>
  app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });

const search = (account: Account | null, q: string) =>
  call('GET', `/api/search?q=${encodeURIComponent(q)}`, account?.cookie ?? null);

/** What a result is known by, for comparing lists. */
const numbers = (res: Awaited<ReturnType<typeof search>>) =>
  (res.json().result.items as { mode: string; containerNo?: string; expressOrderNo?: string }[]).map((r) =>
    r.mode === 'ocean' ? r.containerNo : r.expressOrderNo,
  );

/**
 * Adds containers to the workspace the account has selected. Each test uses its own owner code, so that
 * a prefix finds that test's containers only (the file shares one database).
 */
async function addContainers(account: Account, owner: string, count = 1, extra: object = {}) {
  const items = Array.from({ length: count }, () => ({
    containerNo: containerNo(owner),
    mblNo: mbl(),
    ...extra,
  }));
  const res = await call('POST', '/api/shipments/ocean', account.cookie, { items });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().result as { shipmentOverallId: string; outcome: string }[]).map((r, i) => {
    expect(r.outcome).toBe('created');
    return { ...items[i]!, id: r.shipmentOverallId };
  });
}

async function addParcel(account: Account, trackingNo: string) {
  const res = await call('POST', '/api/shipments/express', account.cookie, {
    items: [{ trackingNo, carrier: 'gls' }],
  });
  expect(res.json().result[0].outcome, res.body).toBe('created');
  return res.json().result[0].expressOrderId as string;
}

async function selectWorkspace(account: Account, workspaceId: string) {
  const res = await call('POST', '/api/workspaces/currentId', account.cookie, { workspaceId });
  expect(res.statusCode, res.body).toBe(200);
}

async function nameOrganization(team: Team, name: string) {
  await ctx.db.update(organizations).set({ name }).where(eq(organizations.id, team.organizationId));
}

describe('GET /api/search: what it finds', () => {
  it('finds a container by the beginning of its number however it is typed, naming its workspace', async () => {
    const team = await buildTeam(app, ctx);
    await nameOrganization(team, 'Acme Freight');
    const [box] = await addContainers(team.owner, 'SRAU');
    const res = await search(team.owner, ` srau ${box!.containerNo.slice(4, 7)}-`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ success: true, result: { truncated: false } });
    expect(res.json().result.items).toEqual([
      {
        mode: 'ocean',
        shipmentId: box!.id,
        containerNo: box!.containerNo,
        mblNo: box!.mblNo,
        carrierScac: 'MSCU',
        workspace: { id: team.defaultWorkspaceId, name: 'Default Workspace' },
        organization: { id: team.organizationId, name: 'Acme Freight' },
        state: expect.any(String),
        status: null,
        archived: false,
        tags: [],
        createdAt: expect.any(String),
        match: {
          field: 'containerNo',
          value: box!.containerNo,
          exact: false,
          fieldName: 'Container',
          label: `Container: ${box!.containerNo}`,
        },
      },
    ]);
  });

  it('finds a bill of lading, a parcel number and a tag, saying what matched', async () => {
    const team = await buildTeam(app, ctx);
    const [box] = await addContainers(team.owner, 'SRBU', 1, { mblNo: 'SRBBILL0001', carrierScac: 'MSCU' });
    const parcelId = await addParcel(team.owner, 'SRBPARCEL0001');
    const tagged = await call('PUT', `/api/shipments/ocean/${box!.id}/tags`, team.owner.cookie, {
      tags: ['SRB-urgent'],
    });
    expect(tagged.statusCode, tagged.body).toBe(200);

    const bill = await search(team.owner, 'srbbill');
    expect(bill.json().result.items).toMatchObject([
      { mode: 'ocean', shipmentId: box!.id, match: { field: 'mblNo', label: 'B/L: SRBBILL0001' } },
    ]);
    const parcel = await search(team.owner, 'srb parcel');
    expect(parcel.json().result.items).toMatchObject([
      {
        mode: 'express',
        shipmentId: parcelId,
        expressOrderId: parcelId,
        expressOrderNo: 'SRBPARCEL0001',
        carrier: 'gls',
        workspace: { id: team.defaultWorkspaceId, name: 'Default Workspace' },
        match: { field: 'trackingNo', label: 'Tracking number: SRBPARCEL0001' },
      },
    ]);
    // A tag matches whatever its case, and keeps its own spelling in the answer.
    const tag = await search(team.owner, 'srb-URG');
    expect(tag.json().result.items).toMatchObject([
      { shipmentId: box!.id, match: { field: 'tag', value: 'SRB-urgent', label: 'Tag: SRB-urgent' } },
    ]);
  });

  it('ranks exact matches first, then active before archived, then the most recently added', async () => {
    const team = await buildTeam(app, ctx);
    const bills = ['SRCB1000', 'SRCB10001', 'SRCB10002', 'SRCB10003'];
    const added = [];
    // One at a time: each is added after the one before it.
    for (const mblNo of bills)
      added.push((await addContainers(team.owner, 'SRCU', 1, { mblNo, carrierScac: 'MSCU' }))[0]!);
    const archived = await call('POST', '/api/shipments/ocean/archive', team.owner.cookie, {
      shipmentOverallIds: [added[3]!.id],
      archived: true,
    });
    expect(archived.statusCode, archived.body).toBe(200);

    const res = await search(team.owner, 'srcb1000');
    expect(res.json().result.items.map((r: { mblNo: string }) => r.mblNo)).toEqual([
      'SRCB1000', // exact, though the oldest
      'SRCB10002', // then active ones, newest first
      'SRCB10001',
      'SRCB10003', // archived last
    ]);
    expect(res.json().result.items.map((r: { match: { exact: boolean } }) => r.match.exact)).toEqual([
      true,
      false,
      false,
      false,
    ]);
  });

  it('answers at most 20 and says that more matched', async () => {
    const team = await buildTeam(app, ctx);
    await addContainers(team.owner, 'SRDU', 23);
    const res = await search(team.owner, 'SRDU');
    expect(res.json().result.items).toHaveLength(20);
    expect(res.json().result.truncated).toBe(true);
  });

  it('takes % and _ in a query literally', async () => {
    const team = await buildTeam(app, ctx);
    await addContainers(team.owner, 'SREU');
    for (const q of ['%%', '__', 'S_EU', 'SR%']) {
      const res = await search(team.owner, q);
      expect(res.statusCode, q).toBe(200);
      expect(numbers(res), q).toEqual([]);
    }
  });
});

describe('GET /api/search: where it looks (tenancy)', () => {
  it('never shows another tenant’s shipments, even with the same number', async () => {
    const mine = await buildTeam(app, ctx);
    const theirs = await buildTeam(app, ctx);
    const [box] = await addContainers(theirs.owner, 'SRFU');
    // The same container, followed by both tenants: each sees only its own subscription.
    const same = await call('POST', '/api/shipments/ocean', mine.owner.cookie, {
      items: [{ containerNo: box!.containerNo, mblNo: box!.mblNo }],
    });
    const mineId = same.json().result[0].shipmentOverallId as string;
    await addContainers(theirs.owner, 'SRFU', 2);
    await addParcel(theirs.owner, 'SRFPARCEL0001');

    const res = await search(mine.owner, 'SRF');
    expect(res.json().result.items).toHaveLength(1);
    expect(res.json().result.items[0]).toMatchObject({
      shipmentId: mineId,
      workspace: { id: mine.defaultWorkspaceId },
    });
  });

  it('shows results of each of the user’s workspaces, with their names, whichever is selected', async () => {
    const team = await buildTeam(app, ctx);
    await nameOrganization(team, 'Acme Freight');
    const [home] = await addContainers(team.owner, 'SRGU');
    const importsId = await createWorkspaceAs(app, team.owner.cookie, 'Imports Europe');
    await selectWorkspace(team.owner, importsId);
    const [imported] = await addContainers(team.owner, 'SRGU');
    // Another organization the user was invited to, view only.
    const partner = await buildTeam(app, ctx);
    await nameOrganization(partner, 'Beta Logistics');
    const [theirs] = await addContainers(partner.owner, 'SRGU');
    await addMember(app, ctx, partner, { account: team.owner, shipmentPermission: 1 });

    await selectWorkspace(team.owner, team.defaultWorkspaceId);
    // A page of another workspace asks the same: the search belongs to no one workspace.
    const res = await app.inject({
      method: 'GET',
      url: '/api/search?q=srgu',
      headers: { cookie: team.owner.cookie, [WORKSPACE_HEADER]: importsId },
    });
    expect(res.statusCode, res.body).toBe(200);
    const places = (
      res.json().result.items as { shipmentId: string; workspace: object; organization: object }[]
    )
      .map((r) => ({ id: r.shipmentId, workspace: r.workspace, organization: r.organization }))
      .sort((a, b) => a.id.localeCompare(b.id));
    expect(places).toEqual(
      [
        {
          id: home!.id,
          workspace: { id: team.defaultWorkspaceId, name: 'Default Workspace' },
          organization: { id: team.organizationId, name: 'Acme Freight' },
        },
        {
          id: imported!.id,
          workspace: { id: importsId, name: 'Imports Europe' },
          organization: { id: team.organizationId, name: 'Acme Freight' },
        },
        {
          id: theirs!.id,
          workspace: { id: partner.defaultWorkspaceId, name: 'Default Workspace' },
          organization: { id: partner.organizationId, name: 'Beta Logistics' },
        },
      ].sort((a, b) => a.id.localeCompare(b.id)),
    );
  });

  it('leaves out a workspace where the user may not see shipments (shipmentPermission 2)', async () => {
    const team = await buildTeam(app, ctx);
    const [hidden] = await addContainers(team.owner, 'SRHU');
    const member = await addMember(app, ctx, team, { shipmentPermission: 2 });
    const own = await buildTeam(app, ctx);
    // The member's own organization: where their search still works.
    await addMember(app, ctx, own, { account: member, role: 'company_admin' });
    await selectWorkspace(member, own.defaultWorkspaceId);
    const [visible] = await addContainers(own.owner, 'SRHU');

    const res = await search(member, 'SRHU');
    expect(res.statusCode).toBe(200);
    expect(res.json().result.items.map((r: { shipmentId: string }) => r.shipmentId)).toEqual([visible!.id]);
    expect(res.json().result.items.map((r: { shipmentId: string }) => r.shipmentId)).not.toContain(
      hidden!.id,
    );

    // Even with that workspace selected, and with nothing else to look in: an empty answer, not a 403.
    await selectWorkspace(member, team.defaultWorkspaceId);
    expect(numbers(await search(member, 'SRHU'))).toEqual([visible!.containerNo]);
    const alone = await addMember(app, ctx, team, { shipmentPermission: 2 });
    const nothing = await search(alone, 'SRHU');
    expect(nothing.statusCode).toBe(200);
    expect(nothing.json().result).toEqual({ items: [], truncated: false });
  });

  it('lets a view-only member (shipmentPermission 1) find shipments', async () => {
    const team = await buildTeam(app, ctx);
    const [box] = await addContainers(team.owner, 'SRIU');
    const viewer = await addMember(app, ctx, team, { shipmentPermission: 1 });
    expect(numbers(await search(viewer, 'sriu'))).toEqual([box!.containerNo]);
  });

  it('stops finding a workspace’s shipments once the user is no longer its member', async () => {
    const team = await buildTeam(app, ctx);
    await addContainers(team.owner, 'SRJU');
    const importsId = await createWorkspaceAs(app, team.owner.cookie, 'Side Desk');
    const member = await addMember(app, ctx, team, { workspaceIds: [importsId] });
    expect(numbers(await search(member, 'SRJU'))).toEqual([]);
  });
});

describe('GET /api/search: refusals', () => {
  it('asks for a session', async () => {
    const res = await search(null, 'SRKU');
    expect(res.statusCode).toBe(401);
  });

  it('answers a missing, short or long query with a 400 that says why', async () => {
    const team = await buildTeam(app, ctx);
    const cases: [string, string][] = [
      ['/api/search', SEARCH_MESSAGES.tooShort],
      ['/api/search?q=', SEARCH_MESSAGES.tooShort],
      ['/api/search?q=m', SEARCH_MESSAGES.tooShort],
      ['/api/search?q=%20-%2F%20', SEARCH_MESSAGES.tooShort],
      [`/api/search?q=${'A'.repeat(61)}`, SEARCH_MESSAGES.tooLong],
      ['/api/search?q=ab&q=cd', SEARCH_MESSAGES.notText],
    ];
    for (const [url, message] of cases) {
      const res = await call('GET', url, team.owner.cookie);
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toMatchObject({ success: false, code: 'VALIDATION', message });
    }
    const huge = await call('GET', `/api/search?q=${'A'.repeat(5000)}`, team.owner.cookie);
    expect(huge.statusCode).toBeLessThan(500);
    expect(huge.statusCode).toBeGreaterThanOrEqual(400);
  });
});
