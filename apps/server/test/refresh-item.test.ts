import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { ParcelEvent } from '@tracklane/shared/tracking/express/parcel-event';
import { oceanShipments, trackedItems, trackingEvents } from '../src/db/schema/tracking';
import { users } from '../src/db/schema/users';
import { demoVoyage } from '../src/integrations/tracking/demo-carrier';
import {
  ProviderDeferredError,
  type ExpressAnswer,
  type OceanAnswer,
} from '../src/integrations/tracking/provider';
import { createPersonalOrganization } from '../src/modules/organizations/organizations.service';
import {
  claimDueItems,
  failureBackoff,
  NOT_FOUND_RECHECK_MS,
  refreshItem,
  type TrackingEngine,
} from '../src/modules/tracking/refresh.service';
import { useRefreshDatabase } from './support/refresh';

const {
  database,
  db,
  NOT_FOUND_ATTEMPTS,
  nextSerial,
  newContainer,
  item,
  provider,
  engine,
  refresh,
  derivedOf,
  eventAt,
} = await useRefreshDatabase();

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
      .values({
        email: `tx-${String(nextSerial())}@example.com`,
        firstName: 'T',
        lastName: 'X',
        passwordHash: 'x',
      })
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
          listColumns: () => ({ state: null }),
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
      .values({ mode: 'express', trackingNo: `1Z${String(nextSerial()).padStart(16, '0')}`, carrier: 'ups' })
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
