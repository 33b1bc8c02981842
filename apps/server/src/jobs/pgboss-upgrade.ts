import type pg from 'pg';
import type { JobInsert, PgBoss } from 'pg-boss';
import type { Logger } from 'pino';

/**
 * Upgrading an installation whose `pgboss` schema pg-boss 10 made.
 *
 * pg-boss 11 rewrote its schema (version 25) and ships no migration from pg-boss 10's (versions 21–24):
 * pg-boss 11 and 12 refuse to start on it ("Version 24 not found"), and their release notes leave moving
 * the jobs to the application. So, before pg-boss starts, the old schema is renamed out of the way
 * (`setAsideOldSchema`) and pg-boss installs a fresh `pgboss`; once the queues exist again, the jobs
 * that were still to run are inserted into them through pg-boss's own `insert()` and the old schema is
 * dropped (`moveOldJobs`), in one transaction: every pending job is moved exactly once, whichever
 * process gets there, and a failure leaves the old schema in place for the next start to try again.
 * Completed, failed and cancelled jobs stay behind (they are pg-boss's history, not ours), and so do
 * the old cron schedules: every start schedules its own again.
 *
 * Processes still running pg-boss 10 on the same database stop working once the schema is renamed:
 * stop them before starting this version.
 */

/** Where pg-boss 10's schema waits while its pending jobs are moved. */
export const OLD_SCHEMA = 'pgboss_v10';
/** pg-boss 10's schema versions; 25 is pg-boss 11's first. */
const OLDEST_V10_SCHEMA = 21;
const FIRST_V11_SCHEMA = 25;
/** Serialises the upgrade between processes starting together (a fixed bigint: "tlpgboss" in ASCII). */
const UPGRADE_LOCK_KEY = 0x746c7067626f7373n;
const INSERT_BATCH = 1000;

async function inTransaction<T>(client: pg.ClientBase, run: () => Promise<T>): Promise<T> {
  await client.query('BEGIN');
  try {
    await client.query('SELECT pg_advisory_xact_lock($1)', [UPGRADE_LOCK_KEY.toString()]);
    const result = await run();
    await client.query('COMMIT');
    return result;
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  }
}

/**
 * Renames a pg-boss 10 `pgboss` schema to `pgboss_v10`, before pg-boss starts. Answers whether there is
 * an old schema to move jobs from (this process's rename or an earlier, unfinished one).
 */
export async function setAsideOldSchema(client: pg.ClientBase): Promise<boolean> {
  return inTransaction(client, async () => {
    const { rows } = await client.query<{ installed: boolean; aside: boolean }>(
      `SELECT to_regclass('pgboss.version') IS NOT NULL AS installed,
              to_regnamespace($1) IS NOT NULL AS aside`,
      [OLD_SCHEMA],
    );
    const { installed, aside } = rows[0]!;
    if (!installed) return aside;
    const version = (await client.query<{ version: number }>('SELECT version FROM pgboss.version')).rows[0]
      ?.version;
    if (version === undefined || version >= FIRST_V11_SCHEMA) return aside;
    if (version < OLDEST_V10_SCHEMA)
      throw new Error(
        `The pgboss schema is at version ${String(version)}, older than pg-boss 10's: start Tracklane's previous release on this database first.`,
      );
    if (aside)
      throw new Error(
        `Both a pg-boss 10 "pgboss" schema and "${OLD_SCHEMA}" exist: move or drop one of them by hand.`,
      );
    await client.query(`ALTER SCHEMA pgboss RENAME TO ${OLD_SCHEMA}`);
    return true;
  });
}

interface OldJob {
  id: string;
  name: string;
  priority: number;
  data: object | null;
  state: 'created' | 'retry' | 'active';
  retry_limit: number;
  retry_count: number;
  retry_delay: number;
  retry_backoff: boolean;
  start_after: Date;
  singleton_key: string | null;
}

/**
 * Inserts the jobs of `pgboss_v10` that were still to run (created, waiting for a retry, or active when
 * their process stopped) into the new queues, then drops `pgboss_v10`. A job keeps its id, data,
 * priority, singleton key, retry delay and backoff, and the retries it had left; one waiting for a
 * retry keeps its time, an active one runs again now. Jobs of queues that no longer exist are left
 * out (and counted). Answers null when there was nothing to do.
 */
export async function moveOldJobs(
  boss: PgBoss,
  client: pg.ClientBase,
  queues: readonly string[],
  logger: Pick<Logger, 'info' | 'warn'>,
): Promise<{ moved: number; dropped: number } | null> {
  return inTransaction(client, async () => {
    const { rows: aside } = await client.query('SELECT 1 FROM pg_namespace WHERE nspname = $1', [OLD_SCHEMA]);
    if (aside.length === 0) return null;
    const { rows } = await client.query<OldJob>(
      `SELECT id, name, priority, data, state, retry_limit, retry_count, retry_delay, retry_backoff,
              start_after, singleton_key
       FROM ${OLD_SCHEMA}.job
       WHERE state IN ('created', 'retry', 'active')
       ORDER BY created_on, id`,
    );
    const byQueue = new Map<string, JobInsert[]>();
    let dropped = 0;
    for (const job of rows) {
      if (!queues.includes(job.name)) {
        dropped++;
        continue;
      }
      const insert: JobInsert = {
        id: job.id,
        data: job.data ?? {},
        priority: job.priority,
        retryLimit: Math.max(job.retry_limit - job.retry_count, 0),
        retryDelay: job.retry_delay,
        retryBackoff: job.retry_backoff,
        ...(job.state === 'active' ? {} : { startAfter: job.start_after }),
        ...(job.singleton_key === null ? {} : { singletonKey: job.singleton_key }),
      };
      byQueue.set(job.name, [...(byQueue.get(job.name) ?? []), insert]);
    }
    // Through this transaction, so the jobs appear together with the old schema's drop.
    const db = { executeSql: (text: string, values?: unknown[]) => client.query(text, values) };
    for (const [name, jobs] of byQueue)
      for (let i = 0; i < jobs.length; i += INSERT_BATCH)
        await boss.insert(name, jobs.slice(i, i + INSERT_BATCH), { db });
    await client.query(`DROP SCHEMA ${OLD_SCHEMA} CASCADE`);
    const moved = rows.length - dropped;
    logger.info({ moved }, 'moved the pending jobs of pg-boss 10 into pg-boss 12');
    if (dropped > 0) logger.warn({ dropped }, 'pg-boss 10 jobs of queues that no longer exist were dropped');
    return { moved, dropped };
  });
}
