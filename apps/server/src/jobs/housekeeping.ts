import { sql } from 'drizzle-orm';
import { SHARE_EMAIL_INTERVAL_HOURS } from '@tracklane/shared/sharing/sharing.schema';
import type { Database } from '../db/client';
import { QUEUES, type JobQueue } from './queue';

/** How long delivered e-mails stay in the outbox (and the dev mailbox). */
export const MAIL_RETENTION_DAYS = 14;
/** How long webhook events and their delivery logs are kept (replay works within it). */
export const WEBHOOK_RETENTION_DAYS = 30;

/**
 * Deletes what has no use any more: expired sessions, codes, tokens, counters, share e-mail marks past
 * their interval, old e-mails, and webhook events (with their deliveries) past their retention.
 */
export async function runHousekeeping(db: Database): Promise<void> {
  await db.execute(sql`DELETE FROM sessions WHERE expires_at < now()`);
  await db.execute(sql`DELETE FROM verification_codes WHERE expires_at < now() - interval '1 day'`);
  await db.execute(sql`DELETE FROM password_reset_tokens WHERE expires_at < now() - interval '1 day'`);
  await db.execute(sql`DELETE FROM used_ciphertexts WHERE expires_at < now()`);
  await db.execute(sql`DELETE FROM rate_limits WHERE window_start < now() - interval '1 day'`);
  await db.execute(
    sql`DELETE FROM share_emails WHERE sent_at < now() - make_interval(hours => ${SHARE_EMAIL_INTERVAL_HOURS})`,
  );
  await db.execute(
    sql`DELETE FROM mail_outbox WHERE delivered_at < now() - make_interval(days => ${MAIL_RETENTION_DAYS})`,
  );
  await db.execute(
    sql`DELETE FROM webhook_events WHERE created_at < now() - make_interval(days => ${WEBHOOK_RETENTION_DAYS})`,
  );
}

/** Runs housekeeping hourly, in whichever server process pg-boss hands the job to. */
export async function scheduleHousekeeping(jobs: JobQueue, db: Database): Promise<void> {
  await jobs.boss.schedule(QUEUES.housekeeping, '17 * * * *');
  await jobs.boss.work(QUEUES.housekeeping, async () => runHousekeeping(db));
}
