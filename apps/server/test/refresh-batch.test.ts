import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { oceanShipments, trackedItems, trackingEvents } from '../src/db/schema/tracking';
import { users } from '../src/db/schema/users';
import {
  type ExpressAnswer,
  type OceanAnswer,
  type OceanProvider,
} from '../src/integrations/tracking/provider';
import { createPersonalOrganization } from '../src/modules/organizations/organizations.service';
import { refreshItem, refreshItems, type TrackingEngine } from '../src/modules/tracking/refresh.service';
import { useRefreshDatabase } from './support/refresh';

const { database, db, nextSerial, newContainer, item, provider, engine, refresh, eventAt } =
  await useRefreshDatabase();

describe('refreshItems: a batch in one transaction', () => {
  it('stores a batch of both modes at once, each item with its own outcome, and its subscriptions copied', async () => {
    const [user] = await db
      .insert(users)
      .values({
        email: `batch-${String(nextSerial())}@example.com`,
        firstName: 'B',
        lastName: 'A',
        passwordHash: 'x',
      })
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
      .values({ mode: 'express', trackingNo: `1Z${String(nextSerial()).padStart(16, '0')}`, carrier: 'ups' })
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
