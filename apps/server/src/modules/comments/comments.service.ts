import { and, asc, eq, sql } from 'drizzle-orm';
import { canComment, canDeleteComment, canEditComment } from '@tracklane/shared/comments/comments.policy';
import { COMMENTS_PER_MINUTE } from '@tracklane/shared/comments/comment-content';
import {
  COMMENT_MESSAGES,
  type Comment,
  type CommentThread,
  type MentionableMember,
} from '@tracklane/shared/comments/comments.schema';
import type { TrackingMode } from '@tracklane/shared/tracking/tracking-modes';
import type { AppContext } from '../../app-context';
import type { Database } from '../../db/client';
import { modeFeatures } from '../../modes';
import { comments } from '../../db/schema/comments';
import { users } from '../../db/schema/users';
import { publishToUsers } from '../../integrations/realtime/realtime-hub';
import { AppError } from '../../lib/app-error';
import { enforceRateLimits } from '../../lib/rate-limit';
import { withTransaction } from '../../lib/transaction';
import { shipmentReaders } from '../members/shipment-readers';
import type { Tenant } from '../../tenancy/tenant';
import { notifyMentions, withdrawMentions } from './comment-mentions.service';
import { resolveMentions, sanitizeCommentText, type MentionableUser } from './comment-text';
import { inWorkspace } from '../../tenancy/scope';
import { publishItemChanged } from '../live-pages/live-publish';

type Ctx = Pick<AppContext, 'db' | 'pool'>;

/** The tracked item a workspace's shipment follows; NOT_FOUND when the workspace follows no such shipment. */
async function itemOf(
  db: Database,
  workspaceId: string,
  shipmentType: TrackingMode,
  shipmentId: string,
): Promise<string> {
  const { table } = modeFeatures(shipmentType);
  const [row] = await db
    .select({ itemId: table.itemId })
    .from(table)
    .where(and(eq(table.id, shipmentId), inWorkspace({ workspaceId }, table)));
  if (!row) throw new AppError('NOT_FOUND', COMMENT_MESSAGES.shipmentNotFound);
  return row.itemId;
}

/** Members of the workspace who may see its shipments: who can read a thread, and be mentioned in one. */
const readersOf = (db: Database, workspaceId: string): Promise<(MentionableUser & MentionableMember)[]> =>
  shipmentReaders(db, workspaceId);

/** Who the @ autocomplete offers: the workspace's members who may see its shipments. */
export async function listMentionableMembers(db: Database, tenant: Tenant): Promise<MentionableMember[]> {
  const readers = await readersOf(db, tenant.workspaceId);
  return readers.map(({ userId, firstName, lastName, email, imageUrl }) => ({
    userId,
    firstName,
    lastName,
    email,
    imageUrl,
  }));
}

const commentColumns = {
  id: comments.id,
  content: comments.content,
  authorId: comments.authorId,
  createdAt: comments.createdAt,
  editedAt: comments.editedAt,
  firstName: users.firstName,
  lastName: users.lastName,
  imageUrl: users.avatarUrl,
};

type CommentRow = {
  id: string;
  content: string;
  authorId: string | null;
  createdAt: Date;
  editedAt: Date | null;
  firstName: string | null;
  lastName: string | null;
  imageUrl: string | null;
};

function toComment(row: CommentRow, tenant: Tenant): Comment {
  return {
    id: row.id,
    content: row.content,
    author:
      row.authorId && row.firstName !== null
        ? {
            userId: row.authorId,
            firstName: row.firstName,
            lastName: row.lastName ?? '',
            imageUrl: row.imageUrl,
          }
        : null,
    createdAt: row.createdAt.toISOString(),
    editedAt: row.editedAt?.toISOString() ?? null,
    canEdit: canEditComment({ authorId: row.authorId, userId: tenant.userId }),
    canDelete: canDeleteComment({ authorId: row.authorId, userId: tenant.userId, role: tenant.role }),
  };
}

/** A shipment's thread in the tenant's workspace, oldest first (newest last). */
export async function listComments(
  db: Database,
  tenant: Tenant,
  shipmentType: TrackingMode,
  shipmentId: string,
): Promise<CommentThread> {
  const itemId = await itemOf(db, tenant.workspaceId, shipmentType, shipmentId);
  const rows = await db
    .select(commentColumns)
    .from(comments)
    .leftJoin(users, eq(users.id, comments.authorId))
    .where(and(inWorkspace(tenant, comments), eq(comments.itemId, itemId)))
    .orderBy(asc(comments.createdAt), asc(comments.id));
  return {
    comments: rows.map((r) => toComment(r, tenant)),
    canComment: canComment(tenant.shipmentPermission),
  };
}

/** Sanitised content with its mentions resolved against the workspace's readers; 400 when nothing is left. */
function prepareContent(raw: string, readers: (MentionableUser & MentionableMember)[]) {
  const clean = sanitizeCommentText(raw);
  if (clean.length === 0) throw new AppError('VALIDATION', COMMENT_MESSAGES.empty);
  return resolveMentions(clean, new Map(readers.map((r) => [r.userId, r])));
}

/** Every reader's open thread refetches (their other tabs too); nudges, never content. */
async function nudgeReaders(tx: Database, readers: { userId: string }[]) {
  await publishToUsers(
    tx,
    'comments',
    readers.map((r) => r.userId),
  );
}

async function loadComment(db: Database, tenant: Tenant, commentId: string): Promise<CommentRow> {
  const [row] = await db
    .select(commentColumns)
    .from(comments)
    .leftJoin(users, eq(users.id, comments.authorId))
    .where(and(eq(comments.id, commentId), inWorkspace(tenant, comments)));
  // Another workspace's comment is simply not found: nobody learns that it exists.
  if (!row) throw new AppError('NOT_FOUND', COMMENT_MESSAGES.notFound);
  return row;
}

/**
 * Posts a comment on a shipment of the tenant's workspace: rate-limited per user, sanitised, mentions
 * derived from the content (members who may see the shipment, never the author), notified through the
 * notifications mechanism, and the thread's readers nudged — one transaction.
 */
export async function createComment(
  ctx: Ctx,
  tenant: Tenant,
  shipmentType: TrackingMode,
  shipmentId: string,
  raw: string,
): Promise<Comment> {
  await enforceRateLimits(ctx.db, [
    {
      key: `comments:user:${tenant.userId}`,
      limit: COMMENTS_PER_MINUTE,
      windowSeconds: 60,
      message: COMMENT_MESSAGES.tooFast,
    },
  ]);
  return withTransaction(ctx.pool, async ({ tx }) => {
    const itemId = await itemOf(tx, tenant.workspaceId, shipmentType, shipmentId);
    const readers = await readersOf(tx, tenant.workspaceId);
    const { content, mentioned } = prepareContent(raw, readers);
    const [created] = await tx
      .insert(comments)
      .values({ workspaceId: tenant.workspaceId, itemId, authorId: tenant.userId, content })
      .returning({ id: comments.id });
    await notifyMentions(tx, {
      commentId: created!.id,
      itemId,
      workspaceId: tenant.workspaceId,
      authorId: tenant.userId,
      userIds: mentioned,
    });
    await nudgeReaders(tx, readers);
    await publishItemChanged(tx, tenant.workspaceId, itemId);
    return toComment(await loadComment(tx, tenant, created!.id), tenant);
  });
}

/**
 * Edits the caller's own comment (nobody else's, admins included): marked edited; members newly
 * mentioned are notified, those no longer mentioned lose the notification.
 */
export async function updateComment(
  ctx: Ctx,
  tenant: Tenant,
  commentId: string,
  raw: string,
): Promise<Comment> {
  return withTransaction(ctx.pool, async ({ tx }) => {
    const existing = await loadComment(tx, tenant, commentId);
    if (!canEditComment({ authorId: existing.authorId, userId: tenant.userId }))
      throw new AppError('FORBIDDEN', COMMENT_MESSAGES.editOthers);
    const readers = await readersOf(tx, tenant.workspaceId);
    const { content, mentioned } = prepareContent(raw, readers);
    const [updated] = await tx
      .update(comments)
      .set({ content, editedAt: sql`now()` })
      .where(and(eq(comments.id, commentId), inWorkspace(tenant, comments)))
      .returning({ itemId: comments.itemId });
    await withdrawMentions(tx, commentId, mentioned);
    await notifyMentions(tx, {
      commentId,
      itemId: updated!.itemId,
      workspaceId: tenant.workspaceId,
      authorId: tenant.userId,
      userIds: mentioned,
    });
    await nudgeReaders(tx, readers);
    await publishItemChanged(tx, tenant.workspaceId, updated!.itemId);
    return toComment(await loadComment(tx, tenant, commentId), tenant);
  });
}

/** Deletes the caller's own comment, or any comment for a company admin; its mentions go with it. */
export async function deleteComment(ctx: Ctx, tenant: Tenant, commentId: string): Promise<{ id: string }> {
  return withTransaction(ctx.pool, async ({ tx }) => {
    const existing = await loadComment(tx, tenant, commentId);
    if (!canDeleteComment({ authorId: existing.authorId, userId: tenant.userId, role: tenant.role }))
      throw new AppError('FORBIDDEN', COMMENT_MESSAGES.deleteOthers);
    await withdrawMentions(tx, commentId, []);
    const deleted = await tx
      .delete(comments)
      .where(and(eq(comments.id, commentId), inWorkspace(tenant, comments)))
      .returning({ itemId: comments.itemId });
    await nudgeReaders(tx, await readersOf(tx, tenant.workspaceId));
    for (const { itemId } of deleted) await publishItemChanged(tx, tenant.workspaceId, itemId);
    return { id: commentId };
  });
}
