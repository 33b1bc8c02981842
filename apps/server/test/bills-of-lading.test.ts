import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { organizations } from '../src/db/schema/organizations';
import { oceanBills, oceanShipments, trackedBills, trackedItems } from '../src/db/schema/tracking';
import type { RealtimeEvent } from '../src/integrations/realtime/realtime-hub';
import {
  claimDueBills,
  refreshBills,
  retryNotAdded,
} from '../src/modules/ocean-shipments/bill-refresh.service';
import { parseDcsaCarriers } from '../src/integrations/tracking/dcsa/dcsa-config';
import { createOceanShipments } from '../src/modules/ocean-shipments/ocean-intake.service';
import { loadTenant } from '../src/tenancy/tenant';
import { useTestApp } from './app';
import { createTestContext } from './context';
import { addMember, buildTeam, containerNo, mbl, refreshTracked, type Team } from './factories';
import { equipmentEvent, startFakeCarrier } from './fake-carrier';

const { app, ctx, database } = await useTestApp({ apiKeyRateLimitPerMinute: 1000 });
const carrier = await startFakeCarrier();

type Method = 'GET' | 'POST' | 'DELETE';
const call = (cookie: string, method: Method, url: string, payload?: object) =>
  app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
const withKey = (key: string, method: Method, url: string, payload?: object) =>
  app.inject({ method, url, headers: { authorization: `Bearer ${key}` }, ...(payload ? { payload } : {}) });

/** The organization's own connection for the carrier, to the fake DCSA carrier with its static key. */
async function connect(team: Team, scac = 'MSCU') {
  const res = await call(team.owner.cookie, 'POST', '/api/carrier-connections', {
    carrier: scac,
    baseUrl: carrier.eventsUrl,
    auth: { type: 'headers', headers: { 'Consumer-Key': carrier.apiKey } },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ result: { id: string } }>().result.id;
}

/** A DCSA equipment event of a container on a bill, naming the bill as its transport document. */
const onBill = (box: string, bill: string, extra: Record<string, unknown> = {}) =>
  equipmentEvent(box, {
    documentReferences: [{ documentReferenceType: 'TRD', documentReferenceValue: bill }],
    ...extra,
  });

async function add(cookie: string, items: object[]) {
  const res = await call(cookie, 'POST', '/api/shipments/ocean', { items });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ result: Record<string, unknown>[] }>().result;
}

/** Asks the carriers about these followed bills (by reference), as the poller's jobs do. */
async function refreshBillsOf(references: string[], now = new Date()) {
  const rows = await ctx.db
    .select({ id: trackedBills.id })
    .from(trackedBills)
    .where(inArray(trackedBills.reference, references));
  return refreshBills(
    ctx,
    rows.map((r) => r.id),
    now,
  );
}

const listOf = async (cookie: string, query = '') => {
  const res = await call(cookie, 'GET', `/api/shipments/ocean${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ result: { items: Record<string, unknown>[] } }>().result.items;
};

/** The realtime events published from now on (they arrive once their transaction commits). */
function listen() {
  const heard: RealtimeEvent[] = [];
  const stop = ctx.realtime.subscribe({ event: (e) => heard.push(e), reset: () => undefined });
  return { heard, stop };
}

describe('a bill of lading alone', () => {
  it('follows every container the carrier names on it, and those that join later, grouped under it', async () => {
    const team = await buildTeam(app, ctx);
    const connectionId = await connect(team);
    const bill = mbl();
    const boxes = [containerNo('MSCU'), containerNo('MSCU'), containerNo('MSCU')];
    carrier.documents.set(
      bill,
      boxes.map((box, i) => onBill(box, bill, { eventDateTime: `2026-09-0${String(i + 1)}T10:00:00Z` })),
    );

    const [outcome] = await add(team.owner.cookie, [{ mblNo: bill.toLowerCase() }]);
    expect(outcome).toMatchObject({
      kind: 'bill',
      containerNo: '',
      mblNo: bill,
      bookingNo: '',
      carrierScac: 'MSCU',
      outcome: 'created',
      shipmentOverallId: null,
    });
    const billId = outcome!.billId as string;
    // Before its first answer: visible, waiting, and no container yet.
    const waiting = await call(team.owner.cookie, 'GET', '/api/shipments/ocean/bills?status=waiting');
    expect(waiting.json().result.items).toEqual([
      expect.objectContaining({ billId, kind: 'bl', reference: bill, state: 'pending', containerCount: 0 }),
    ]);
    expect(await listOf(team.owner.cookie)).toEqual([]);
    // The list says a bill awaits its first answer, in its own snapshot: an open page looks again.
    const pendingList = await call(team.owner.cookie, 'GET', '/api/shipments/ocean');
    expect(pendingList.json().result).toMatchObject({ items: [], billsPending: 1 });

    const { heard, stop } = listen();
    await refreshBillsOf([bill]);
    // Asked by its transport document, with the organization's credentials and budget.
    const asked = carrier.requests.filter(
      (r) => r.url.searchParams.get('transportDocumentReference') === bill,
    );
    expect(asked).toHaveLength(1);
    expect(asked[0]!.url.searchParams.get('equipmentReference')).toBeNull();
    expect(asked[0]!.headers['consumer-key']).toBe(carrier.apiKey);
    const connections = (await call(team.owner.cookie, 'GET', '/api/carrier-connections')).json().result;
    expect(connections.find((c: { id: string }) => c.id === connectionId).health.callsToday).toBe(1);

    expect((await call(team.owner.cookie, 'GET', '/api/shipments/ocean')).json().result.billsPending).toBe(0);
    const grouped = await listOf(team.owner.cookie, `?bill=${billId}&sort=container_asc`);
    expect(grouped.map((s) => s.containerNo)).toEqual([...boxes].sort());
    for (const shipment of grouped)
      expect(shipment).toMatchObject({
        mblNo: bill,
        referenceKind: 'bl',
        carrierScac: 'MSCU',
        bill: { billId, kind: 'bl', reference: bill },
        state: 'pending',
      });
    // Each is a container of its own, queued for its first check by its number and bill.
    const items = await ctx.db
      .select({ scope: trackedItems.scope, organizationId: trackedItems.organizationId })
      .from(trackedItems)
      .where(inArray(trackedItems.trackingNo, boxes));
    expect(items).toHaveLength(3);
    for (const item of items)
      expect(item).toEqual({ scope: 'organization', organizationId: team.organizationId });
    // Open lists and details hear of it without a reload.
    await vi.waitFor(() =>
      expect(heard).toContainEqual({ topic: 'shipments', userIds: [team.owner.userId] }),
    );
    stop();

    const detail = (await call(team.owner.cookie, 'GET', `/api/shipments/ocean/${boxes[0]!}/${bill}`)).json()
      .result;
    expect(detail.bill).toMatchObject({ billId, state: 'found', containerCount: 3, notAdded: [] });
    expect(detail.bill.containers.map((c: { containerNo: string }) => c.containerNo)).toEqual(boxes);
    expect(
      (await call(team.owner.cookie, 'GET', '/api/shipments/ocean/bills?status=waiting')).json().result,
    ).toMatchObject({ items: [] });

    // A fourth container joins the bill: the next check adds it, and nothing twice.
    const fourth = containerNo('MSCU');
    carrier.documents.set(bill, [...carrier.documents.get(bill)!, onBill(fourth, bill)]);
    await refreshBillsOf([bill]);
    await refreshBillsOf([bill]);
    const after = (await call(team.owner.cookie, 'GET', `/api/shipments/ocean/bills/${billId}`)).json()
      .result;
    expect(after.containers.map((c: { containerNo: string }) => c.containerNo)).toEqual([...boxes, fourth]);
    expect(await listOf(team.owner.cookie)).toHaveLength(4);

    // The containers are tracked like any other: by number and bill, with the organization's connection.
    carrier.events.set(boxes[0]!, [equipmentEvent(boxes[0]!)]);
    await refreshTracked(ctx, [boxes[0]!]);
    const byContainer = carrier.requests.find(
      (r) => r.url.searchParams.get('equipmentReference') === boxes[0],
    );
    expect(byContainer!.url.searchParams.get('transportDocumentReference')).toBe(bill);
    const tracked = (await call(team.owner.cookie, 'GET', `/api/shipments/ocean/${boxes[0]!}/${bill}`)).json()
      .result;
    expect(tracked).toMatchObject({ state: 'active', source: 'dcsa' });
  });

  it('links a container the workspace followed already, and stops being followed without losing them', async () => {
    const team = await buildTeam(app, ctx);
    await connect(team);
    const bill = mbl();
    const [known, other] = [containerNo('MSCU'), containerNo('MSCU')];
    carrier.documents.set(bill, [onBill(known, bill), onBill(other, bill)]);
    const [own] = await add(team.owner.cookie, [{ containerNo: known, mblNo: bill }]);
    const [followed] = await add(team.owner.cookie, [{ mblNo: bill }]);
    await refreshBillsOf([bill]);
    const billId = followed!.billId as string;
    const grouped = await listOf(team.owner.cookie, `?bill=${billId}`);
    expect(grouped.map((s) => s.shipmentOverallId)).toContain(own!.shipmentOverallId);
    expect(grouped).toHaveLength(2);
    // The same bill again: already followed.
    expect((await add(team.owner.cookie, [{ mblNo: bill }]))[0]).toMatchObject({
      outcome: 'already_tracked',
      billId,
    });

    const stopped = await call(team.owner.cookie, 'DELETE', `/api/shipments/ocean/bills/${billId}`);
    expect(stopped.statusCode, stopped.body).toBe(200);
    const left = await listOf(team.owner.cookie);
    expect(left).toHaveLength(2);
    for (const shipment of left) expect(shipment.bill).toBeNull();
    expect((await call(team.owner.cookie, 'GET', `/api/shipments/ocean/bills/${billId}`)).statusCode).toBe(
      404,
    );
  });
});

describe('a booking alone', () => {
  it('follows its containers under the bill of lading its answer names', async () => {
    const team = await buildTeam(app, ctx);
    await connect(team, 'MAEU');
    const booking = `2411${String(Date.now()).slice(-6)}`;
    const bill = `MAEU${String(Date.now()).slice(-9)}`;
    const boxes = [containerNo('MSKU'), containerNo('MSKU')];
    carrier.documents.set(booking, [
      ...boxes.map((box) =>
        equipmentEvent(box, {
          documentReferences: [
            { documentReferenceType: 'BKG', documentReferenceValue: booking },
            { documentReferenceType: 'TRD', documentReferenceValue: bill },
          ],
        }),
      ),
    ]);
    const [outcome] = await add(team.owner.cookie, [{ bookingNo: booking, carrierScac: 'MAEU' }]);
    expect(outcome).toMatchObject({ kind: 'bill', bookingNo: booking, mblNo: '', outcome: 'created' });
    await refreshBillsOf([booking]);
    expect(carrier.requests.some((r) => r.url.searchParams.get('carrierBookingReference') === booking)).toBe(
      true,
    );
    const followed = (
      await call(team.owner.cookie, 'GET', `/api/shipments/ocean/bills/${String(outcome!.billId)}`)
    ).json().result;
    expect(followed).toMatchObject({
      kind: 'booking',
      reference: booking,
      transportDocumentReference: bill,
      state: 'found',
      containerCount: 2,
    });
    for (const c of followed.containers) expect(c.mblNo).toBe(bill);
  });

  it('follows them by the booking itself while no bill of lading is known, and asks the carrier so', async () => {
    const team = await buildTeam(app, ctx);
    await connect(team, 'MAEU');
    const booking = `2412${String(Date.now()).slice(-6)}`;
    const box = containerNo('MSKU');
    carrier.documents.set(booking, [
      equipmentEvent(box, {
        documentReferences: [{ documentReferenceType: 'BKG', documentReferenceValue: booking }],
      }),
    ]);
    const [outcome] = await add(team.owner.cookie, [{ bookingNo: booking, carrierScac: 'maeu' }]);
    await refreshBillsOf([booking]);
    const [shipment] = await listOf(team.owner.cookie, `?bill=${String(outcome!.billId)}`);
    expect(shipment).toMatchObject({ containerNo: box, mblNo: booking, referenceKind: 'booking' });
    carrier.events.set(box, [equipmentEvent(box)]);
    await refreshTracked(ctx, [box]);
    const asked = carrier.requests.find((r) => r.url.searchParams.get('equipmentReference') === box)!;
    expect(asked.url.searchParams.get('carrierBookingReference')).toBe(booking);
    expect(asked.url.searchParams.get('transportDocumentReference')).toBeNull();
  });
});

describe('a bill the carrier does not know', () => {
  it('moves to not found after the not-found window, still shown with nothing added', async () => {
    const team = await buildTeam(app, ctx);
    await connect(team);
    const bill = mbl();
    const [outcome] = await add(team.owner.cookie, [{ mblNo: bill }]);
    for (let i = 0; i < ctx.tracking.notFoundAttempts; i++) {
      const [result] = [...(await refreshBillsOf([bill])).values()];
      expect(result!.result).toBe('not_found');
    }
    const waiting = (await call(team.owner.cookie, 'GET', '/api/shipments/ocean/bills?status=waiting')).json()
      .result.items;
    expect(waiting).toEqual([
      expect.objectContaining({
        billId: outcome!.billId,
        state: 'not_found',
        containerCount: 0,
        nextCheckAt: null,
      }),
    ]);
  });

  it('says there is no connection for a carrier nobody can ask (scope none), and asks once one is added', async () => {
    const team = await buildTeam(app, ctx);
    const bill = mbl();
    const [outcome] = await add(team.owner.cookie, [{ mblNo: bill }]);
    const bills = async () =>
      (await call(team.owner.cookie, 'GET', '/api/shipments/ocean/bills')).json().result.items as {
        billId: string;
        state: string;
      }[];
    expect(await bills()).toEqual([expect.objectContaining({ billId: outcome!.billId, state: 'no_source' })]);
    expect((await refreshBillsOf([bill])).get((await bills())[0]!.billId)).toBeUndefined();

    // A connection for MSC: the same followed bill moves onto the organization's source and is asked.
    const box = containerNo('MSCU');
    carrier.documents.set(bill, [onBill(box, bill)]);
    await connect(team);
    const [moved] = await bills();
    expect(moved).toMatchObject({ billId: outcome!.billId, state: 'pending' });
    const [row] = await ctx.db
      .select({ scope: trackedBills.scope })
      .from(oceanBills)
      .innerJoin(trackedBills, eq(trackedBills.id, oceanBills.billId))
      .where(eq(oceanBills.id, outcome!.billId as string));
    expect(row!.scope).toBe('organization');
    await refreshBillsOf([bill]);
    expect((await listOf(team.owner.cookie)).map((s) => s.containerNo)).toEqual([box]);
  });
});

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

describe('polling', () => {
  it('claims due bills someone follows, and parks one nobody follows until it is followed again', async () => {
    const team = await buildTeam(app, ctx);
    await connect(team);
    const bill = mbl();
    const [outcome] = await add(team.owner.cookie, [{ mblNo: bill }]);
    const [row] = await ctx.db.select().from(trackedBills).where(eq(trackedBills.reference, bill));
    const soon = new Date(Date.now() + 60_000);
    // Other tests' bills are due too: only this one matters here.
    const claim = async (at: Date) => (await claimDueBills(ctx.db, at, 10_000)).includes(row!.id);
    expect(await claim(soon)).toBe(true);
    // Leased: not claimed twice within ten minutes.
    expect(await claim(soon)).toBe(false);

    await call(team.owner.cookie, 'DELETE', `/api/shipments/ocean/bills/${String(outcome!.billId)}`);
    const later = new Date(Date.now() + 11 * 60_000);
    expect(await claim(later)).toBe(false);
    const [parked] = await ctx.db.select().from(trackedBills).where(eq(trackedBills.id, row!.id));
    expect(parked!.nextCheckAt.getUTCFullYear()).toBe(9999);
    await add(team.owner.cookie, [{ mblNo: bill }]);
    expect(await claim(later)).toBe(true);
  });

  it('never adds beyond the quota when two bills of one organization are answered at once', async () => {
    const team = await buildTeam(app, ctx);
    await connect(team);
    await ctx.db
      .update(organizations)
      .set({ shipmentQuota: 3 })
      .where(eq(organizations.id, team.organizationId));
    const bills = [mbl(), mbl()];
    for (const bill of bills)
      carrier.documents.set(
        bill,
        [0, 1].map(() => onBill(containerNo('MSCU'), bill)),
      );
    await add(
      team.owner.cookie,
      bills.map((mblNo) => ({ mblNo })),
    );
    const rows = await ctx.db
      .select({ id: trackedBills.id })
      .from(trackedBills)
      .where(inArray(trackedBills.reference, bills));
    await Promise.all(rows.map((r) => refreshBills(ctx, [r.id], new Date())));
    expect(await listOf(team.owner.cookie)).toHaveLength(3);
    const followed = (await call(team.owner.cookie, 'GET', '/api/shipments/ocean/bills')).json().result.items;
    expect(followed.map((b: { notAdded: string[] }) => b.notAdded.length).sort()).toEqual([0, 1]);
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
