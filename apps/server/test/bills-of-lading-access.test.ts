import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { organizations } from '../src/db/schema/organizations';
import { oceanShipments, trackedBills, trackedItems } from '../src/db/schema/tracking';
import { refreshBills, retryNotAdded } from '../src/modules/ocean-shipments/bill-refresh.service';
import { parseDcsaCarriers } from '../src/integrations/tracking/dcsa/dcsa-config';
import { createOceanShipments } from '../src/modules/ocean-shipments/ocean-intake.service';
import { loadTenant } from '../src/tenancy/tenant';
import { createTestContext } from './context';
import { addMember, buildTeam, containerNo, mbl, refreshTracked } from './factories';
import { useBillsOfLadingApp } from './support/bills-of-lading';

const { app, ctx, database, carrier, call, withKey, connect, onBill, add, refreshBillsOf, listOf } =
  await useBillsOfLadingApp();

describe('the operator’s DCSA_CARRIERS', () => {
  it('answers a bill for every organization without a connection of its own, asked once for all', async () => {
    const operator = await createTestContext(database, {
      dcsaCarriers: parseDcsaCarriers(
        JSON.stringify([
          { scac: 'HLCU', eventsUrl: carrier.eventsUrl, headers: { 'Consumer-Key': carrier.apiKey } },
        ]),
      ),
    });
    try {
      const teams = [await buildTeam(app, ctx), await buildTeam(app, ctx)];
      const bill = `HLCU${String(Date.now()).slice(-9)}`;
      const box = containerNo('HLXU');
      carrier.documents.set(bill, [onBill(box, bill)]);
      for (const team of teams) {
        const tenant = (await loadTenant(ctx.db, team.owner.userId, team.defaultWorkspaceId))!;
        const [outcome] = await createOceanShipments(operator, tenant, [{ mblNo: bill }]);
        expect(outcome).toMatchObject({ kind: 'bill', outcome: 'created', carrierScac: 'HLCU' });
      }
      const rows = await ctx.db.select().from(trackedBills).where(eq(trackedBills.reference, bill));
      expect(rows).toEqual([expect.objectContaining({ scope: 'shared', organizationId: null })]);
      await refreshBills(operator, [rows[0]!.id], new Date());
      expect(
        carrier.requests.filter((r) => r.url.searchParams.get('transportDocumentReference') === bill),
      ).toHaveLength(1);
      for (const team of teams)
        expect((await listOf(team.owner.cookie)).map((s) => [s.containerNo, s.mblNo])).toEqual([[box, bill]]);
    } finally {
      await operator.jobs.boss.stop({ graceful: false });
      await operator.realtime.close();
    }
  });
});

describe('the plan’s quota', () => {
  it('adds what fits, shows the rest as not added, and adds them once there is room', async () => {
    const team = await buildTeam(app, ctx);
    await connect(team);
    await ctx.db
      .update(organizations)
      .set({ shipmentQuota: 2 })
      .where(eq(organizations.id, team.organizationId));
    const bill = mbl();
    const boxes = [containerNo('MSCU'), containerNo('MSCU'), containerNo('MSCU')];
    carrier.documents.set(
      bill,
      boxes.map((box, i) => onBill(box, bill, { eventDateTime: `2026-09-0${String(i + 1)}T10:00:00Z` })),
    );
    const [outcome] = await add(team.owner.cookie, [{ mblNo: bill }]);
    const now = new Date();
    await refreshBillsOf([bill], now);
    const billUrl = `/api/shipments/ocean/bills/${String(outcome!.billId)}`;
    let followed = (await call(team.owner.cookie, 'GET', billUrl)).json().result;
    expect(followed).toMatchObject({ containerCount: 2, notAdded: [boxes[2]] });
    expect(await listOf(team.owner.cookie)).toHaveLength(2);

    // No room at all: another bill is refused at once, with the quota's words.
    const [refused] = await add(team.owner.cookie, [{ mblNo: mbl() }]);
    expect(refused).toMatchObject({ kind: 'bill', outcome: 'refused' });
    expect(refused!.message).toMatch(/Your plan allows 2 active shipments/);

    // Room again: the hourly retry adds it without asking the carrier.
    await ctx.db
      .update(organizations)
      .set({ shipmentQuota: 5 })
      .where(eq(organizations.id, team.organizationId));
    const calls = carrier.requests.length;
    expect(await retryNotAdded(ctx, new Date(now.getTime() + 30 * 60_000))).toBe(0);
    expect(await retryNotAdded(ctx, new Date(now.getTime() + 61 * 60_000))).toBeGreaterThan(0);
    expect(carrier.requests.length).toBe(calls);
    followed = (await call(team.owner.cookie, 'GET', billUrl)).json().result;
    expect(followed).toMatchObject({ containerCount: 3, notAdded: [] });
  });
});

describe('tenancy and roles', () => {
  it('keeps a workspace’s bills from another organization, and from members who may not change them', async () => {
    const team = await buildTeam(app, ctx);
    await connect(team);
    const bill = mbl();
    const box = containerNo('MSCU');
    carrier.documents.set(bill, [onBill(box, bill)]);
    const [outcome] = await add(team.owner.cookie, [{ mblNo: bill }]);
    await refreshBillsOf([bill]);
    const billId = outcome!.billId as string;

    const stranger = await buildTeam(app, ctx);
    for (const [method, url] of [
      ['GET', `/api/shipments/ocean/bills/${billId}`],
      ['DELETE', `/api/shipments/ocean/bills/${billId}`],
    ] as const)
      expect((await call(stranger.owner.cookie, method, url)).statusCode, url).toBe(404);
    expect(
      (await call(stranger.owner.cookie, 'GET', '/api/shipments/ocean/bills')).json().result.items,
    ).toEqual([]);
    expect(await listOf(stranger.owner.cookie, `?bill=${billId}`)).toEqual([]);
    // Following the same bill, without a connection of its own: nothing of the first organization's data.
    const [theirs] = await add(stranger.owner.cookie, [{ mblNo: bill }]);
    await refreshBillsOf([bill]);
    const theirBill = (
      await call(stranger.owner.cookie, 'GET', `/api/shipments/ocean/bills/${String(theirs!.billId)}`)
    ).json().result;
    expect(theirBill).toMatchObject({ state: 'no_source', containerCount: 0, containers: [] });
    expect(await listOf(stranger.owner.cookie)).toEqual([]);

    const viewer = await addMember(app, ctx, team, { shipmentPermission: 1 });
    expect((await call(viewer.cookie, 'GET', `/api/shipments/ocean/bills/${billId}`)).statusCode).toBe(200);
    expect(
      (await call(viewer.cookie, 'POST', '/api/shipments/ocean', { items: [{ mblNo: mbl() }] })).statusCode,
    ).toBe(403);
    expect((await call(viewer.cookie, 'DELETE', `/api/shipments/ocean/bills/${billId}`)).statusCode).toBe(
      403,
    );
    const outsider = await addMember(app, ctx, team, { shipmentPermission: 2 });
    expect((await call(outsider.cookie, 'GET', '/api/shipments/ocean/bills')).statusCode).toBe(403);
    expect((await call(outsider.cookie, 'GET', `/api/shipments/ocean/bills/${billId}`)).statusCode).toBe(403);
  });
});

describe('bulk and the public API', () => {
  it('take a container with its bill, a bill alone and a booking alone in one request, each answered', async () => {
    const team = await buildTeam(app, ctx);
    const bill = mbl();
    const box = containerNo('MSCU');
    const outcomes = await add(team.owner.cookie, [
      { containerNo: box, mblNo: mbl() },
      { mblNo: bill },
      { bookingNo: '987654321', carrierScac: 'MAEU' },
      { bookingNo: '987654322' },
      { containerNo: box, bookingNo: '987654321' },
      { mblNo: mbl(), bookingNo: '987654321' },
      {},
      { mblNo: bill },
      { mblNo: 'AB#' },
    ]);
    expect(outcomes.map((o) => [o.kind, o.outcome, o.message])).toEqual([
      ['container', 'created', null],
      ['bill', 'created', null],
      ['bill', 'created', null],
      ['bill', 'refused', 'The carrier cannot be told from this booking number: give its SCAC, e.g. MAEU'],
      [
        'container',
        'refused',
        'A booking is followed alone: leave the container number out, and every container the carrier names on the booking is added',
      ],
      ['bill', 'refused', 'Give the bill of lading or the booking number, not both'],
      [
        'container',
        'refused',
        'Enter a container number and its bill of lading, a bill of lading alone, or a booking number alone',
      ],
      ['bill', 'refused', 'Listed twice in this request'],
      ['bill', 'refused', 'A bill of lading number has 4 to 35 letters and digits'],
    ]);
    // A container without its bill keeps the spec's words.
    expect((await add(team.owner.cookie, [{ containerNo: containerNo() }]))[0]!.message).toBe(
      'Enter a master bill of lading number',
    );
    const bills = (await call(team.owner.cookie, 'GET', '/api/shipments/ocean/bills')).json().result.items;
    expect(bills.map((b: { kind: string; reference: string }) => `${b.kind} ${b.reference}`).sort()).toEqual(
      [`bl ${bill}`, 'booking 987654321'].sort(),
    );
  });

  it('follow a bill alone through /api/v1 with a read-write key, and read it with a read-only one', async () => {
    const team = await buildTeam(app, ctx);
    await connect(team);
    const key = async (scope: 'read' | 'read_write') =>
      (await call(team.owner.cookie, 'POST', '/api/api-keys', { name: `bills ${scope}`, scope })).json()
        .result.key as string;
    const [writer, reader] = [await key('read_write'), await key('read')];
    const bill = mbl();
    const box = containerNo('MSCU');
    carrier.documents.set(bill, [onBill(box, bill)]);
    const added = await withKey(writer, 'POST', '/api/v1/shipments/ocean', { items: [{ mblNo: bill }] });
    expect(added.statusCode, added.body).toBe(200);
    const billId = added.json().result[0].billId as string;
    expect(
      (await withKey(reader, 'POST', '/api/v1/shipments/ocean', { items: [{ mblNo: mbl() }] })).statusCode,
    ).toBe(403);
    await refreshBillsOf([bill]);
    const listed = await withKey(reader, 'GET', '/api/v1/shipments/ocean/bills');
    expect(listed.json().result.items).toEqual([
      expect.objectContaining({ billId, state: 'found', containerCount: 1 }),
    ]);
    const one = await withKey(reader, 'GET', `/api/v1/shipments/ocean/bills/${billId}`);
    expect(one.json().result.containers).toEqual([
      expect.objectContaining({ containerNo: box, mblNo: bill }),
    ]);
    const shipments = (await withKey(reader, 'GET', '/api/v1/shipments/ocean')).json().result.items;
    expect(shipments).toEqual([
      expect.objectContaining({ containerNo: box, bill: { billId, kind: 'bl', reference: bill } }),
    ]);
    expect((await withKey(reader, 'DELETE', `/api/v1/shipments/ocean/bills/${billId}`)).statusCode).toBe(403);
    expect((await withKey(writer, 'DELETE', `/api/v1/shipments/ocean/bills/${billId}`)).statusCode).toBe(200);
    expect((await withKey(writer, 'GET', `/api/v1/shipments/ocean/bills/${billId}`)).statusCode).toBe(404);
  });
});

describe('the demo carrier', () => {
  it('answers the demo organization’s bill with a plausible set of its own containers, labelled demo', async () => {
    const team = await buildTeam(app, ctx);
    await ctx.db.update(organizations).set({ demo: true }).where(eq(organizations.id, team.organizationId));
    // Some references are not known to the demo carrier, as with real ones: one that is.
    const bill = 'MEDU4400012';
    const [outcome] = await add(team.owner.cookie, [{ mblNo: bill }]);
    const [result] = [...(await refreshBillsOf([bill])).values()];
    expect(result!.result).toBe('found');
    const followed = (
      await call(team.owner.cookie, 'GET', `/api/shipments/ocean/bills/${String(outcome!.billId)}`)
    ).json().result;
    expect(followed).toMatchObject({ state: 'found', source: 'demo' });
    expect(followed.containerCount).toBeGreaterThanOrEqual(1);
    expect(followed.containerCount).toBeLessThanOrEqual(4);
    const owners = new Set(
      followed.containers.map((c: { containerNo: string }) => c.containerNo.slice(0, 4)),
    );
    expect(owners.size).toBe(1);
    const boxes = followed.containers.map((c: { containerNo: string }) => c.containerNo);
    await refreshTracked(ctx, boxes);
    const shipments = await listOf(team.owner.cookie, `?bill=${String(outcome!.billId)}`);
    for (const s of shipments) expect(s.source).toBe('demo');
    const items = await ctx.db
      .select({ scope: trackedItems.scope })
      .from(oceanShipments)
      .innerJoin(trackedItems, eq(trackedItems.id, oceanShipments.itemId))
      .where(and(eq(oceanShipments.workspaceId, team.defaultWorkspaceId)));
    for (const item of items) expect(item.scope).toBe('demo');
  });
});
