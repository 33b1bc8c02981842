import type { Logger } from 'pino';
import type { Database } from '../../db/client';
import { QUEUES, type JobQueue } from '../../jobs/queue';
import { claimDueContainers, refreshContainer, type ProviderFor } from './refresh.service';

export interface RefreshJob {
  containerId: string;
}

const POLL_BATCH = 200;

/**
 * Carrier polling on pg-boss: a scheduled poll every minute claims due containers and enqueues one
 * refresh each; refresh workers run in every server process. New containers are enqueued at intake.
 */
export async function startTrackingJobs(
  jobs: JobQueue,
  db: Database,
  providerFor: ProviderFor,
  logger: Pick<Logger, 'warn'>,
): Promise<void> {
  await jobs.boss.schedule(QUEUES.trackingPoll, '* * * * *');
  await jobs.boss.work(QUEUES.trackingPoll, async () => {
    const due = await claimDueContainers(db, new Date(), POLL_BATCH);
    for (const containerId of due) {
      await jobs.send(QUEUES.trackingRefresh, { containerId } satisfies RefreshJob, {
        singletonKey: containerId,
      });
    }
  });
  await jobs.boss.work<RefreshJob>(
    QUEUES.trackingRefresh,
    { batchSize: 5, pollingIntervalSeconds: 1 },
    async (batch) => {
      await Promise.all(
        batch.map(async (job) => {
          const outcome = await refreshContainer(db, providerFor, job.data.containerId, new Date());
          if (outcome.result === 'failed')
            logger.warn({ containerId: job.data.containerId }, 'carrier refresh failed; will retry');
        }),
      );
    },
  );
}
