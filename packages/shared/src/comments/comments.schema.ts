import { z } from 'zod';
import { modesInWords, TRACKING_MODES, trackingModeSchema, type ModeNames } from '../tracking/tracking-modes';
import { COMMENT_MAX_LENGTH, COMMENT_MENTIONS_PAGE_SIZE } from './comment-content';

export const COMMENT_MESSAGES = {
  empty: 'Write something before posting',
  tooLong: `A comment can be at most ${COMMENT_MAX_LENGTH.toLocaleString('en-US')} characters`,
  tooFast: 'You are posting comments too quickly. Wait a minute and try again.',
  notFound: 'This comment no longer exists.',
  editOthers: 'You can only edit your own comments.',
  deleteOthers: 'You can only delete your own comments. Company admins can delete any comment.',
  shipmentNotFound: 'This shipment is not tracked in this workspace.',
} as const;

/** The shipment a thread belongs to: its type and its id in the workspace (shipmentOverallId / expressOrderId). */
export const commentThreadParamsSchemaOf = (modes: ModeNames) =>
  z.object({
    shipmentType: trackingModeSchema(modes, `Shipment type must be ${modesInWords(modes)}`),
    shipmentId: z.uuid({ message: 'Shipment is not valid' }),
  });
export const commentThreadParamsSchema = commentThreadParamsSchemaOf(TRACKING_MODES);

export const commentIdParamsSchema = z.object({
  commentId: z.uuid({ message: 'Comment is not valid' }),
});

/** What the editor sends: the text with mention tokens. The server decides who is mentioned. */
export const commentContentSchema = z.strictObject({
  content: z
    .string({ message: COMMENT_MESSAGES.empty })
    .max(COMMENT_MAX_LENGTH, { message: COMMENT_MESSAGES.tooLong })
    .refine((v) => v.trim().length > 0, { message: COMMENT_MESSAGES.empty }),
});
export type CommentContentInput = z.infer<typeof commentContentSchema>;

export const commentAuthorSchema = z.object({
  userId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  imageUrl: z.string().nullable(),
});
export type CommentAuthor = z.infer<typeof commentAuthorSchema>;

/** One comment as a reader of the thread gets it, with the reader's verdicts (the policy's, server-side). */
export const commentSchema = z.object({
  id: z.string(),
  /** Sanitised stored form: plain text with `&lt;`-style entities and `@[Name](userId)` mentions. */
  content: z.string(),
  /** null: the author's account was deleted. */
  author: commentAuthorSchema.nullable(),
  createdAt: z.string(),
  /** When it was last edited; null if never. */
  editedAt: z.string().nullable(),
  canEdit: z.boolean(),
  canDelete: z.boolean(),
});
export type Comment = z.infer<typeof commentSchema>;

export const commentThreadSchema = z.object({
  comments: z.array(commentSchema),
  /** Whether the reader may post here (view-only members may: ADR 0018). */
  canComment: z.boolean(),
});
export type CommentThread = z.infer<typeof commentThreadSchema>;

/** A member who can be mentioned: belongs to the workspace and may see its shipments. */
export const mentionableMemberSchema = z.object({
  userId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  imageUrl: z.string().nullable(),
});
export type MentionableMember = z.infer<typeof mentionableMemberSchema>;

/**
 * spec §7 POST /api/comments/at/list: readStatus (0 unread, 1 read, absent: all), pageNo, pageSize
 * (10, spec §4).
 */
export const commentMentionListRequestSchema = z.strictObject({
  readStatus: z
    .union([z.literal(0), z.literal(1)], { message: 'readStatus must be 0 (unread) or 1 (read)' })
    .nullish(),
  pageNo: z.number().int().min(1).max(100_000).default(1),
  pageSize: z.number().int().min(1).max(50).default(COMMENT_MENTIONS_PAGE_SIZE),
});
export type CommentMentionListRequest = z.input<typeof commentMentionListRequestSchema>;

/** spec §3 Comment mention notification, with what the bell shows (who, where, a preview, read). */
const commentMentionSchemaOf = (modes: ModeNames) =>
  z.object({
    id: z.string(),
    commentId: z.string(),
    mentionedBy: commentAuthorSchema.nullable(),
    createdAt: z.string(),
    organizationId: z.string(),
    workspaceId: z.string(),
    workspaceName: z.string(),
    shipmentType: trackingModeSchema(modes),
    containerNo: z.string().nullable(),
    mblNo: z.string().nullable(),
    expressOrderId: z.string().nullable(),
    orderNo: z.string().nullable(),
    /** One line of the comment, mentions as @Name. */
    excerpt: z.string(),
    isRead: z.boolean(),
  });
export const commentMentionSchema = commentMentionSchemaOf(TRACKING_MODES);
export type CommentMention = z.infer<typeof commentMentionSchema>;

/** spec §3 "atList plus paging info"; totalPage is the store's commentsAtTotalPage. */
export const commentMentionPageSchemaOf = (modes: ModeNames) =>
  z.object({
    atList: z.array(commentMentionSchemaOf(modes)),
    pageNo: z.number().int(),
    pageSize: z.number().int(),
    totalNumber: z.number().int(),
    totalPage: z.number().int(),
    unreadNumber: z.number().int(),
  });
export const commentMentionPageSchema = commentMentionPageSchemaOf(TRACKING_MODES);
export type CommentMentionPage = z.infer<typeof commentMentionPageSchema>;

/** spec §7 POST /api/comments/at/read. */
export const readCommentMentionRequestSchema = z.strictObject({
  organizationId: z.uuid({ message: 'Organization is not valid' }),
  commentId: z.uuid({ message: 'Comment is not valid' }),
});
export type ReadCommentMentionRequest = z.infer<typeof readCommentMentionRequestSchema>;

export const readCommentMentionResultSchema = z.object({ unreadNumber: z.number().int() });

export { COMMENTS_SOCKET_MESSAGE } from '../realtime/user-events';
