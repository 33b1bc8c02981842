import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../../app-context';
import { carrierConnections } from '../../../db/schema/carrier-connections';
import { QUEUES } from '../../../jobs/queue';
import { connectionsWithSubscriptions, syncCarrierSubscriptions } from './carrier-subscriptions.service';
import { inOrganization } from '../../../tenancy/scope';

/**
 * Which connection's subscriptions to bring in line: one connection (it changed), the enabled
 * connection of an organization and carrier (the organization followed containers of it), or every
 * connection that pushes or has subscriptions left to end (the sweep, every minute).
 */
export type CarrierSubscriptionsJob =
  { connectionId: string } | { organizationId: string; carrier: string } | Record<string, never>;

type Ctx = Pick<AppContext, 'db' | 'pool' | 'jobs' | 'logger' | 'carrierConnections'>;

async function connectionsOf(ctx: Ctx, job: CarrierSubscriptionsJob): Promise<string[]> {
  if ('connectionId' in job) return [job.connectionId];
  if ('organizationId' in job) {
    const rows = await ctx.db
      .select({ id: carrierConnections.id })
      .from(carrierConnections)
      .where(
        and(
          inOrganization({ organizationId: job.organizationId }, carrierConnections),
          eq(carrierConnections.carrier, job.carrier),
          eq(carrierConnections.enabled, true),
          eq(carrierConnections.delivery, 'push'),
        ),
      );
    return rows.map((r) => r.id);
  }
  return connectionsWithSubscriptions(ctx.db);
}

/** Runs the job: each connection on its own, one's failure logged and the others still done. */
export async function runCarrierSubscriptionsJob(ctx: Ctx, job: CarrierSubscriptionsJob): Promise<void> {
  for (const connectionId of await connectionsOf(ctx, job)) {
    try {
      await syncCarrierSubscriptions(ctx, connectionId);
    } catch (err) {
      ctx.logger.warn({ err, connectionId }, 'carrier subscriptions could not be brought in line');
    }
  }
}

/**
 * Subscriptions follow the follows: a sweep every minute over every connection with subscription work
 * (a follow, an archive, a deletion, a spent budget: all are caught up within a minute), and a job at
 * once when a connection changes or its organization follows containers of its carrier.
 */
export async function startCarrierSubscriptionJobs(ctx: Ctx): Promise<void> {
  await ctx.jobs.boss.schedule(QUEUES.carrierSubscriptions, '* * * * *', {});
  await ctx.jobs.boss.work<CarrierSubscriptionsJob>(
    QUEUES.carrierSubscriptions,
    { batchSize: 1, pollingIntervalSeconds: 1 },
    async ([job]) => {
      if (job) await runCarrierSubscriptionsJob(ctx, job.data);
    },
  );
}
