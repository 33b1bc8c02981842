import { eq } from 'drizzle-orm';
import { oneProvider } from '../src/integrations/tracking/sources';
import { describe, expect, it } from 'vitest';
import type { ParcelEvent } from '@tracklane/shared/express/parcel-event';
import type { DerivedShipment } from '@tracklane/shared/tracking/derive-shipment';
import type { TrackingEvent } from '@tracklane/shared/tracking/tracking-event';
import { oceanShipments, trackedItems, trackingEvents } from '../src/db/schema/tracking';
import { users } from '../src/db/schema/users';
import { demoVoyage } from '../src/integrations/tracking/demo-carrier';
import {
  ProviderDeferredError,
  type ExpressAnswer,
  type ExpressProvider,
  type OceanAnswer,
  type OceanProvider,
} from '../src/integrations/tracking/provider';
import { createExpressMode } from '../src/modules/express-shipments/express-mode';
import { createOceanMode } from '../src/modules/ocean-shipments/ocean-mode';
import { createPersonalOrganization } from '../src/modules/organizations/organizations.service';
import {
  claimDueItems,
  failureBackoff,
  NOT_FOUND_RECHECK_MS,
  refreshItem,
  refreshItems,
  type TrackingEngine,
} from '../src/modules/tracking/refresh.service';
import { useTestDatabase } from './database';
import { ITEMS_CHANGED_SUBSCRIBERS } from '../src/items-changed-subscribers';

const database = await useTestDatabase();
const { db } = database;
const NOT_FOUND_ATTEMPTS = 3;

let n = 0;
/** A workspace following the containers of these tests (items nobody follows are never asked). */
let follower: Promise<string> | undefined;
async function followerWorkspace(): Promise<string> {
  follower ??= (async () => {
    const [user] = await db
      .insert(users)
      .values({ email: 'follower@example.com', firstName: 'F', lastName: 'W', passwordHash: 'x' })
      .returning();
    return (await createPersonalOrganization(db, user!)).workspaceId;
  })();
  return follower;
}

async function newContainer() {
  const [row] = await db
    .insert(trackedItems)
    .values({
      mode: 'ocean',
      trackingNo: `TEST${String(n++).padStart(7, '0')}`,
      reference: 'MEDU1',
      carrier: 'MSCU',
    })
    .returning();
  await db.insert(oceanShipments).values({
    workspaceId: await followerWorkspace(),
    itemId: row!.id,
    containerNo: row!.trackingNo,
    mblNo: row!.reference,
    carrierScac: row!.carrier,
  });
  return row!;
}

async function item(id: string) {
  const [row] = await db.select().from(trackedItems).where(eq(trackedItems.id, id));
  return row!;
}

function provider<A>(answer: (call: number) => A | Error) {
  const p = {
    source: 'demo' as const,
    calls: 0,
    async track() {
      const result = answer(++p.calls);
      if (result instanceof Error) throw result;
      return result;
    },
  };
  return p;
}

/** The engine with every mode answered by the given providers. */
function engine(
  ocean: OceanProvider,
  express: ExpressProvider = provider<ExpressAnswer>(() => ({ status: 'not_found' })),
): TrackingEngine {
  return {
    modes: { ocean: createOceanMode(oneProvider(ocean)), express: createExpressMode(oneProvider(express)) },
    notFoundAttempts: NOT_FOUND_ATTEMPTS,
    demoCarriers: false,
    onItemsChanged: ITEMS_CHANGED_SUBSCRIBERS,
  };
}

const refresh = (p: OceanProvider, id: string, now = new Date()) => refreshItem(database, engine(p), id, now);
const derivedOf = (row: { derived: unknown }) => row.derived as DerivedShipment | null;

const eventAt = (
  id: string,
  typeCode: TrackingEvent['typeCode'],
  classifier: TrackingEvent['classifier'],
  time: string,
): TrackingEvent => ({
  eventId: id,
  eventType: typeCode === 'ARRI' || typeCode === 'DEPA' ? 'TRANSPORT' : 'EQUIPMENT',
  typeCode,
  classifier,
  emptyIndicator: typeCode === 'ARRI' || typeCode === 'DEPA' ? null : 'LADEN',
  locationCode: typeCode === 'LOAD' ? 'CNSHA' : 'NLRTM',
  locationName: null,
  vesselName: 'EVER ACE',
  vesselImo: null,
  voyage: '001W',
  transportCallSequence: typeCode === 'LOAD' ? 1 : 2,
  eventTime: time,
  createdAt: time,
});

describe('refreshItem (ocean)', () => {
  it('stores events once, derives the view, and reports whether it changed', async () => {
    const c = await newContainer();
    const events = [
      eventAt('a', 'LOAD', 'ACT', '2026-11-01T00:00:00Z'),
      eventAt('b', 'ARRI', 'EST', '2026-12-01T00:00:00Z'),
    ];
    const p = provider<OceanAnswer>(() => ({ status: 'found', events }));
    expect(await refresh(p, c.id)).toEqual({ result: 'changed', newEvents: 2 });
    expect(await refresh(p, c.id)).toEqual({ result: 'unchanged', newEvents: 0 });
    const row = await item(c.id);
    expect(row).toMatchObject({ state: 'active', lastSource: 'demo', consecutiveFailures: 0 });
    expect(derivedOf(row)?.arrivalVO.eta).toBe('2026-12-01T00:00:00.000Z');
    // The event is stored as the mode shaped it.
    const [stored] = await db.select().from(trackingEvents).where(eq(trackingEvents.eventId, 'a'));
    expect(stored!.data).toEqual({
      ...events[0],
      eventTime: '2026-11-01T00:00:00.000Z',
      createdAt: '2026-11-01T00:00:00.000Z',
    });
  });

  it('keeps a last free day the provider gave until it gives another', async () => {
    const c = await newContainer();
    const events = [eventAt('a', 'DISC', 'ACT', '2026-11-01T00:00:00Z')];
    const answers: OceanAnswer[] = [
      { status: 'found', events, facts: { lastFreeDay: '2026-11-08T00:00:00.000Z' } },
      { status: 'found', events },
    ];
    const p = provider<OceanAnswer>((call) => answers[Math.min(call, 2) - 1]!);
    await refresh(p, c.id);
    await refresh(p, c.id);
    const row = await item(c.id);
    expect(row.facts).toEqual({ lastFreeDay: '2026-11-08T00:00:00.000Z' });
    expect(derivedOf(row)?.shipmentOverall.lastFreeDay?.time).toBe('2026-11-08T00:00:00.000Z');
  });

  it('keeps everything it had through a carrier outage, and backs off', async () => {
    const c = await newContainer();
    const good = provider<OceanAnswer>(() => ({
      status: 'found',
      events: [eventAt('a', 'LOAD', 'ACT', '2026-11-01T00:00:00Z')],
    }));
    await refresh(good, c.id);
    const down = provider<OceanAnswer>(() => new Error('503 from carrier'));
    const now = new Date();
    expect((await refresh(down, c.id, now)).result).toBe('failed');
    expect((await refresh(down, c.id, now)).result).toBe('failed');
    const row = await item(c.id);
    expect(row).toMatchObject({ consecutiveFailures: 2, lastError: '503 from carrier', state: 'active' });
    expect(derivedOf(row)?.pol?.locode).toBe('CNSHA');
    expect(row.nextCheckAt.getTime()).toBe(now.getTime() + failureBackoff(2));
    expect(await db.select().from(trackingEvents).where(eq(trackingEvents.itemId, c.id))).toHaveLength(1);
    expect(failureBackoff(1)).toBe(5 * 60_000);
    expect(failureBackoff(20)).toBe(6 * 3_600_000);
  });

  it('moves an item nobody knows to not found after the window, keeps asking daily, and brings it back', async () => {
    const c = await newContainer();
    let known = false;
    const p = provider<OceanAnswer>(() =>
      known
        ? { status: 'found', events: [eventAt('a', 'LOAD', 'ACT', '2026-11-01T00:00:00Z')] }
        : { status: 'not_found' },
    );
    for (let i = 1; i < NOT_FOUND_ATTEMPTS; i++) {
      await refresh(p, c.id);
      expect((await item(c.id)).state).toBe('pending');
    }
    const now = new Date();
    await refresh(p, c.id, now);
    const gone = await item(c.id);
    expect(gone.state).toBe('not_found');
    expect(gone.nextCheckAt.getTime()).toBe(now.getTime() + NOT_FOUND_RECHECK_MS);
    // Still asked: a day later the claim picks it up again.
    const claimed = await claimDueItems(db, new Date(now.getTime() + NOT_FOUND_RECHECK_MS + 1000), 10_000);
    expect(claimed).toContain(c.id);
    expect((await refresh(p, c.id)).result).toBe('not_found');
    expect((await item(c.id)).state).toBe('not_found');
    known = true;
    expect((await refresh(p, c.id)).result).toBe('changed');
    expect(await item(c.id)).toMatchObject({ state: 'active', notFoundChecks: 0 });
  });

  it('stops some days after the empty container is returned', async () => {
    const c = await newContainer();
    const query = {
      containerNo: c.trackingNo,
      mblNo: c.reference,
      carrierScac: 'MSCU',
      trackingStartedAt: c.trackingStartedAt,
    };
    const later = new Date(c.trackingStartedAt.getTime() + 150 * 86_400_000);
    const p = provider<OceanAnswer>(() => demoVoyage(query, later.getTime()));
    await refresh(p, c.id, later);
    const row = await item(c.id);
    // (Some numbers are unknown to the demo carrier: then it stays pending.)
    if (row.derived) expect(row.state).toBe('completed');
    else expect(row.state).toBe('pending');
    expect((await refresh(p, c.id, later)).result).toBe(row.derived ? 'skipped' : 'not_found');
  });

  it('hands each due item to one poller only, and never a completed one', async () => {
    const due = await Promise.all([newContainer(), newContainer(), newContainer()]);
    const done = await newContainer();
    await db.update(trackedItems).set({ state: 'completed' }).where(eq(trackedItems.id, done.id));
    const now = new Date(Date.now() + 1000);
    const [a, b] = await Promise.all([claimDueItems(db, now, 100), claimDueItems(db, now, 100)]);
    const mine = due.map((d) => d.id);
    const claimed = [...a, ...b].filter((id) => mine.includes(id));
    expect(claimed.sort()).toEqual([...mine].sort());
    expect([...a, ...b]).not.toContain(done.id);
  });
});

describe('a provider that may not be asked now (ProviderDeferredError)', () => {
  it('asks again at its time, counting no failure and showing no error', async () => {
    const c = await newContainer();
    const down = provider<OceanAnswer>(() => new Error('503 from carrier'));
    await refresh(down, c.id);
    await refresh(down, c.id);
    const failing = await item(c.id);
    const retryAt = new Date(Date.now() + 7 * 60_000);
    const spent = provider<OceanAnswer>(() => new ProviderDeferredError('budget spent for today', retryAt));
    expect((await refresh(spent, c.id)).result).toBe('deferred');
    expect(await item(c.id)).toMatchObject({
      nextCheckAt: retryAt,
      consecutiveFailures: 2,
      lastError: '503 from carrier',
      lastCheckedAt: failing.lastCheckedAt,
      state: 'pending',
    });
  });

  it('claims the due items nearest to their arrival first', async () => {
    const soon = await newContainer();
    const far = await newContainer();
    const unknown = await newContainer();
    const view = (eta: string) => ({ arrivalVO: { eta, ata: null } });
    const past = new Date(Date.now() - 60_000);
    await db
      .update(trackedItems)
      .set({
        derived: view(new Date(Date.now() + 40 * 86_400_000).toISOString()),
        nextCheckAt: new Date(past.getTime() - 60_000),
      })
      .where(eq(trackedItems.id, far.id));
    await db
      .update(trackedItems)
      .set({ derived: view(new Date(Date.now() + 86_400_000).toISOString()), nextCheckAt: past })
      .where(eq(trackedItems.id, soon.id));
    await db.update(trackedItems).set({ nextCheckAt: past }).where(eq(trackedItems.id, unknown.id));
    const mine = [soon.id, far.id, unknown.id];
    // Other tests' items are due too: only the order of these three matters.
    const claimed = (await claimDueItems(db, new Date(), 10_000)).filter((id) => mine.includes(id));
    expect(claimed).toEqual([soon.id, far.id, unknown.id]);
  });
});

describe('refreshItem in one transaction', () => {
  it('leaves nothing half-written when updating the subscriptions fails, so the retry stores it all', async () => {
    const [user] = await db
      .insert(users)
      .values({ email: `tx-${String(n++)}@example.com`, firstName: 'T', lastName: 'X', passwordHash: 'x' })
      .returning();
    const home = await createPersonalOrganization(db, user!);
    const c = await newContainer();
    await db.insert(oceanShipments).values({
      workspaceId: home.workspaceId,
      itemId: c.id,
      containerNo: c.trackingNo,
      mblNo: c.reference,
      carrierScac: c.carrier,
    });
    const p = provider<OceanAnswer>(() => ({
      status: 'found',
      events: [eventAt('a', 'LOAD', 'ACT', '2026-11-01T00:00:00Z')],
    }));
    const working = engine(p);
    const failing: TrackingEngine = {
      ...working,
      modes: {
        ...working.modes,
        ocean: {
          ...working.modes.ocean,
          // The database refuses the subscriptions' update (state is NOT NULL), after the events went in.
          listColumns: () => ({ state: null as unknown as 'active' }),
        },
      },
    };
    await expect(refreshItem(database, failing, c.id, new Date())).rejects.toMatchObject({
      cause: { message: expect.stringMatching(/null value in column "state"/) as unknown },
    });
    expect(await db.select().from(trackingEvents).where(eq(trackingEvents.itemId, c.id))).toEqual([]);
    expect(await item(c.id)).toMatchObject({ state: 'pending', derived: null, lastCheckedAt: null });

    expect(await refreshItem(database, working, c.id, new Date())).toEqual({
      result: 'changed',
      newEvents: 1,
    });
    const [subscription] = await db.select().from(oceanShipments).where(eq(oceanShipments.itemId, c.id));
    expect(subscription).toMatchObject({ state: 'active', polLocode: 'CNSHA', vesselName: 'EVER ACE' });
  });
});

describe('refreshItem (express)', () => {
  it('tracks a parcel with the same engine: events stored once, the parcel view derived', async () => {
    const [parcel] = await db
      .insert(trackedItems)
      .values({ mode: 'express', trackingNo: `1Z${String(n++).padStart(16, '0')}`, carrier: 'ups' })
      .returning();
    const scan: ParcelEvent = {
      eventId: 's1',
      classifier: 'ACT',
      status: 'in_transit',
      subStatus: null,
      carrierCode: 'AR',
      description: 'Arrived at facility',
      exceptionReason: null,
      location: {
        name: 'Louisville Hub',
        city: 'Louisville',
        countryCode: 'US',
        latitude: 38.2,
        longitude: -85.7,
      },
      eventTime: '2026-11-20T10:00:00.000Z',
      createdAt: '2026-11-20T10:05:00.000Z',
    };
    const express = provider<ExpressAnswer>(() => ({
      status: 'found',
      events: [scan],
      facts: { service: 'UPS Ground' },
    }));
    const both = engine(
      provider<OceanAnswer>(() => ({ status: 'not_found' })),
      express,
    );
    expect(await refreshItem(database, both, parcel!.id, new Date())).toEqual({
      result: 'changed',
      newEvents: 1,
    });
    expect(await refreshItem(database, both, parcel!.id, new Date())).toEqual({
      result: 'unchanged',
      newEvents: 0,
    });
    const row = await item(parcel!.id);
    expect(row).toMatchObject({ state: 'active', facts: { service: 'UPS Ground' } });
    expect(row.derived).toMatchObject({
      status: 'in_transit',
      service: 'UPS Ground',
      statusText: 'Arrived at facility',
    });
  });
});

describe('refreshItems: a batch in one transaction', () => {
  it('stores a batch of both modes at once, each item with its own outcome, and its subscriptions copied', async () => {
    const [user] = await db
      .insert(users)
      .values({ email: `batch-${String(n++)}@example.com`, firstName: 'B', lastName: 'A', passwordHash: 'x' })
      .returning();
    const home = await createPersonalOrganization(db, user!);
    const boxes = await Promise.all([newContainer(), newContainer(), newContainer(), newContainer()]);
    await db.insert(oceanShipments).values(
      boxes.map((c) => ({
        workspaceId: home.workspaceId,
        itemId: c.id,
        containerNo: c.trackingNo,
        mblNo: c.reference,
        carrierScac: c.carrier,
      })),
    );
    const [parcel] = await db
      .insert(trackedItems)
      .values({ mode: 'express', trackingNo: `1Z${String(n++).padStart(16, '0')}`, carrier: 'ups' })
      .returning();
    const [unknownBox, failingBox, ...knownBoxes] = boxes;
    // Each container answers for itself: one unknown, one outage, two with a load and a departure.
    const ocean: OceanProvider = {
      source: 'demo',
      track(query) {
        if (query.containerNo === unknownBox.trackingNo) return Promise.resolve({ status: 'not_found' });
        if (query.containerNo === failingBox.trackingNo) return Promise.reject(new Error('carrier down'));
        return Promise.resolve({
          status: 'found',
          events: [
            eventAt(`${query.containerNo}-load`, 'LOAD', 'ACT', '2026-11-01T00:00:00Z'),
            eventAt(`${query.containerNo}-depa`, 'DEPA', 'ACT', '2026-11-01T06:00:00Z'),
          ],
        });
      },
    };
    const express = provider<ExpressAnswer>(() => ({ status: 'not_found' }));
    const ids = [...boxes.map((b) => b.id), parcel!.id];
    const now = new Date();

    const outcomes = await refreshItems(database, engine(ocean, express), ids, now);
    expect(Object.fromEntries(outcomes)).toEqual({
      [unknownBox.id]: { result: 'not_found', newEvents: 0 },
      [failingBox.id]: { result: 'failed', newEvents: 0 },
      [knownBoxes[0].id]: { result: 'changed', newEvents: 2 },
      [knownBoxes[1].id]: { result: 'changed', newEvents: 2 },
      [parcel!.id]: { result: 'not_found', newEvents: 0 },
    });
    expect(await item(failingBox.id)).toMatchObject({ consecutiveFailures: 1, lastError: 'carrier down' });
    expect(await item(unknownBox.id)).toMatchObject({ notFoundChecks: 1, state: 'pending' });
    for (const box of knownBoxes) {
      expect(await item(box.id)).toMatchObject({ state: 'active', lastSource: 'demo' });
      const [subscription] = await db.select().from(oceanShipments).where(eq(oceanShipments.itemId, box.id));
      expect(subscription).toMatchObject({ state: 'active', polLocode: 'CNSHA', vesselName: 'EVER ACE' });
    }
    const [pending] = await db.select().from(oceanShipments).where(eq(oceanShipments.itemId, failingBox.id));
    expect(pending).toMatchObject({ state: 'pending', polLocode: null });

    // Again: nothing new for anyone, and the outage counted once more.
    const again = await refreshItems(database, engine(ocean, express), ids, new Date(now.getTime() + 1000));
    expect(again.get(knownBoxes[0].id)).toEqual({ result: 'unchanged', newEvents: 0 });
    expect(await item(failingBox.id)).toMatchObject({ consecutiveFailures: 2 });
  });

  it('stores the others when the database refuses one item, and answers that one as an error', async () => {
    const [good, bad] = await Promise.all([newContainer(), newContainer()]);
    const ocean: OceanProvider = {
      source: 'demo',
      track: (query) =>
        Promise.resolve({
          status: 'found',
          events: [
            eventAt(
              `${query.containerNo}-load`,
              'LOAD',
              'ACT',
              // 10,001 BC: a date JavaScript has but PostgreSQL cannot store, so the batch's INSERT fails.
              query.containerNo === bad.trackingNo ? '-010000-01-01T00:00:00.000Z' : '2026-11-01T00:00:00Z',
            ),
          ],
        }),
    };
    const outcomes = await refreshItems(database, engine(ocean), [good.id, bad.id], new Date());
    expect(outcomes.get(good.id)).toEqual({ result: 'changed', newEvents: 1 });
    expect(outcomes.get(bad.id)).toMatchObject({ result: 'error' });
    expect(await db.select().from(trackingEvents).where(eq(trackingEvents.itemId, good.id))).toHaveLength(1);
    expect(await db.select().from(trackingEvents).where(eq(trackingEvents.itemId, bad.id))).toEqual([]);
    expect(await item(bad.id)).toMatchObject({ state: 'pending', derived: null, lastCheckedAt: null });
  });
});

describe('a routine refresh with nothing new', () => {
  it('derives nothing and rewrites no view; a new event or new facts derive again', async () => {
    const c = await newContainer();
    let answer: OceanAnswer = {
      status: 'found',
      events: [eventAt('load', 'LOAD', 'ACT', '2026-11-01T00:00:00Z')],
      facts: { lastFreeDay: null },
    };
    const base = engine(provider<OceanAnswer>(() => answer));
    let derivations = 0;
    const counting: TrackingEngine = {
      ...base,
      modes: {
        ...base.modes,
        ocean: {
          ...base.modes.ocean,
          derive: (events, facts) => {
            derivations++;
            return base.modes.ocean.derive(events, facts);
          },
        },
      },
    };
    const now = Date.parse('2026-11-02T00:00:00Z');
    expect((await refreshItem(database, counting, c.id, new Date(now))).result).toBe('changed');
    const first = await item(c.id);
    expect(await refreshItem(database, counting, c.id, new Date(now + 3_600_000))).toEqual({
      result: 'unchanged',
      newEvents: 0,
    });
    expect(derivations).toBe(1);
    const second = await item(c.id);
    expect(second.derived).toEqual(first.derived);
    expect(second.lastCheckedAt!.getTime()).toBe(now + 3_600_000);

    answer = { ...answer, facts: { lastFreeDay: '2026-12-01T00:00:00.000Z' } };
    expect((await refreshItem(database, counting, c.id, new Date(now + 7_200_000))).result).toBe('changed');
    answer = {
      ...answer,
      events: [...answer.events, eventAt('depa', 'DEPA', 'ACT', '2026-11-01T06:00:00Z')],
    };
    expect(await refreshItem(database, counting, c.id, new Date(now + 10_800_000))).toEqual({
      result: 'changed',
      newEvents: 1,
    });
    expect(derivations).toBe(3);
  });
});

describe("the answer's event digest", () => {
  it('skips asking the database which events are new when the answer names the events last stored', async () => {
    const c = await newContainer();
    const load = eventAt('load', 'LOAD', 'ACT', '2026-11-01T00:00:00Z');
    const depa = eventAt('depa', 'DEPA', 'ACT', '2026-11-01T06:00:00Z');
    let events = [load, depa];
    const p = provider<OceanAnswer>(() => ({ status: 'found', events }));
    const now = Date.parse('2026-11-02T00:00:00Z');
    await refresh(p, c.id, new Date(now));
    const stored = await item(c.id);
    expect(stored.eventDigest).toEqual(expect.any(String));

    // The same events in another order name the same events: nothing new, nothing inserted.
    events = [depa, load];
    expect(await refresh(p, c.id, new Date(now + 3_600_000))).toEqual({ result: 'unchanged', newEvents: 0 });
    expect((await item(c.id)).eventDigest).toBe(stored.eventDigest);

    // The digest is trusted: with the events gone behind its back, nothing is read or stored again.
    await db.delete(trackingEvents).where(eq(trackingEvents.itemId, c.id));
    expect(await refresh(p, c.id, new Date(now + 7_200_000))).toEqual({ result: 'unchanged', newEvents: 0 });
    expect(await db.select().from(trackingEvents).where(eq(trackingEvents.itemId, c.id))).toHaveLength(0);

    // Without a digest (an item stored before there were digests), the events are compared one by one.
    await db.update(trackedItems).set({ eventDigest: null }).where(eq(trackedItems.id, c.id));
    expect(await refresh(p, c.id, new Date(now + 10_800_000))).toMatchObject({ newEvents: 2 });
    // A new event changes the digest, and only it is stored.
    events = [load, depa, eventAt('arri', 'ARRI', 'ACT', '2026-11-10T06:00:00Z')];
    expect(await refresh(p, c.id, new Date(now + 14_400_000))).toEqual({ result: 'changed', newEvents: 1 });
    expect((await item(c.id)).eventDigest).not.toBe(stored.eventDigest);
    expect(await db.select().from(trackingEvents).where(eq(trackingEvents.itemId, c.id))).toHaveLength(3);
  });
});
