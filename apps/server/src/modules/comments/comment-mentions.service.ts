import { and, eq, isNull, notInArray, sql, type SQL } from 'drizzle-orm';
import { commentExcerpt } from '@tracklane/shared/comments/comment-content';
import {
  COMMENT_MESSAGES,
  type CommentMentionPage,
  type ReadCommentMentionRequest,
} from '@tracklane/shared/comments/comments.schema';
import type { Database } from '../../db/client';
import { modePresentation } from '../../modes';
import type { TrackingMode } from '@tracklane/shared/tracking/tracking-modes';
import { overEveryMode } from '../tracking/every-mode';
import { rowNumbersOf } from '../tracking/mode-presentation';
import { comments } from '../../db/schema/comments';
import { notifications, notificationSettings } from '../../db/schema/notifications';
import { workspaces } from '../../db/schema/organizations';
import { trackedItems } from '../../db/schema/tracking';
import { users } from '../../db/schema/users';
import { publishToUsers } from '../../integrations/realtime/realtime-hub';
import { AppError } from '../../lib/app-error';
import { withTransaction } from '../../lib/transaction';
import { memberships, seesShipments } from '../../tenancy/memberships';
import type pg from 'pg';
import { inOrganization } from '../../tenancy/scope';

/**
 * Notifies the members a comment mentions, through the one notifications mechanism (ADR 0015): one
 * `comment_mention` notification per member and comment, in the app and by e-mail (the user's digest)
 * as their settings say; the author is never notified of their own mention, and a member already
 * notified of this comment is not notified again (an edit that keeps the mention).
 */
export async function notifyMentions(
  tx: Database,
  input: { commentId: string; itemId: string; workspaceId: string; authorId: string; userIds: string[] },
): Promise<void> {
  const recipients = input.userIds.filter((id) => id !== input.authorId);
  if (recipients.length === 0) return;
  const ids = sql`ARRAY[${sql.join(
    recipients.map((id) => sql`${id}::uuid`),
    sql`, `,
  )}]`;
  const written = await tx.execute<{ recipient_id: string; in_app: boolean }>(sql`
    WITH wanted AS (
      SELECT r.id AS user_id,
             NOT ('comment_mention' = ANY (COALESCE(ns.in_app_off, '{}'))) AS in_app,
             NOT ('comment_mention' = ANY (COALESCE(ns.email_off, '{}'))) AS email
      FROM unnest(${ids}) AS r(id)
      LEFT JOIN ${notificationSettings} ns ON ns.user_id = r.id
    )
    INSERT INTO ${notifications}
      (recipient_id, actor_id, type, comment_id, item_id, workspace_ids, in_app, email_state)
    SELECT user_id, ${input.authorId}::uuid, 'comment_mention', ${input.commentId}::uuid,
           ${input.itemId}::uuid, ARRAY[${input.workspaceId}::uuid], in_app,
           CASE WHEN email THEN 'pending' ELSE 'none' END
    FROM wanted
    WHERE in_app OR email
    ON CONFLICT (recipient_id, comment_id) DO NOTHING
    RETURNING recipient_id, in_app`);
  await publishToUsers(
    tx,
    'notifications',
    written.rows.filter((r) => r.in_app).map((r) => r.recipient_id),
  );
}

/** Removes the comment's mention notifications of everyone but `kept` (edited out, or the comment deleted). */
export async function withdrawMentions(tx: Database, commentId: string, kept: string[]): Promise<void> {
  const removed = await tx
    .delete(notifications)
    .where(
      and(
        eq(notifications.commentId, commentId),
        kept.length ? notInArray(notifications.recipientId, kept) : undefined,
      ),
    )
    .returning({ recipientId: notifications.recipientId, inApp: notifications.inApp });
  await publishToUsers(
    tx,
    'notifications',
    removed.filter((r) => r.inApp).map((r) => r.recipientId),
  );
}

/**
 * The user's mentions in the app, only in workspaces they still belong to and whose shipments they may
 * see (a mention they can no longer open is not shown).
 */
const visibleMentions = (userId: string, extra?: SQL) => sql`
  FROM ${notifications} n
  JOIN ${comments} c ON c.id = n.comment_id
  JOIN ${workspaces} w ON w.id = c.workspace_id
  JOIN ${memberships} ON ${memberships.workspaceId} = c.workspace_id AND ${memberships.userId} = ${userId}
   AND ${seesShipments}
  JOIN ${trackedItems} ti ON ti.id = c.item_id
  LEFT JOIN LATERAL (${overEveryMode(
    ({ mode, table }) => sql`SELECT t.id FROM ${table} t
      WHERE ti.mode = ${mode} AND t.workspace_id = c.workspace_id AND t.item_id = c.item_id`,
  )}) s ON true
  LEFT JOIN ${users} a ON a.id = c.author_id
  WHERE n.recipient_id = ${userId} AND n.in_app AND n.comment_id IS NOT NULL ${extra ? sql`AND ${extra}` : sql``}`;

/** How many of the user's mentions are unread (part of the bell's badge). */
export async function countUnreadMentions(db: Database, userId: string): Promise<number> {
  const result = await db.execute<{ n: number }>(
    sql`SELECT count(*)::int AS n ${visibleMentions(userId, sql`n.read_at IS NULL`)}`,
  );
  return result.rows[0]?.n ?? 0;
}

/** spec §7 comments/at/list: a page of the user's mentions, newest first, with paging info (spec §3). */
export async function listCommentMentions(
  db: Database,
  userId: string,
  input: { readStatus?: 0 | 1 | null | undefined; pageNo: number; pageSize: number },
): Promise<CommentMentionPage> {
  const filter =
    input.readStatus === 0
      ? sql`n.read_at IS NULL`
      : input.readStatus === 1
        ? sql`n.read_at IS NOT NULL`
        : undefined;
  const [rows, total, unreadNumber] = await Promise.all([
    db.execute<{
      id: string;
      comment_id: string;
      created_at: Date;
      read_at: Date | null;
      content: string;
      workspace_id: string;
      workspace_name: string;
      organization_id: string;
      mode: TrackingMode;
      tracking_no: string;
      reference: string;
      shipment_id: string | null;
      author_id: string | null;
      first_name: string | null;
      last_name: string | null;
      avatar_url: string | null;
    }>(sql`
      SELECT n.id, n.comment_id, n.created_at, n.read_at, c.content, c.workspace_id,
             w.name AS workspace_name, w.organization_id, ti.mode, ti.tracking_no, ti.reference,
             s.id AS shipment_id, a.id AS author_id, a.first_name, a.last_name, a.avatar_url
      ${visibleMentions(userId, filter)}
      ORDER BY n.created_at DESC, n.id DESC
      LIMIT ${input.pageSize} OFFSET ${(input.pageNo - 1) * input.pageSize}`),
    db.execute<{ n: number }>(sql`SELECT count(*)::int AS n ${visibleMentions(userId, filter)}`),
    countUnreadMentions(db, userId),
  ]);
  const totalNumber = total.rows[0]?.n ?? 0;
  return {
    atList: rows.rows.map((r) => {
      const numbers = rowNumbersOf(modePresentation(r.mode), {
        trackingNo: r.tracking_no,
        reference: r.reference,
        shipmentId: r.shipment_id,
      });
      return {
        id: r.id,
        commentId: r.comment_id,
        mentionedBy:
          r.author_id && r.first_name !== null
            ? {
                userId: r.author_id,
                firstName: r.first_name,
                lastName: r.last_name ?? '',
                imageUrl: r.avatar_url,
              }
            : null,
        createdAt: new Date(r.created_at).toISOString(),
        organizationId: r.organization_id,
        workspaceId: r.workspace_id,
        workspaceName: r.workspace_name,
        shipmentType: r.mode,
        containerNo: numbers.containerNo,
        mblNo: numbers.mblNo,
        expressOrderId: numbers.expressOrderId,
        orderNo: numbers.expressOrderNo,
        excerpt: commentExcerpt(r.content),
        isRead: r.read_at !== null,
      };
    }),
    pageNo: input.pageNo,
    pageSize: input.pageSize,
    totalNumber,
    totalPage: Math.ceil(totalNumber / input.pageSize),
    unreadNumber,
  };
}

/**
 * spec §7 comments/at/read: marks the user's mention in this comment read. A comment that does not
 * mention the user, or belongs to another organization than the one named, is not found.
 */
export async function readCommentMention(
  pool: pg.Pool,
  userId: string,
  input: ReadCommentMentionRequest,
): Promise<{ unreadNumber: number }> {
  return withTransaction(pool, async ({ tx }) => {
    const [mention] = await tx
      .select({ id: notifications.id, readAt: notifications.readAt })
      .from(notifications)
      .innerJoin(comments, eq(comments.id, notifications.commentId))
      .innerJoin(workspaces, eq(workspaces.id, comments.workspaceId))
      .where(
        and(
          eq(notifications.recipientId, userId),
          eq(notifications.commentId, input.commentId),
          inOrganization(input, workspaces),
        ),
      );
    if (!mention) throw new AppError('NOT_FOUND', COMMENT_MESSAGES.notFound);
    const updated = await tx
      .update(notifications)
      .set({ readAt: sql`now()` })
      .where(and(eq(notifications.id, mention.id), isNull(notifications.readAt)))
      .returning({ id: notifications.id });
    if (updated.length) await publishToUsers(tx, 'notifications', [userId]);
    return { unreadNumber: await countUnreadMentions(tx, userId) };
  });
}
