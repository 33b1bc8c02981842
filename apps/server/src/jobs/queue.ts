import PgBoss from 'pg-boss';
import type pg from 'pg';
import type { Logger } from 'pino';

export const QUEUES = {
  mailDeliver: 'mail.deliver',
} as const;

export interface MailDeliverJob {
  outboxId: string;
}

export interface JobQueue {
  /** Enqueues inside the caller's transaction when `client` is given. */
  send(queue: string, data: object, options: { client?: pg.PoolClient; retryLimit?: number }): Promise<void>;
  boss: PgBoss;
}

/**
 * pg-boss on our own PostgreSQL: durable jobs with retries and backoff, shared by every server process.
 */
export async function startJobQueue(
  connectionString: string,
  logger: Pick<Logger, 'error'>,
): Promise<JobQueue> {
  const boss = new PgBoss({ connectionString, max: 4, application_name: 'tracklane-jobs' });
  boss.on('error', (err) => logger.error({ err }, 'job queue error'));
  await boss.start();
  await Promise.all(
    Object.values(QUEUES).map((name) =>
      boss.createQueue(name, {
        name,
        retryLimit: 12,
        retryDelay: 15,
        retryBackoff: true,
        expireInMinutes: 5,
      }),
    ),
  );
  return {
    boss,
    async send(queue, data, { client, retryLimit }) {
      await boss.send(queue, data, {
        ...(retryLimit === undefined ? {} : { retryLimit }),
        ...(client
          ? { db: { executeSql: (text: string, values: unknown[]) => client.query(text, values) } }
          : {}),
      });
    },
  };
}
