import pg from 'pg';
import { PgBoss } from 'pg-boss';
import type { Logger } from 'pino';
import { moveOldJobs, setAsideOldSchema } from './pgboss-upgrade';

export const QUEUES = {
  mailDeliver: 'mail.deliver',
  housekeeping: 'housekeeping',
  trackingPoll: 'tracking.poll',
  trackingRefresh: 'tracking.refresh',
  notificationDigest: 'notifications.digest',
  webhookDeliver: 'webhooks.deliver',
  webhookSweep: 'webhooks.sweep',
  alertSweep: 'alerts.sweep',
  alertEmails: 'alerts.emails',
  exceptionSweep: 'exceptions.sweep',
  carrierSubscriptions: 'carrier.subscriptions',
  reliabilityCatchUp: 'reliability.catch-up',
  plannedRouteCatchUp: 'ocean.planned-route-catch-up',
  filesDelete: 'files.delete',
} as const;

export interface MailDeliverJob {
  outboxId: string;
}

export interface JobQueue {
  /** Enqueues inside the caller's transaction when `client` is given. */
  send(
    queue: string,
    data: object,
    options: {
      client?: pg.PoolClient;
      retryLimit?: number;
      /** Seconds before the first retry; with `retryBackoff`, doubled at each retry (with jitter). */
      retryDelay?: number;
      retryBackoff?: boolean;
      singletonKey?: string;
    },
  ): Promise<void>;
  boss: PgBoss;
}

/**
 * pg-boss on our own PostgreSQL: durable jobs with retries and backoff, shared by every server process.
 * pg-boss installs and migrates its `pgboss` schema itself; one that pg-boss 10 made is replaced, its
 * pending jobs moved over (see pgboss-upgrade.ts).
 */
export async function startJobQueue(
  connectionString: string,
  logger: Pick<Logger, 'error' | 'info' | 'warn'>,
): Promise<JobQueue> {
  const boss = new PgBoss({ connectionString, max: 4, application_name: 'tracklane-jobs' });
  boss.on('error', (err) => logger.error({ err }, 'job queue error'));
  const client = new pg.Client({ connectionString, application_name: 'tracklane-jobs-upgrade' });
  await client.connect();
  try {
    const oldSchema = await setAsideOldSchema(client);
    await boss.start();
    for (const name of Object.values(QUEUES)) {
      await createQueueWithRetry(boss, name);
    }
    if (oldSchema) await moveOldJobs(boss, client, Object.values(QUEUES), logger);
  } finally {
    await client.end();
  }
  return {
    boss,
    async send(queue, data, { client, retryLimit, retryDelay, retryBackoff, singletonKey }) {
      await boss.send(queue, data, {
        ...(retryLimit === undefined ? {} : { retryLimit }),
        ...(retryDelay === undefined ? {} : { retryDelay }),
        ...(retryBackoff === undefined ? {} : { retryBackoff }),
        ...(singletonKey === undefined ? {} : { singletonKey }),
        ...(client
          ? { db: { executeSql: (text: string, values: unknown[]) => client.query(text, values) } }
          : {}),
      });
    },
  };
}

/**
 * pg-boss creates a queue with DDL whose locks can deadlock against another process (or its own
 * scheduler) creating one at the same moment; PostgreSQL then aborts one side, which simply tries again.
 */
async function createQueueWithRetry(boss: PgBoss, name: string, attempts = 6): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await boss.createQueue(name, {
        retryLimit: 12,
        retryDelay: 15,
        retryBackoff: true,
        // How long a job may stay active before it counts as lost and is retried. This said
        // `expireInMinutes: 5`, which pg-boss 10's createQueue ignored: jobs have always run under its
        // 15-minute default, kept here (pg-boss 11 dropped the minutes option).
        expireInSeconds: 15 * 60,
      });
      return;
    } catch (err) {
      const deadlock = typeof err === 'object' && err !== null && 'code' in err && err.code === '40P01';
      if (!deadlock || attempt >= attempts) throw err;
      await new Promise((resolve) => setTimeout(resolve, 50 * attempt + Math.random() * 100));
    }
  }
}
