import type { AppContext } from '../../app-context';
import { QUEUES, type JobQueue } from '../../jobs/queue';
import { withTransaction } from '../../lib/transaction';
import { allModeFeatures } from '../../modes';
import { syncExceptions } from './exception-sync';

type JobContext = Pick<AppContext, 'db' | 'pool'>;

/**
 * Every shipment's exceptions against its rules, one transaction per mode: time alone raises some (a
 * last free day coming closer, a silent carrier, a late parcel) and clears others, with no refresh to
 * announce it.
 */
export async function runExceptionSweep(
  ctx: JobContext,
  now: Date,
): Promise<{ opened: number; cleared: number }> {
  const total = { opened: 0, cleared: 0 };
  for (const { mode } of allModeFeatures()) {
    const result = await withTransaction(ctx.pool, ({ tx }) => syncExceptions(tx, mode, { all: true }, now));
    total.opened += result.opened;
    total.cleared += result.cleared;
  }
  return total;
}

/** The sweep every 10 minutes, in any server process (pg-boss picks one). */
export async function startExceptionJobs(jobs: JobQueue, ctx: JobContext): Promise<void> {
  await jobs.boss.schedule(QUEUES.exceptionSweep, '5-59/10 * * * *');
  await jobs.boss.work(QUEUES.exceptionSweep, async () => {
    await runExceptionSweep(ctx, new Date());
  });
}
