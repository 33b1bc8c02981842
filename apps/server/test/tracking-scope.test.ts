import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import type { TrackingEvent } from '@tracklane/shared/tracking/ocean/tracking-event';
import { oceanListQuerySchema } from '@tracklane/shared/tracking/ocean/ocean-shipments.schema';
import { alertEpisodes, alertRules } from '../src/db/schema/alerts';
import { comments } from '../src/db/schema/comments';
import { organizations, workspaceMembers, workspaces } from '../src/db/schema/organizations';
import { shipmentShares } from '../src/db/schema/sharing';
import {
  expressShipments,
  oceanShipments,
  shipmentFavorites,
  trackedItems,
  trackingEvents,
} from '../src/db/schema/tracking';
import { users } from '../src/db/schema/users';
import { parseDcsaCarriers } from '../src/integrations/tracking/dcsa/dcsa-config';
import type {
  OceanAnswer,
  OceanProvider,
  OrganizationConnections,
} from '../src/integrations/tracking/provider';
import { QUEUES } from '../src/jobs/queue';
import { createExpressShipments } from '../src/modules/express-shipments/express-intake.service';
import { createOceanShipments } from '../src/modules/ocean-shipments/ocean-intake.service';
import { setArchived } from '../src/modules/tracking/archive.service';
import { getOceanShipment, listOceanShipments } from '../src/modules/ocean-shipments/ocean-shipments.service';
import { createPersonalOrganization } from '../src/modules/organizations/organizations.service';
import { loadTenant, type Tenant } from '../src/tenancy/tenant';
import { claimDueItems, refreshItems } from '../src/modules/tracking/refresh.service';
import { rescopeOrganizationCarrier } from '../src/modules/tracking/rescope.service';
import { createTestContext } from './context';
import { containerNo, mbl } from './factories';
import { useTestDatabase } from './database';

const database = await useTestDatabase();

/** Each organization's own connections: a provider per organization and SCAC, counting its calls. */
const connected = new Map<string, OceanProvider & { calls: number }>();
const connections: OrganizationConnections = {
  oceanProvider: (organizationId, scac) =>
    Promise.resolve(connected.get(`${organizationId}|${scac}`) ?? null),
};

/** A carrier that answers every container with one event named after whose credentials asked. */
function ownCarrier(owner: string) {
  const provider = {
    source: 'dcsa',
    calls: 0,
    track(): Promise<OceanAnswer> {
      provider.calls += 1;
      const event: TrackingEvent = {
        eventId: `${owner}-load`,
        eventType: 'EQUIPMENT',
        typeCode: 'LOAD',
        classifier: 'ACT',
        emptyIndicator: 'LADEN',
        locationCode: 'CNSHA',
        locationName: 'Shanghai',
        vesselName: `${owner} VESSEL`,
        vesselImo: null,
        voyage: '001W',
        transportCallSequence: 1,
        eventTime: '2026-11-01T00:00:00.000Z',
        createdAt: '2026-11-01T00:00:00.000Z',
      };
      return Promise.resolve({ status: 'found', events: [event] });
    },
  };
  return provider;
}

// HLCU is reached through an operator-wide DCSA connection (never called here).
const operator = parseDcsaCarriers(
  JSON.stringify([{ scac: 'HLCU', eventsUrl: 'https://hlcu.carrier.example/v2/events' }]),
);
const ctx = await createTestContext(database, { dcsaCarriers: operator }, connections);
afterAll(() => ctx.jobs.boss.stop({ graceful: false }));

let serial = 0;
/** A user with an organization of their own, as a tenant of its default workspace. */
async function organization(options: { demo?: boolean } = {}): Promise<Tenant> {
  const [user] = await ctx.db
    .insert(users)
    .values({
      email: `scope-${String(serial++)}@example.com`,
      firstName: 'S',
      lastName: 'C',
      passwordHash: 'x',
    })
    .returning();
  const home = await createPersonalOrganization(ctx.db, user!);
  if (options.demo)
    await ctx.db.update(organizations).set({ demo: true }).where(eq(organizations.id, home.organizationId));
  return (await loadTenant(ctx.db, user!.id, home.workspaceId))!;
}

/** Another workspace of the tenant's organization, as the same user. */
async function secondWorkspace(tenant: Tenant): Promise<Tenant> {
  const [ws] = await ctx.db
    .insert(workspaces)
    .values({ organizationId: tenant.organizationId, name: `Second ${String(serial++)}` })
    .returning();
  await ctx.db.insert(workspaceMembers).values({ workspaceId: ws!.id, userId: tenant.userId });
  return (await loadTenant(ctx.db, tenant.userId, ws!.id))!;
}

async function follow(tenant: Tenant, box: string, bill: string, carrierScac: string) {
  const [outcome] = await createOceanShipments(ctx, tenant, [{ containerNo: box, mblNo: bill, carrierScac }]);
  expect(outcome!.outcome).toBe('created');
  return outcome!.shipmentOverallId!;
}

async function itemOf(subscriptionId: string) {
  const [row] = await ctx.db
    .select({ item: trackedItems, sub: oceanShipments })
    .from(oceanShipments)
    .innerJoin(trackedItems, eq(trackedItems.id, oceanShipments.itemId))
    .where(eq(oceanShipments.id, subscriptionId));
  return row!;
}

describe('routing a followed shipment to its data source', () => {
  it('uses the organization’s connection, else the operator’s, else demo where allowed, else none', async () => {
    const own = await organization();
    connected.set(`${own.organizationId}|MSCU`, ownCarrier('own'));
    const demo = await organization({ demo: true });
    const plain = await organization();

    const scopeOf = async (tenant: Tenant, carrier: string) =>
      (await itemOf(await follow(tenant, containerNo(), mbl(), carrier))).item;
    expect(await scopeOf(own, 'MSCU')).toMatchObject({
      scope: 'organization',
      organizationId: own.organizationId,
      state: 'pending',
    });
    // The operator's connection serves everyone, the demo organization too.
    expect(await scopeOf(own, 'HLCU')).toMatchObject({ scope: 'shared', organizationId: null });
    expect(await scopeOf(demo, 'HLCU')).toMatchObject({ scope: 'shared' });
    expect(await scopeOf(demo, 'MAEU')).toMatchObject({ scope: 'demo', state: 'pending' });
    // A real organization gets no invented data by default.
    const none = await scopeOf(plain, 'MAEU');
    expect(none).toMatchObject({ scope: 'none', state: 'no_source', lastSource: null });
    expect(await claimDueItems(ctx.db, new Date(Date.now() + 365 * 86_400_000), 10_000)).not.toContain(
      none.id,
    );
    expect((await refreshItems(ctx, ctx.tracking, [none.id], new Date())).get(none.id)!.result).toBe(
      'skipped',
    );
    const list = await listOceanShipments(ctx.db, plain, oceanListQuerySchema.parse({}));
    expect(list.items.map((i) => i.state)).toEqual(['no_source']);
    expect(list.items[0]!.source).toBeNull();

    // Parcels the same: no Karrio configured, so demo data only where it is allowed.
    for (const tenant of [plain, demo]) {
      const [parcel] = await createExpressShipments(ctx, tenant, [{ trackingNo: '1Z999AA10123456784' }]);
      expect(parcel!.outcome).toBe('created');
    }
    const parcels = await ctx.db
      .select({
        workspaceId: expressShipments.workspaceId,
        scope: trackedItems.scope,
        state: expressShipments.state,
      })
      .from(expressShipments)
      .innerJoin(trackedItems, eq(trackedItems.id, expressShipments.itemId))
      .where(inArray(expressShipments.workspaceId, [plain.workspaceId, demo.workspaceId]));
    expect(parcels.find((p) => p.workspaceId === plain.workspaceId)).toMatchObject({
      scope: 'none',
      state: 'no_source',
    });
    expect(parcels.find((p) => p.workspaceId === demo.workspaceId)).toMatchObject({ scope: 'demo' });
  });

  it('gives every organization demo data when the operator asks for it (DEMO_CARRIERS)', async () => {
    const withDemo = await createTestContext(database, { demoCarriers: true }, connections);
    try {
      const plain = await organization();
      const [outcome] = await createOceanShipments(withDemo, plain, [
        { containerNo: containerNo(), mblNo: mbl(), carrierScac: 'MAEU' },
      ]);
      expect((await itemOf(outcome!.shipmentOverallId!)).item.scope).toBe('demo');
    } finally {
      await withDemo.jobs.boss.stop({ graceful: false });
    }
  });
});

describe('an organization’s own connection', () => {
  it('keeps each organization’s data to itself, and asks once for all of one organization’s workspaces', async () => {
    const box = containerNo();
    const bill = mbl();
    const a = await organization();
    const b = await organization();
    const c = await organization();
    const carrierA = ownCarrier('A');
    const carrierB = ownCarrier('B');
    connected.set(`${a.organizationId}|MSCU`, carrierA);
    connected.set(`${b.organizationId}|MSCU`, carrierB);
    const a1 = await follow(a, box, bill, 'MSCU');
    const a2 = await follow(await secondWorkspace(a), box, bill, 'MSCU');
    const b1 = await follow(b, box, bill, 'MSCU');
    const c1 = await follow(c, box, bill, 'MSCU');
    const items = await Promise.all([a1, a2, b1, c1].map(async (id) => (await itemOf(id)).item));
    expect(items[0]!.id).toBe(items[1]!.id);
    expect(new Set(items.map((i) => i.id)).size).toBe(3);

    await refreshItems(ctx, ctx.tracking, [...new Set(items.map((i) => i.id))], new Date());
    expect(carrierA.calls).toBe(1);
    expect(carrierB.calls).toBe(1);
    const eventsOf = async (tenant: Tenant) =>
      (await getOceanShipment(ctx.db, tenant, box, bill)).events.map((e) => e.vesselName);
    expect(await eventsOf(a)).toEqual(['A VESSEL']);
    expect(await eventsOf(b)).toEqual(['B VESSEL']);
    const seenByC = await getOceanShipment(ctx.db, c, box, bill);
    expect(seenByC).toMatchObject({ state: 'no_source', events: [], vesselName: null, nextCheckAt: null });
  });
});

describe('rescoping after a connection appears or disappears', () => {
  it('moves the shipment in place, keeping its tags, comments, favourite, share and alerts, and back', async () => {
    const box = containerNo();
    const bill = mbl();
    const org = await organization();
    const id = await follow(org, box, bill, 'MSCU');
    const before = await itemOf(id);
    expect(before.item.scope).toBe('none');
    await ctx.db
      .update(oceanShipments)
      .set({ tags: ['urgent'] })
      .where(eq(oceanShipments.id, id));
    await ctx.db.insert(shipmentFavorites).values({ userId: org.userId, mode: 'ocean', subscriptionId: id });
    const starred = async () =>
      (await ctx.db.select().from(shipmentFavorites).where(eq(shipmentFavorites.subscriptionId, id))).length;
    const [comment] = await ctx.db
      .insert(comments)
      .values({
        workspaceId: org.workspaceId,
        itemId: before.item.id,
        authorId: org.userId,
        content: 'Call the broker',
      })
      .returning();
    const [share] = await ctx.db
      .insert(shipmentShares)
      .values({
        workspaceId: org.workspaceId,
        mode: 'ocean',
        shipmentId: id,
        sharedBy: org.userId,
        email: 'x@example.com',
      })
      .returning();
    const [rule] = await ctx.db
      .select()
      .from(alertRules)
      .where(eq(alertRules.workspaceId, org.workspaceId))
      .limit(1);
    await ctx.db
      .insert(alertEpisodes)
      .values({ ruleId: rule!.id, subscriptionId: id, itemId: before.item.id, openedAt: new Date() });

    // A connection appears: the shipment tracks at once, without being added again.
    const carrier = ownCarrier('org');
    connected.set(`${org.organizationId}|MSCU`, carrier);
    expect(await rescopeOrganizationCarrier(ctx, org.organizationId, 'MSCU')).toBe(1);
    const moved = await itemOf(id);
    expect(moved.item).toMatchObject({
      scope: 'organization',
      organizationId: org.organizationId,
      state: 'pending',
    });
    expect(moved.sub).toMatchObject({
      id,
      tags: ['urgent'],
      archived: false,
      state: 'pending',
    });
    expect(await starred()).toBe(1);
    expect((await ctx.db.select().from(comments).where(eq(comments.id, comment!.id)))[0]!.itemId).toBe(
      moved.item.id,
    );
    expect(
      (await ctx.db.select().from(shipmentShares).where(eq(shipmentShares.id, share!.id)))[0]!.shipmentId,
    ).toBe(id);
    const [episode] = await ctx.db.select().from(alertEpisodes).where(eq(alertEpisodes.subscriptionId, id));
    expect(episode!.itemId).toBe(moved.item.id);
    // Queued for its first check.
    const queued = await ctx.pool.query<{ data: { itemIds: string[] } }>(
      `SELECT data FROM pgboss.job WHERE name = $1`,
      [QUEUES.trackingRefresh],
    );
    expect(queued.rows.flatMap((j) => j.data.itemIds)).toContain(moved.item.id);
    await refreshItems(ctx, ctx.tracking, [moved.item.id], new Date());
    expect((await getOceanShipment(ctx.db, org, box, bill)).events).toHaveLength(1);
    // Nothing left to move.
    expect(await rescopeOrganizationCarrier(ctx, org.organizationId, 'MSCU')).toBe(0);

    // The connection is deleted: back to no source, the same shipment, still with its comment.
    connected.delete(`${org.organizationId}|MSCU`);
    expect(await rescopeOrganizationCarrier(ctx, org.organizationId, 'MSCU')).toBe(1);
    const back = await itemOf(id);
    expect(back.item.id).toBe(before.item.id);
    expect(back.sub).toMatchObject({
      id,
      tags: ['urgent'],
      state: 'no_source',
      vesselName: null,
    });
    expect(await starred()).toBe(1);
    expect((await ctx.db.select().from(comments).where(eq(comments.id, comment!.id)))[0]!.itemId).toBe(
      before.item.id,
    );
    // What the connection obtained stays with its scope, for when it comes back.
    expect(
      await ctx.db.select().from(trackingEvents).where(eq(trackingEvents.itemId, moved.item.id)),
    ).toHaveLength(1);
  });

  it('routes a shipment again when it comes back from the archive', async () => {
    const org = await organization();
    const id = await follow(org, containerNo(), mbl(), 'MSCU');
    await setArchived(ctx, org, 'ocean', [id], true);
    // Added while archived (the connections module rescopes too, but unarchiving does not rely on it).
    connected.set(`${org.organizationId}|MSCU`, ownCarrier('late'));
    await setArchived(ctx, org, 'ocean', [id], false);
    expect((await itemOf(id)).item).toMatchObject({
      scope: 'organization',
      organizationId: org.organizationId,
    });
  });
});

describe('items only archived shipments follow', () => {
  it('are parked when they come due and asked again when a shipment comes back from the archive', async () => {
    const org = await organization({ demo: true });
    const id = await follow(org, containerNo(), mbl(), 'MAEU');
    const { item } = await itemOf(id);
    await setArchived(ctx, org, 'ocean', [id], true);
    const later = new Date(Date.now() + 60_000);
    expect(await claimDueItems(ctx.db, later, 10_000)).not.toContain(item.id);
    const [parked] = await ctx.db.select().from(trackedItems).where(eq(trackedItems.id, item.id));
    expect(parked!.nextCheckAt.getFullYear()).toBe(9999);
    await setArchived(ctx, org, 'ocean', [id], false);
    const [woken] = await ctx.db
      .select()
      .from(trackedItems)
      .where(and(eq(trackedItems.id, item.id)));
    expect(woken!.nextCheckAt.getTime()).toBeLessThanOrEqual(Date.now());
    expect(await claimDueItems(ctx.db, later, 10_000)).toContain(item.id);
  });
});
