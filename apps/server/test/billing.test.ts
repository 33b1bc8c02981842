import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { organizations } from '../src/db/schema/organizations';
import { plans } from '../src/db/schema/plans';
import { useTestApp } from './app';
import { uniqueEmail } from './auth-helpers';
import { addMember, buildTeam, containerNo, createWorkspaceAs, mbl, type Team } from './factories';
import { addShipments, files, upload } from './support/documents';

const { app, ctx } = await useTestApp();

const post = (url: string, cookie: string, payload: object) =>
  app.inject({ method: 'POST', url, headers: { cookie }, payload });
const get = (url: string, cookie: string) => app.inject({ method: 'GET', url, headers: { cookie } });
const changePlan = (cookie: string, planId: string, interval = 'month') =>
  post('/api/billing/change-plan', cookie, { planId, interval });
const organizationOf = async (team: Team) =>
  (await ctx.db.select().from(organizations).where(eq(organizations.id, team.organizationId)))[0]!;

let parcelSerial = 0;
const parcel = () => ({ trackingNo: `TLQ${String(parcelSerial++).padStart(7, '0')}`, carrier: 'gls' });
const container = () => ({ containerNo: containerNo('MSCU'), mblNo: mbl() });

/** A small plan of this test database's own, to reach the limits with a few rows. */
await ctx.db.insert(plans).values({
  id: 'tiny',
  name: 'Tiny',
  description: 'Test plan',
  monthlyPrice: 500,
  yearlyPrice: 5000,
  memberLimit: 3,
  shipmentQuota: 4,
  features: [],
  position: 5,
});

describe('plans and the pricing table', () => {
  it('lists the plans cheapest first with the current one; only company admins may change it', async () => {
    const team = await buildTeam(app, ctx);
    const pricing = (await get('/api/billing/plans', team.owner.cookie)).json().result;
    expect(pricing.plans.map((p: { id: string }) => p.id).slice(0, 3)).toEqual(['free', 'team', 'business']);
    expect(pricing).toMatchObject({
      currentPlanId: 'free',
      currentInterval: 'month',
      canChangePlan: true,
      provider: 'none',
    });
    const member = await addMember(app, ctx, team);
    expect((await get('/api/billing/plans', member.cookie)).json().result.canChangePlan).toBe(false);
  });

  it('shows the billing overview: plan, seats and active shipments of both modes against the entitlements', async () => {
    const team = await buildTeam(app, ctx);
    await post('/api/workspaces/invite/new', team.owner.cookie, {
      emails: [uniqueEmail()],
      workspaceIds: [team.defaultWorkspaceId],
    });
    await post('/api/shipments/ocean', team.owner.cookie, { items: [container(), container()] });
    await post('/api/shipments/express', team.owner.cookie, { items: [parcel()] });
    const overview = (await get('/api/billing', team.owner.cookie)).json().result;
    expect(overview).toMatchObject({
      plan: { id: 'free', name: 'Free' },
      interval: 'month',
      renewsAt: null,
      memberLimit: 10,
      memberUsage: 2,
      shipmentQuota: 50,
      shipmentUsage: 3,
      provider: 'none',
      invoices: null,
      hasPortal: false,
    });
  });
});

describe('document storage on the billing page', () => {
  it('counts the current workspace’s documents against the plan’s quota, never another tenant’s', async () => {
    const team = await buildTeam(app, ctx);
    const other = await buildTeam(app, ctx);
    const [[mode, id]] = await addShipments(app, team);
    const [[otherMode, otherId]] = await addShipments(app, other);
    const pdf = files.pdf();
    expect((await upload(app, team.owner, mode, id, { name: 'bl.pdf', bytes: pdf })).statusCode).toBe(200);
    const png = files.png();
    expect(
      (await upload(app, other.owner, otherMode, otherId, { name: 'a.png', bytes: png })).statusCode,
    ).toBe(200);
    const [free] = await ctx.db.select().from(plans).where(eq(plans.id, 'free'));
    expect(free!.documentStorageBytes).toBeGreaterThan(0);

    const overview = (await get('/api/billing', team.owner.cookie)).json().result;
    expect(overview.documentStorage).toEqual({
      usedBytes: pdf.length,
      quotaBytes: free!.documentStorageBytes,
    });
    // A member without admin rights sees the same figures.
    const member = await addMember(app, ctx, team);
    expect((await get('/api/billing', member.cookie)).json().result.documentStorage).toEqual(
      overview.documentStorage,
    );
    expect((await get('/api/billing', other.owner.cookie)).json().result.documentStorage.usedBytes).toBe(
      png.length,
    );

    // The quota follows the plan.
    expect((await changePlan(team.owner.cookie, 'tiny')).statusCode).toBe(200);
    await ctx.db.update(plans).set({ documentStorageBytes: 1234 }).where(eq(plans.id, 'tiny'));
    expect((await get('/api/billing', team.owner.cookie)).json().result.documentStorage).toEqual({
      usedBytes: pdf.length,
      quotaBytes: 1234,
    });
  });
});

describe('changing plans without a payment provider', () => {
  it('lets a company admin change the plan at once; the entitlements follow the plan', async () => {
    const team = await buildTeam(app, ctx);
    const res = await changePlan(team.owner.cookie, 'team', 'year');
    expect(res.statusCode).toBe(200);
    expect(res.json().result).toEqual({ kind: 'changed', planId: 'team', interval: 'year' });
    const organization = await organizationOf(team);
    expect(organization).toMatchObject({
      plan: 'team',
      memberLimit: 25,
      shipmentQuota: 500,
      planInterval: 'year',
    });
    expect(organization.planRenewsAt!.getTime()).toBeGreaterThan(Date.now() + 360 * 86_400_000);
    expect((await get('/api/organization/overview', team.owner.cookie)).json().result).toMatchObject({
      plan: 'team',
      memberLimit: 25,
    });
    expect((await changePlan(team.owner.cookie, 'team', 'year')).json().message).toBe(
      'This is already your plan.',
    );
  });

  it('refuses general users, unknown plans and bad input; another tenant is untouched', async () => {
    const team = await buildTeam(app, ctx);
    const member = await addMember(app, ctx, team, { role: 'general_user' });
    const refused = await changePlan(member.cookie, 'team');
    expect(refused.statusCode).toBe(403);
    expect((await organizationOf(team)).plan).toBe('free');
    expect((await changePlan(team.owner.cookie, 'platinum')).statusCode).toBe(404);
    expect((await changePlan(team.owner.cookie, 'team', 'week')).statusCode).toBe(400);

    // An admin of one organization who is a general user of another cannot change the other's plan.
    const other = await buildTeam(app, ctx);
    await addMember(app, ctx, other, { account: team.owner, role: 'general_user' });
    expect((await changePlan(team.owner.cookie, 'business')).statusCode).toBe(403);
    expect((await organizationOf(other)).plan).toBe('free');
    expect((await organizationOf(team)).plan).toBe('free');
  });

  it('refuses a downgrade below the seats or active shipments in use, with the reason', async () => {
    const seats = await buildTeam(app, ctx);
    await post('/api/workspaces/invite/new', seats.owner.cookie, {
      emails: [uniqueEmail(), uniqueEmail(), uniqueEmail()],
      workspaceIds: [seats.defaultWorkspaceId],
    });
    const tooManySeats = await changePlan(seats.owner.cookie, 'tiny');
    expect(tooManySeats.statusCode).toBe(409);
    expect(tooManySeats.json().message).toBe(
      'Tiny has 3 seats and your organization uses 4 (members and pending invitations). Remove members or cancel invitations first.',
    );

    const shipments = await buildTeam(app, ctx);
    const second = await createWorkspaceAs(app, shipments.owner.cookie, 'Imports Desk');
    await post('/api/shipments/ocean', shipments.owner.cookie, {
      items: [container(), container(), container()],
    });
    await post('/api/workspaces/currentId', shipments.owner.cookie, { workspaceId: second });
    await post('/api/shipments/express', shipments.owner.cookie, { items: [parcel(), parcel()] });
    const tooManyShipments = await changePlan(shipments.owner.cookie, 'tiny');
    expect(tooManyShipments.statusCode).toBe(409);
    expect(tooManyShipments.json().message).toBe(
      'Tiny allows 4 active shipments and your organization has 5. Archive shipments first.',
    );
    expect((await organizationOf(shipments)).plan).toBe('free');
  });
});

describe('limits follow the plan under concurrency', () => {
  it('concurrent invites never take more seats than the plan gives', async () => {
    const team = await buildTeam(app, ctx);
    expect((await changePlan(team.owner.cookie, 'tiny')).statusCode).toBe(200);
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        post('/api/workspaces/invite/new', team.owner.cookie, {
          emails: [uniqueEmail()],
          workspaceIds: [team.defaultWorkspaceId],
        }),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 200, 409, 409, 409, 409]);
    const overview = (await get('/api/billing', team.owner.cookie)).json().result;
    expect(overview).toMatchObject({ memberLimit: 3, memberUsage: 3 });
  });

  it('concurrent intakes of both modes stay within the quota, and each row over it says why', async () => {
    const team = await buildTeam(app, ctx);
    expect((await changePlan(team.owner.cookie, 'tiny')).statusCode).toBe(200);
    const requests = [
      post('/api/shipments/ocean', team.owner.cookie, { items: [container(), container()] }),
      post('/api/shipments/express', team.owner.cookie, { items: [parcel(), parcel()] }),
      post('/api/shipments/ocean', team.owner.cookie, { items: [container(), container()] }),
      post('/api/shipments/express', team.owner.cookie, { items: [parcel(), parcel()] }),
    ];
    const answers = await Promise.all(requests);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200]);
    const rows = answers.flatMap((a) => a.json().result as { outcome: string; message: string | null }[]);
    expect(rows.filter((r) => r.outcome === 'created')).toHaveLength(4);
    const refused = rows.filter((r) => r.outcome === 'refused');
    expect(refused).toHaveLength(4);
    for (const row of refused)
      expect(row.message).toBe(
        'Your plan allows 4 active shipments and they are all in use: archive some or change the plan',
      );
    expect((await get('/api/billing', team.owner.cookie)).json().result.shipmentUsage).toBe(4);
  });

  it('more concurrent intakes than the database pool has connections all answer', async () => {
    // Each intake holds the organization's lock in its transaction; anything it asks the database
    // while holding it must go through that transaction, or the waiting intakes starve the pool.
    const team = await buildTeam(app, ctx);
    const answers = await Promise.all([
      ...Array.from({ length: 10 }, () =>
        post('/api/shipments/ocean', team.owner.cookie, { items: [container()] }),
      ),
      ...Array.from({ length: 8 }, () =>
        post('/api/shipments/express', team.owner.cookie, { items: [parcel()] }),
      ),
      ...Array.from({ length: 4 }, () =>
        post('/api/shipments/ocean', team.owner.cookie, { items: [{ mblNo: mbl() }] }),
      ),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual(Array.from({ length: 22 }, () => 200));
    const rows = answers.flatMap((a) => a.json().result as { outcome: string }[]);
    expect(rows.every((r) => r.outcome === 'created')).toBe(true);
  });

  it('a row already followed here takes no quota; archiving frees it, and moving back takes it again', async () => {
    const team = await buildTeam(app, ctx);
    expect((await changePlan(team.owner.cookie, 'tiny')).statusCode).toBe(200);
    const four = [container(), container(), container(), container()];
    const first = (await post('/api/shipments/ocean', team.owner.cookie, { items: four })).json().result;
    expect(first.every((r: { outcome: string }) => r.outcome === 'created')).toBe(true);
    const again = (
      await post('/api/shipments/ocean', team.owner.cookie, { items: [four[0], container()] })
    ).json().result;
    expect(again.map((r: { outcome: string }) => r.outcome)).toEqual(['already_tracked', 'refused']);
    await post('/api/shipments/ocean/archive', team.owner.cookie, {
      shipmentOverallIds: [first[0].shipmentOverallId],
      archived: true,
    });
    const after = (await post('/api/shipments/ocean', team.owner.cookie, { items: [container()] })).json()
      .result;
    expect(after[0].outcome).toBe('created');
    // Back from the archive it would be a fifth active shipment: refused until one makes room.
    const restore = await post('/api/shipments/ocean/archive', team.owner.cookie, {
      shipmentOverallIds: [first[0].shipmentOverallId],
      archived: false,
    });
    expect(restore.statusCode).toBe(409);
    expect(restore.json().message).toBe(
      'Your plan allows 4 active shipments and 4 are in use: archive others or change the plan before moving these back',
    );
    await post('/api/shipments/ocean/archive', team.owner.cookie, {
      shipmentOverallIds: [first[1].shipmentOverallId],
      archived: true,
    });
    const swapped = await post('/api/shipments/ocean/archive', team.owner.cookie, {
      shipmentOverallIds: [first[0].shipmentOverallId],
      archived: false,
    });
    expect(swapped.json().result.updatedIds).toEqual([first[0].shipmentOverallId]);
  });
});
