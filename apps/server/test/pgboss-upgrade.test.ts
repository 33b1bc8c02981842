import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { OLD_SCHEMA } from '../src/jobs/pgboss-upgrade';
import { QUEUES, startJobQueue, type JobQueue } from '../src/jobs/queue';
import { useTestDatabase } from './database';

const database = await useTestDatabase();
const started: JobQueue[] = [];
afterAll(async () => {
  for (const jobs of started) await jobs.boss.stop({ graceful: false }).catch(() => undefined);
});

const fixture = new URL('./fixtures/pgboss-10-schema.sql', import.meta.url);
/** The jobs of the fixture that were still to run, by id. */
const PENDING = {
  refresh: 'cc351766-4f2f-4ab1-a15a-2d4efff752f2',
  mailActive: '803ff8fe-0e2b-4e8d-ac12-af70f46f704a',
  mailRetry: '668825a0-bf28-4e7e-b25b-839b3ecad241',
  webhookActive: 'e11f7547-b191-41bf-bc2d-92ef14245e00',
  webhookRetry: '5c718a67-ea5f-4c6c-a6ca-5d98a9f171ab',
};

async function query<T extends pg.QueryResultRow>(text: string, values: unknown[] = []): Promise<T[]> {
  return (await database.pool.query<T>(text, values)).rows;
}

function recordingLogger() {
  const lines: { level: string; fields: unknown }[] = [];
  const log = (level: string) => (fields: unknown) => void lines.push({ level, fields });
  return { lines, logger: { info: log('info'), warn: log('warn'), error: log('error') } };
}

describe('an installation that ran pg-boss 10', () => {
  it('starts on pg-boss 12 with the jobs that were still to run, moved exactly once', async () => {
    // The template already has pg-boss 12's schema: put pg-boss 10's in its place.
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    await client.query('DROP SCHEMA pgboss CASCADE');
    await client.query(await readFile(fixture, 'utf8'));
    await client.end();
    expect(await query(`SELECT version FROM pgboss.version`)).toEqual([{ version: 24 }]);

    // Two processes start together, as behind a load balancer.
    const { lines, logger } = recordingLogger();
    started.push(
      ...(await Promise.all([startJobQueue(database.url, logger), startJobQueue(database.url, logger)])),
    );

    const [installed] = await query<{ version: number }>(`SELECT version FROM pgboss.version`);
    expect(installed?.version).toBeGreaterThanOrEqual(25);
    expect(await query(`SELECT 1 FROM pg_namespace WHERE nspname = $1`, [OLD_SCHEMA])).toEqual([]);
    expect(lines.filter((line) => line.level === 'info')).toEqual([{ level: 'info', fields: { moved: 5 } }]);
    expect(lines.filter((line) => line.level !== 'info')).toEqual([]);

    const jobs = await query<{
      id: string;
      name: string;
      state: string;
      data: unknown;
      retry_limit: number;
      retry_delay: number;
      retry_backoff: boolean;
      singleton_key: string | null;
    }>(
      `SELECT id, name, state, data, retry_limit, retry_delay, retry_backoff, singleton_key
       FROM pgboss.job ORDER BY name, data::text`,
    );
    const outbox = (n: number) => ({ outboxId: `00000000-0000-4000-8000-00000000000${String(n)}` });
    const delivery = (n: number) => `00000000-0000-4000-8000-00000000000${String(n)}`;
    const queued = { state: 'created', retry_delay: 15, retry_backoff: true, singleton_key: null };
    expect(jobs).toEqual([
      { ...queued, id: PENDING.mailActive, name: QUEUES.mailDeliver, data: outbox(1), retry_limit: 12 },
      { ...queued, id: PENDING.mailRetry, name: QUEUES.mailDeliver, data: outbox(3), retry_limit: 12 },
      {
        ...queued,
        id: PENDING.refresh,
        name: QUEUES.trackingRefresh,
        data: { items: ['x'] },
        retry_limit: 12,
      },
      // The webhook settings of the time, per job, are kept.
      {
        ...queued,
        id: PENDING.webhookRetry,
        name: QUEUES.webhookDeliver,
        data: { deliveryId: delivery(2) },
        retry_limit: 8,
        retry_delay: 30,
        singleton_key: delivery(2),
      },
      {
        ...queued,
        id: PENDING.webhookActive,
        name: QUEUES.webhookDeliver,
        data: { deliveryId: delivery(4) },
        retry_limit: 8,
        retry_delay: 30,
        singleton_key: delivery(4),
      },
    ]);

    // They are live jobs of the new queues: a worker gets them.
    const [boss] = started.map((jobs) => jobs.boss);
    const mail = await boss!.fetch<{ outboxId: string }>(QUEUES.mailDeliver, { batchSize: 10 });
    expect(mail.map((job) => job.id).sort()).toEqual([PENDING.mailActive, PENDING.mailRetry].sort());
  });

  it('finds nothing to move on the next start', async () => {
    const { lines, logger } = recordingLogger();
    started.push(await startJobQueue(database.url, logger));
    expect(lines).toEqual([]);
    expect(await query(`SELECT count(*)::int AS n FROM pgboss.job`)).toEqual([{ n: 5 }]);
  });
});
