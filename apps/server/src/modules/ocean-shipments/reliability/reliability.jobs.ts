import type { AppContext } from '../../../app-context';
import { QUEUES, type JobQueue } from '../../../jobs/queue';
import { catchUpArrivals } from './arrival-facts';

/**
 * The arrival facts' catch-up every 15 minutes, and once at start: boxes that arrived before facts
 * were kept (the backfill after migration 0029) and boxes a workspace began following after arrival.
 */
export async function startReliabilityJobs(jobs: JobQueue, ctx: Pick<AppContext, 'db'>): Promise<void> {
  await jobs.boss.schedule(QUEUES.reliabilityCatchUp, '*/15 * * * *');
  await jobs.boss.work(QUEUES.reliabilityCatchUp, async () => {
    await catchUpArrivals(ctx.db);
  });
  await jobs.send(QUEUES.reliabilityCatchUp, {}, { singletonKey: 'start' });
}
