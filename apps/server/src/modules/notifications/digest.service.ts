import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { commentExcerpt } from '@tracklane/shared/comments/comment-content';
import {
  isShipmentChangeType,
  type DigestFrequency,
} from '@tracklane/shared/notifications/notification-types';
import type { AppContext } from '../../app-context';
import { comments } from '../../db/schema/comments';
import { notifications, notificationSettings, trackingChanges } from '../../db/schema/notifications';
import { trackedItems } from '../../db/schema/tracking';
import { users } from '../../db/schema/users';
import { queueMail } from '../../integrations/mail/mailer';
import { digestMail, type DigestEntry } from '../../integrations/mail/digest-template';
import { QUEUES, type JobQueue } from '../../jobs/queue';
import { withTransaction } from '../../lib/transaction';

const HOUR = 3_600_000;

/** How long the oldest waiting change waits before the digest leaves, per frequency. */
export const DIGEST_WAIT_MS: Record<DigestFrequency, number> = { instant: 0, hourly: HOUR, daily: 24 * HOUR };

/** At most this many changes are listed in one e-mail; the rest are counted and linked. */
const LISTED_MAX = 50;

type DigestContext = Pick<AppContext, 'db' | 'pool' | 'jobs' | 'config'>;

/**
 * Sends every digest that is due at `now`: one e-mail per user gathering all their changes waiting to
 * be e-mailed, once the oldest has waited the user's frequency (instant: the next run, every minute;
 * hourly; daily). A change the user read in the app before its e-mail leaves is skipped, and a user
 * whose every waiting change was read gets no e-mail. Each user's digest is one transaction with the
 * outbox row, so a digest is neither lost nor sent twice; concurrent runs skip each other's users.
 *
 * @returns how many e-mails were queued.
 */
export async function sendDueDigests(ctx: DigestContext, now: Date): Promise<number> {
  const due = await ctx.db.execute<{ recipient_id: string }>(sql`
    SELECT n.recipient_id
    FROM ${notifications} n
    LEFT JOIN ${notificationSettings} s ON s.user_id = n.recipient_id
    WHERE n.email_state = 'pending'
    GROUP BY n.recipient_id, s.digest
    HAVING min(n.created_at) <= ${now}::timestamptz - make_interval(secs => (CASE COALESCE(s.digest, 'daily')
      WHEN 'instant' THEN ${DIGEST_WAIT_MS.instant / 1000}
      WHEN 'hourly' THEN ${DIGEST_WAIT_MS.hourly / 1000}
      ELSE ${DIGEST_WAIT_MS.daily / 1000} END)::double precision)`);
  let sent = 0;
  for (const { recipient_id: userId } of due.rows) {
    if (await sendDigest(ctx, userId, now)) sent++;
  }
  return sent;
}

async function sendDigest(ctx: DigestContext, userId: string, now: Date): Promise<boolean> {
  return withTransaction(ctx.pool, async (t) => {
    const { tx } = t;
    // Locked: a mark-read waits for this digest, or this digest sees the mark.
    const waiting = await tx
      .select({
        id: notifications.id,
        readAt: notifications.readAt,
        type: notifications.type,
      })
      .from(notifications)
      .where(and(eq(notifications.recipientId, userId), eq(notifications.emailState, 'pending')))
      .orderBy(asc(notifications.createdAt))
      .for('update', { skipLocked: true });
    if (waiting.length === 0) return false;
    const [settings] = await tx
      .select()
      .from(notificationSettings)
      .where(eq(notificationSettings.userId, userId));
    // Read in the app first, or no longer wanted by e-mail since: not e-mailed. The container flag
    // governs shipment changes only; mentions follow their own row of the matrix.
    const skip = waiting.filter(
      (n) =>
        n.readAt !== null ||
        (settings?.containerNotifications === false && isShipmentChangeType(n.type)) ||
        (settings?.emailOff ?? []).includes(n.type),
    );
    const send = waiting.filter((n) => !skip.includes(n));
    if (skip.length)
      await tx
        .update(notifications)
        .set({ emailState: 'skipped' })
        .where(
          inArray(
            notifications.id,
            skip.map((n) => n.id),
          ),
        );
    if (send.length === 0) return false;

    const [user] = await tx.select().from(users).where(eq(users.id, userId));
    if (!user) return false;
    const actor = alias(users, 'actor');
    const listed = await tx
      .select({
        mode: trackedItems.mode,
        trackingNo: trackedItems.trackingNo,
        reference: trackedItems.reference,
        type: notifications.type,
        text: trackingChanges.text,
        data: trackingChanges.data,
        comment: comments.content,
        actorFirstName: actor.firstName,
        actorLastName: actor.lastName,
        changedAt: notifications.createdAt,
      })
      .from(notifications)
      .leftJoin(trackingChanges, eq(trackingChanges.id, notifications.changeId))
      .leftJoin(comments, eq(comments.id, notifications.commentId))
      .leftJoin(actor, eq(actor.id, notifications.actorId))
      .innerJoin(trackedItems, eq(trackedItems.id, notifications.itemId))
      .where(
        inArray(
          notifications.id,
          send.slice(0, LISTED_MAX).map((n) => n.id),
        ),
      )
      .orderBy(asc(notifications.createdAt));
    const entries: DigestEntry[] = listed.map((r) => ({
      mode: r.mode,
      trackingNo: r.trackingNo,
      reference: r.reference,
      type: r.type,
      // A mention: who wrote it, and what (as plain text: the template escapes it for HTML).
      text:
        r.text ??
        `${r.actorFirstName ? `${r.actorFirstName} ${r.actorLastName ?? ''}`.trim() : 'Someone'} mentioned you: “${commentExcerpt(r.comment ?? '')}”`,
      data: r.data ?? {},
      changedAt: r.changedAt.toISOString(),
    }));
    await queueMail(
      t,
      ctx.jobs,
      digestMail({
        to: user.email,
        firstName: user.firstName,
        timeZone: user.timeZone,
        publicUrl: ctx.config.publicUrl,
        entries,
        total: send.length,
      }),
    );
    await tx
      .update(notifications)
      .set({ emailState: 'sent', emailedAt: now })
      .where(
        inArray(
          notifications.id,
          send.map((n) => n.id),
        ),
      );
    return true;
  });
}

/** The digest runs every minute in any server process (pg-boss picks one); each user's is a transaction. */
export async function startDigestJob(jobs: JobQueue, ctx: DigestContext): Promise<void> {
  await jobs.boss.schedule(QUEUES.notificationDigest, '* * * * *');
  await jobs.boss.work(QUEUES.notificationDigest, async () => {
    await sendDueDigests(ctx, new Date());
  });
}
