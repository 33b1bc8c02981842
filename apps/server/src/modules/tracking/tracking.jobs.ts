import type { Logger } from 'pino';
import type { DatabaseHandle } from '../../db/client';
import { QUEUES, type JobQueue } from '../../jobs/queue';
import { BILL_REFRESH_BATCH, billRefreshJob } from '../ocean-shipments/bill-follow.service';
import { claimDueBills, refreshBills, retryNotAdded } from '../ocean-shipments/bill-refresh.service';
import { claimDueItems, refreshItems, type TrackingEngine } from './refresh.service';

/**
 * Tracked items of any mode to refresh together: a batch from the poller, or one new item from
 * intake; or bills of lading and bookings followed alone (ADR 0037). (`itemId` and `containerId`: jobs
 * queued by earlier versions.)
 */
export type RefreshJob =
  { itemIds: string[] } | { itemId: string } | { containerId: string } | { billIds: string[] };

export const refreshJob = (itemIds: string[]): RefreshJob => ({ itemIds });

/** Items claimed and refreshed together: one transaction and a few statements for all of them. */
export const REFRESH_BATCH = 100;
/** The most items one poll claims (every minute): 100 batches. */
const POLL_LIMIT = 10_000;

const itemIdsOf = (job: Exclude<RefreshJob, { billIds: string[] }>): string[] =>
  'itemIds' in job ? job.itemIds : 'itemId' in job ? [job.itemId] : [job.containerId];

/**
 * Provider polling on pg-boss for every mode: a scheduled poll every minute claims the due items, in
 * batches, and enqueues one refresh job per batch; refresh workers run in every server process. New
 * items are enqueued at intake. A job whose items could not all be stored fails and pg-boss retries
 * it (refreshing again is harmless: nothing new, nothing written twice).
 */
export async function startTrackingJobs(
  jobs: JobQueue,
  database: Pick<DatabaseHandle, 'db' | 'pool'>,
  engine: TrackingEngine,
  logger: Pick<Logger, 'warn'>,
): Promise<void> {
  const ctx = { ...database, tracking: engine, jobs };
  await jobs.boss.schedule(QUEUES.trackingPoll, '* * * * *');
  await jobs.boss.work(QUEUES.trackingPoll, async () => {
    for (let claimed = 0; claimed < POLL_LIMIT;) {
      const due = await claimDueItems(database.db, new Date(), REFRESH_BATCH);
      if (due.length === 0) break;
      await jobs.send(QUEUES.trackingRefresh, refreshJob(due), {});
      claimed += due.length;
    }
    // Bills of lading and bookings followed alone, through the same data sources and budgets.
    for (let claimed = 0; claimed < POLL_LIMIT;) {
      const due = await claimDueBills(database.db, new Date(), BILL_REFRESH_BATCH);
      if (due.length === 0) break;
      await jobs.send(QUEUES.trackingRefresh, billRefreshJob(due), {});
      claimed += due.length;
    }
    // Containers bills could not add for the plan's quota, tried again without asking the carrier.
    await retryNotAdded(ctx, new Date());
  });
  await jobs.boss.work<RefreshJob>(
    QUEUES.trackingRefresh,
    { batchSize: 2, pollingIntervalSeconds: 1 },
    async (batch) => {
      // Each job on its own: one job's failure retries that job, not the others.
      await Promise.all(
        batch.map(async (job) => {
          if ('billIds' in job.data) {
            // Each bill is stored in a transaction of its own; one that fails throws, and pg-boss retries.
            await refreshBills(ctx, job.data.billIds, new Date());
            return;
          }
          const outcomes = await refreshItems(database, engine, itemIdsOf(job.data), new Date());
          const failed = [...outcomes].filter(([, o]) => o.result === 'failed').map(([id]) => id);
          if (failed.length) logger.warn({ itemIds: failed }, 'provider refresh failed; will retry');
          const errors = [...outcomes].flatMap(([id, o]) =>
            o.result === 'error' ? [{ id, error: o.error }] : [],
          );
          if (errors.length) {
            logger.warn({ errors }, 'refresh could not be stored; pg-boss retries the job');
            await jobs.boss.fail(QUEUES.trackingRefresh, job.id, {
              message: errors.map((e) => `${e.id}: ${String(e.error)}`).join('\n'),
            });
          }
        }),
      );
    },
  );
}
