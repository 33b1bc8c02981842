import { inArray } from 'drizzle-orm';
import { oneProvider } from '../src/integrations/tracking/sources';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { oceanShipments, trackedItems } from '../src/db/schema/tracking';
import { users } from '../src/db/schema/users';
import { createPersonalOrganization } from '../src/modules/organizations/organizations.service';
import type { OceanAnswer, OceanProvider } from '../src/integrations/tracking/provider';
import { QUEUES } from '../src/jobs/queue';
import { createExpressMode } from '../src/modules/express-shipments/express-mode';
import { createOceanMode } from '../src/modules/ocean-shipments/ocean-mode';
import type { TrackingEngine } from '../src/modules/tracking/refresh.service';
import { REFRESH_BATCH, startTrackingJobs } from '../src/modules/tracking/tracking.jobs';
import { createTestContext } from './context';
import { useTestDatabase } from './database';
import { ITEMS_CHANGED_SUBSCRIBERS } from '../src/items-changed-subscribers';

const database = await useTestDatabase();
const ctx = await createTestContext(database);
afterAll(() => ctx.jobs.boss.stop({ graceful: false }));

describe('the tracking poller', () => {
  it('claims every due item in batches and refreshes each batch in one job', async () => {
    // More than two batches' worth, each known to the carrier by its own answer.
    const count = 2 * REFRESH_BATCH + 7;
    const items = await database.db
      .insert(trackedItems)
      .values(
        Array.from({ length: count }, (_, i) => ({
          mode: 'ocean' as const,
          trackingNo: `JOBS${String(i).padStart(7, '0')}`,
          reference: 'MEDU1',
          carrier: 'MSCU',
          nextCheckAt: new Date(Date.now() - 1000),
        })),
      )
      .returning({ id: trackedItems.id, trackingNo: trackedItems.trackingNo });
    // Followed by a workspace (items nobody follows are parked, never asked).
    const [user] = await database.db
      .insert(users)
      .values({ email: 'jobs@example.com', firstName: 'J', lastName: 'B', passwordHash: 'x' })
      .returning();
    const { workspaceId } = await createPersonalOrganization(database.db, user!);
    await database.db.insert(oceanShipments).values(
      items.map((item) => ({
        workspaceId,
        itemId: item.id,
        containerNo: item.trackingNo,
        mblNo: 'MEDU1',
        carrierScac: 'MSCU',
      })),
    );
    const asked: string[] = [];
    const ocean: OceanProvider = {
      source: 'demo',
      track(query): Promise<OceanAnswer> {
        asked.push(query.containerNo);
        return Promise.resolve({ status: 'not_found' });
      },
    };
    const engine: TrackingEngine = {
      modes: {
        ocean: createOceanMode(oneProvider(ocean)),
        express: createExpressMode(
          oneProvider({
            source: 'demo',
            track: () => Promise.resolve({ status: 'not_found' }),
          }),
        ),
      },
      notFoundAttempts: 6,
      demoCarriers: false,
      onItemsChanged: ITEMS_CHANGED_SUBSCRIBERS,
    };
    await startTrackingJobs(ctx.jobs, database, engine, ctx.logger);
    await ctx.jobs.send(QUEUES.trackingPoll, {}, {});

    const ids = items.map((i) => i.id);
    await vi.waitFor(
      async () => {
        const rows = await database.db
          .select({ notFoundChecks: trackedItems.notFoundChecks })
          .from(trackedItems)
          .where(inArray(trackedItems.id, ids));
        expect(rows.filter((r) => r.notFoundChecks === 1)).toHaveLength(count);
      },
      { timeout: 20_000, interval: 200 },
    );
    // Every item asked once, in three jobs of 100, 100 and 7 items.
    expect(asked.sort()).toEqual(
      Array.from({ length: count }, (_, i) => `JOBS${String(i).padStart(7, '0')}`).sort(),
    );
    const jobs = await database.pool.query<{ data: { itemIds: string[] } }>(
      `SELECT data FROM pgboss.job WHERE name = $1`,
      [QUEUES.trackingRefresh],
    );
    expect(jobs.rows.map((j) => j.data.itemIds.length).sort((a, b) => a - b)).toEqual([7, 100, 100]);
    expect(jobs.rows.flatMap((j) => j.data.itemIds).sort()).toEqual([...ids].sort());
  });
});
