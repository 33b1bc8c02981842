import { sql } from 'drizzle-orm';
import type { AppContext } from '../../app-context';
import { QUEUES } from '../../jobs/queue';
import { withTransaction } from '../../lib/transaction';
import { attemptDelivery, DEFAULT_WEBHOOK_SETTINGS, type WebhookSettings } from './webhook-delivery.service';

export interface WebhookDeliverJob {
  deliveryId: string;
}

const DISPATCH_BATCH = 200;
/** Deliveries one process attempts at once. */
const DELIVER_BATCH = 20;

type Ctx = Pick<AppContext, 'db' | 'pool' | 'jobs' | 'config' | 'logger'>;

/**
 * Hands pending deliveries to the job queue: each is marked queued and its job created in one
 * transaction, so it is queued exactly once whichever process gets there, and nothing is lost if a
 * process dies in between. Returns how many it queued.
 */
export async function dispatchPendingDeliveries(
  ctx: Pick<AppContext, 'pool' | 'jobs'>,
  settings: WebhookSettings = DEFAULT_WEBHOOK_SETTINGS,
): Promise<number> {
  return withTransaction(ctx.pool, async ({ tx, client }) => {
    const claimed = await tx.execute<{ id: string }>(sql`
      UPDATE webhook_deliveries SET queued_at = now()
      WHERE id IN (
        SELECT id FROM webhook_deliveries WHERE queued_at IS NULL
        ORDER BY created_at LIMIT ${DISPATCH_BATCH} FOR UPDATE SKIP LOCKED
      )
      RETURNING id`);
    for (const { id } of claimed.rows)
      await ctx.jobs.send(QUEUES.webhookDeliver, { deliveryId: id } satisfies WebhookDeliverJob, {
        client,
        retryLimit: settings.retryLimit,
        retryDelay: settings.retryDelaySeconds,
        retryBackoff: true,
        singletonKey: id,
      });
    return claimed.rows.length;
  });
}

/**
 * Webhook delivery in this process: a dispatcher that moves new deliveries to the queue every
 * `dispatchIntervalMs` (plus a sweep each minute through pg-boss, whichever process runs it), and the
 * delivery workers. A failed attempt throws, so pg-boss retries it with exponential backoff.
 */
export async function startWebhookJobs(
  ctx: Ctx,
  options: { settings?: WebhookSettings; dispatchIntervalMs?: number } = {},
): Promise<{ stop(): void }> {
  const settings = options.settings ?? DEFAULT_WEBHOOK_SETTINGS;
  let running = false;
  let deliverWorker: string | null = null;
  const dispatch = async () => {
    if (running) return;
    running = true;
    try {
      let queued = 0;
      for (let batch = DISPATCH_BATCH; batch === DISPATCH_BATCH; queued += batch)
        batch = await dispatchPendingDeliveries(ctx, settings);
      // Wakes this process's workers at once rather than at their next poll.
      if (queued > 0 && deliverWorker) ctx.jobs.boss.notifyWorker(deliverWorker);
    } catch (err) {
      ctx.logger.warn({ err }, 'webhook dispatch failed; the next round retries');
    } finally {
      running = false;
    }
  };
  await ctx.jobs.boss.schedule(QUEUES.webhookSweep, '* * * * *');
  await ctx.jobs.boss.work(QUEUES.webhookSweep, dispatch);
  deliverWorker = await ctx.jobs.boss.work<WebhookDeliverJob>(
    QUEUES.webhookDeliver,
    { batchSize: DELIVER_BATCH, pollingIntervalSeconds: 1, includeMetadata: true },
    // Each delivery on its own, side by side: one slow receiver does not hold up the others, and a
    // failed one is failed alone (pg-boss retries it with backoff; the batch completes the rest).
    async (batch) => {
      await Promise.all(
        batch.map(async (job) => {
          // retryCount: the retries already made; the attempt after the last allowed retry is final.
          const result = await attemptDelivery(ctx, job.data.deliveryId, {
            final: job.retryCount >= settings.retryLimit,
            settings,
          }).catch((err: unknown) => {
            ctx.logger.warn(
              { err, deliveryId: job.data.deliveryId },
              'webhook attempt could not be recorded',
            );
            return 'retry' as const;
          });
          if (result === 'retry')
            await ctx.jobs.boss.fail(QUEUES.webhookDeliver, job.id, {
              message: 'delivery failed; retried with backoff',
            });
        }),
      );
    },
  );
  const timer = setInterval(() => void dispatch(), options.dispatchIntervalMs ?? 1000);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
