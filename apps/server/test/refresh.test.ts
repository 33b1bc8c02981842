import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { TrackingEvent } from '@tracklane/shared/tracking/tracking-event';
import { containerEvents, containers } from '../src/db/schema/tracking';
import { demoVoyage } from '../src/integrations/tracking/demo-carrier';
import type { OceanAnswer, OceanProvider } from '../src/integrations/tracking/provider';
import {
  claimDueContainers,
  failureBackoff,
  NOT_FOUND_CHECKS_BEFORE_GIVING_UP,
  refreshContainer,
} from '../src/modules/tracking/refresh.service';
import { useTestDatabase } from './database';

const { db } = await useTestDatabase();

let n = 0;
async function newContainer() {
  const [row] = await db
    .insert(containers)
    .values({ containerNo: `TEST${String(n++).padStart(7, '0')}`, mblNo: 'MEDU1', carrierScac: 'MSCU' })
    .returning();
  return row!;
}

function provider(answer: (call: number) => OceanAnswer | Error): OceanProvider & { calls: number } {
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

describe('refreshContainer', () => {
  it('stores events once, derives the view, and reports whether it changed', async () => {
    const c = await newContainer();
    const events = [
      eventAt('a', 'LOAD', 'ACT', '2026-11-01T00:00:00Z'),
      eventAt('b', 'ARRI', 'EST', '2026-12-01T00:00:00Z'),
    ];
    const p = provider(() => ({ status: 'found', events }));
    expect(await refreshContainer(db, () => p, c.id, new Date())).toEqual({
      result: 'changed',
      newEvents: 2,
    });
    expect(await refreshContainer(db, () => p, c.id, new Date())).toEqual({
      result: 'unchanged',
      newEvents: 0,
    });
    const [row] = await db.select().from(containers).where(eq(containers.id, c.id));
    expect(row).toMatchObject({ state: 'active', lastSource: 'demo', consecutiveFailures: 0 });
    expect(row!.derived?.arrivalVO.eta).toBe('2026-12-01T00:00:00.000Z');
  });

  it('keeps everything it had through a carrier outage, and backs off', async () => {
    const c = await newContainer();
    const good = provider(() => ({
      status: 'found',
      events: [eventAt('a', 'LOAD', 'ACT', '2026-11-01T00:00:00Z')],
    }));
    await refreshContainer(db, () => good, c.id, new Date());
    const down = provider(() => new Error('503 from carrier'));
    const now = new Date();
    expect((await refreshContainer(db, () => down, c.id, now)).result).toBe('failed');
    expect((await refreshContainer(db, () => down, c.id, now)).result).toBe('failed');
    const [row] = await db.select().from(containers).where(eq(containers.id, c.id));
    expect(row).toMatchObject({ consecutiveFailures: 2, lastError: '503 from carrier', state: 'active' });
    expect(row!.derived?.pol?.locode).toBe('CNSHA');
    expect(row!.nextCheckAt.getTime()).toBe(now.getTime() + failureBackoff(2));
    expect(await db.select().from(containerEvents).where(eq(containerEvents.containerId, c.id))).toHaveLength(
      1,
    );
    expect(failureBackoff(1)).toBe(5 * 60_000);
    expect(failureBackoff(20)).toBe(6 * 3_600_000);
  });

  it('retries a container the carrier does not know for a while before marking it not found', async () => {
    const c = await newContainer();
    const unknown = provider(() => ({ status: 'not_found' }));
    for (let i = 1; i < NOT_FOUND_CHECKS_BEFORE_GIVING_UP; i++) {
      await refreshContainer(db, () => unknown, c.id, new Date());
      const [row] = await db.select().from(containers).where(eq(containers.id, c.id));
      expect(row!.state).toBe('pending');
    }
    await refreshContainer(db, () => unknown, c.id, new Date());
    const [row] = await db.select().from(containers).where(eq(containers.id, c.id));
    expect(row!.state).toBe('not_found');
    expect((await refreshContainer(db, () => unknown, c.id, new Date())).result).toBe('skipped');
  });

  it('stops some days after the empty container is returned', async () => {
    const c = await newContainer();
    const query = {
      containerNo: c.containerNo,
      mblNo: c.mblNo,
      carrierScac: 'MSCU',
      trackingStartedAt: c.trackingStartedAt,
    };
    const later = new Date(c.trackingStartedAt.getTime() + 150 * 86_400_000);
    const p = provider(() => demoVoyage(query, later.getTime()));
    await refreshContainer(db, () => p, c.id, later);
    const [row] = await db.select().from(containers).where(eq(containers.id, c.id));
    // (Some numbers are unknown to the demo carrier: then it stays pending.)
    if (row!.derived) expect(row!.state).toBe('completed');
    else expect(row!.state).toBe('pending');
  });

  it('hands each due container to one poller only', async () => {
    const due = await Promise.all([newContainer(), newContainer(), newContainer()]);
    const now = new Date(Date.now() + 1000);
    const [a, b] = await Promise.all([claimDueContainers(db, now, 100), claimDueContainers(db, now, 100)]);
    const mine = due.map((d) => d.id);
    const claimed = [...a, ...b].filter((id) => mine.includes(id));
    expect(claimed.sort()).toEqual([...mine].sort());
  });
});
