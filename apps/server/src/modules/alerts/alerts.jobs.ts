import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../app-context';
import { alertEpisodes, alertRules } from '../../db/schema/alerts';
import { trackingChanges } from '../../db/schema/notifications';
import { workspaces } from '../../db/schema/organizations';
import { trackedItems } from '../../db/schema/tracking';
import { alertMail } from '../../integrations/mail/alert-template';
import { queueMail } from '../../integrations/mail/mailer';
import { QUEUES, type JobQueue } from '../../jobs/queue';
import { withTransaction } from '../../lib/transaction';
import { updateFreeTimeClocks } from '../ocean-shipments/free-time/free-time-clocks';
import { evaluateRule } from './alert-evaluation';

type JobContext = Pick<AppContext, 'db' | 'pool' | 'jobs'>;

/**
 * Every enabled rule over every shipment, one transaction per rule: time-based conditions (a last
 * free day coming closer, a late parcel, a silent carrier) need no new event to become true. The
 * free-time clocks are brought up to date first, as days pass without events too.
 */
export async function runAlertSweep(ctx: JobContext, now: Date): Promise<number> {
  await updateFreeTimeClocks(ctx.db, { running: true }, now);
  const rules = await ctx.db
    .select()
    .from(alertRules)
    .where(eq(alertRules.enabled, true))
    .orderBy(alertRules.id);
  let fired = 0;
  for (const rule of rules) {
    fired += await withTransaction(ctx.pool, ({ tx }) => evaluateRule(tx, rule, { all: true }, now));
  }
  return fired;
}

/**
 * Sends the alerts waiting for outside addresses, through the outbox (one transaction per episode,
 * skipping those another process is sending).
 */
export async function sendAlertEmails(ctx: JobContext, limit = 50): Promise<number> {
  let sent = 0;
  for (let i = 0; i < limit; i++) {
    const done = await withTransaction(ctx.pool, async (t) => {
      const [row] = await t.tx
        .select({
          id: alertEpisodes.id,
          emails: alertEpisodes.emailsPending,
          ruleName: alertRules.name,
          text: trackingChanges.text,
          workspaceName: workspaces.name,
          trackingNo: trackedItems.trackingNo,
          reference: trackedItems.reference,
        })
        .from(alertEpisodes)
        .innerJoin(alertRules, eq(alertRules.id, alertEpisodes.ruleId))
        .innerJoin(workspaces, eq(workspaces.id, alertRules.workspaceId))
        .innerJoin(trackedItems, eq(trackedItems.id, alertEpisodes.itemId))
        .innerJoin(trackingChanges, eq(trackingChanges.id, alertEpisodes.changeId))
        .where(sql`cardinality(${alertEpisodes.emailsPending}) > 0`)
        .orderBy(alertEpisodes.openedAt)
        .limit(1)
        .for('update', { of: alertEpisodes, skipLocked: true });
      if (!row) return false;
      const shipment = row.reference ? `${row.trackingNo} / ${row.reference}` : row.trackingNo;
      for (const to of row.emails) {
        await queueMail(
          t,
          ctx.jobs,
          alertMail({
            to,
            ruleName: row.ruleName,
            text: row.text,
            workspaceName: row.workspaceName,
            shipment,
          }),
        );
      }
      await t.tx.update(alertEpisodes).set({ emailsPending: [] }).where(eq(alertEpisodes.id, row.id));
      return true;
    });
    if (!done) break;
    sent++;
  }
  return sent;
}

/** The sweep every 10 minutes and outside e-mails every minute, in any server process (pg-boss picks one). */
export async function startAlertJobs(jobs: JobQueue, ctx: JobContext): Promise<void> {
  await jobs.boss.schedule(QUEUES.alertSweep, '*/10 * * * *');
  await jobs.boss.work(QUEUES.alertSweep, async () => {
    await runAlertSweep(ctx, new Date());
  });
  await jobs.boss.schedule(QUEUES.alertEmails, '* * * * *');
  await jobs.boss.work(QUEUES.alertEmails, async () => {
    await sendAlertEmails(ctx);
  });
}
