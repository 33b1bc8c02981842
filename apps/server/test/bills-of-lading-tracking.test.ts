import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { organizations } from '../src/db/schema/organizations';
import { oceanBills, trackedBills, trackedItems } from '../src/db/schema/tracking';
import { claimDueBills, refreshBills } from '../src/modules/ocean-shipments/bill-refresh.service';
import { buildTeam, containerNo, mbl, refreshTracked } from './factories';
import { equipmentEvent } from './fake-carrier';
import { useBillsOfLadingApp } from './support/bills-of-lading';

const { app, ctx, carrier, call, connect, onBill, add, refreshBillsOf, listOf, listen } =
  await useBillsOfLadingApp();

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
