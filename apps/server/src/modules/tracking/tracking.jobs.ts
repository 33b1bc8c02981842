import type { Logger } from 'pino';
import type { DatabaseHandle } from '../../db/client';
import { QUEUES, type JobQueue } from '../../jobs/queue';
import { claimDueItems, refreshItem, type TrackingEngine } from './refresh.service';

/** One tracked item of any mode to refresh. (`containerId`: jobs queued before modes existed.) */
export type RefreshJob = { itemId: string } | { containerId: string };

export const refreshJob = (itemId: string): RefreshJob => ({ itemId });

const POLL_BATCH = 200;

/**
 * Provider polling on pg-boss for every mode: a scheduled poll every minute claims due items and
 * enqueues one refresh each; refresh workers run in every server process. New items are enqueued at
 * intake.
 */
export async function startTrackingJobs(
  jobs: JobQueue,
  database: Pick<DatabaseHandle, 'db' | 'pool'>,
  engine: TrackingEngine,
  logger: Pick<Logger, 'warn'>,
): Promise<void> {
  await jobs.boss.schedule(QUEUES.trackingPoll, '* * * * *');
  await jobs.boss.work(QUEUES.trackingPoll, async () => {
    const due = await claimDueItems(database.db, new Date(), POLL_BATCH);
    for (const itemId of due) {
      await jobs.send(QUEUES.trackingRefresh, refreshJob(itemId), { singletonKey: itemId });
    }
  });
  await jobs.boss.work<RefreshJob>(
    QUEUES.trackingRefresh,
    { batchSize: 5, pollingIntervalSeconds: 1 },
    async (batch) => {
      // Each job on its own: one item's failure retries that item, not the whole batch.
      await Promise.all(
        batch.map(async (job) => {
          const itemId = 'itemId' in job.data ? job.data.itemId : job.data.containerId;
          try {
            const outcome = await refreshItem(database, engine, itemId, new Date());
            if (outcome.result === 'failed') logger.warn({ itemId }, 'provider refresh failed; will retry');
          } catch (err) {
            logger.warn({ itemId, err }, 'refresh could not be stored; pg-boss retries it');
            await jobs.boss.fail(QUEUES.trackingRefresh, job.id, { message: String(err) });
          }
        }),
      );
    },
  );
}
