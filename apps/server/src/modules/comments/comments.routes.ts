import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema } from '@tracklane/shared/api/envelope';
import {
  commentContentSchema,
  commentIdParamsSchema,
  commentMentionListRequestSchema,
  commentSchema,
  commentThreadSchema,
  mentionableMemberSchema,
  readCommentMentionRequestSchema,
  readCommentMentionResultSchema,
} from '@tracklane/shared/comments/comments.schema';
import type { AppContext } from '../../app-context';
import { ok } from '../../lib/envelope';
import { registeredCommentSchemas } from '../tracking/mode-wire';
import { listCommentMentions, readCommentMention } from './comment-mentions.service';
import {
  createComment,
  deleteComment,
  listComments,
  listMentionableMembers,
  updateComment,
} from './comments.service';

const tags = ['comments'];

/**
 * Comments on a workspace's shipments (ADR 0018). Reading and writing need the shipment view level
 * (view-only members comment too); editing is the author's, deleting the author's or an admin's, which
 * the service checks on the row. The mention list and its read mark are the user's own, across
 * workspaces (spec §7).
 */
export const commentsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  // A thread of any registered mode's shipment; mentions name it by the mode.
  const { threadParams: commentThreadParamsSchema, mentionPage: commentMentionPageSchema } =
    registeredCommentSchemas();
  app.post(
    '/api/comments/at/list',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'My comment mentions, newest first, 10 a page (spec §7), with paging info',
        body: commentMentionListRequestSchema,
        response: { 200: envelopeSchema(commentMentionPageSchema) },
      },
    },
    async (request) => ok(await listCommentMentions(ctx.db, request.user.id, request.body)),
  );

  app.post(
    '/api/comments/at/read',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Mark my mention in a comment read (spec §7)',
        body: readCommentMentionRequestSchema,
        response: { 200: envelopeSchema(readCommentMentionResultSchema) },
      },
    },
    async (request) => ok(await readCommentMention(ctx.pool, request.user.id, request.body)),
  );

  app.get(
    '/api/comments/mentionable',
    {
      config: { access: 'shipments:view' },
      schema: {
        tags,
        summary: 'Members of this workspace who can be mentioned (those who may see its shipments)',
        response: { 200: envelopeSchema(z.array(mentionableMemberSchema)) },
      },
    },
    async (request) => ok(await listMentionableMembers(ctx.db, request.tenant)),
  );

  app.get(
    '/api/comments/:shipmentType/:shipmentId',
    {
      config: { access: 'shipments:view' },
      schema: {
        tags,
        summary: "A shipment's comments in this workspace, oldest first",
        params: commentThreadParamsSchema,
        response: { 200: envelopeSchema(commentThreadSchema) },
      },
    },
    async (request) =>
      ok(await listComments(ctx.db, request.tenant, request.params.shipmentType, request.params.shipmentId)),
  );

  app.post(
    '/api/comments/:shipmentType/:shipmentId',
    {
      config: { access: 'shipments:view' },
      schema: {
        tags,
        summary: 'Comment on a shipment; @[Name](userId) tokens mention members',
        params: commentThreadParamsSchema,
        body: commentContentSchema,
        response: { 200: envelopeSchema(commentSchema) },
      },
    },
    async (request) =>
      ok(
        await createComment(
          ctx,
          request.tenant,
          request.params.shipmentType,
          request.params.shipmentId,
          request.body.content,
        ),
        'Comment posted',
      ),
  );

  app.patch(
    '/api/comments/:commentId',
    {
      config: { access: 'shipments:view' },
      schema: {
        tags,
        summary: 'Edit my comment',
        params: commentIdParamsSchema,
        body: commentContentSchema,
        response: { 200: envelopeSchema(commentSchema) },
      },
    },
    async (request) =>
      ok(
        await updateComment(ctx, request.tenant, request.params.commentId, request.body.content),
        'Comment saved',
      ),
  );

  app.delete(
    '/api/comments/:commentId',
    {
      config: { access: 'shipments:view' },
      schema: {
        tags,
        summary: 'Delete my comment (company admins: any comment)',
        params: commentIdParamsSchema,
        response: { 200: envelopeSchema(z.object({ id: z.string() })) },
      },
    },
    async (request) =>
      ok(await deleteComment(ctx, request.tenant, request.params.commentId), 'Comment deleted'),
  );
};
