import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeSchema } from '@tracklane/shared/api/envelope';
import {
  FEEDBACK_BODY_LIMIT_BYTES,
  FEEDBACK_MESSAGES,
  feedbackRequestSchema,
  feedbackResponseSchema,
} from '@tracklane/shared/feedback/feedback.schema';
import type { AppContext } from '../../app-context';
import { ok } from '../../lib/envelope';
import { submitFeedback } from './feedback.service';

export const feedbackRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.post(
    '/api/feedback',
    {
      config: { access: 'user' },
      // Three 5,000,000-byte images in base64 need about 20 MB; this route alone may take that.
      bodyLimit: FEEDBACK_BODY_LIMIT_BYTES,
      schema: {
        tags: ['feedback'],
        summary: 'Send feedback (with up to three images) to support',
        body: feedbackRequestSchema,
        response: { 200: envelopeSchema(feedbackResponseSchema) },
      },
    },
    async (request) => {
      const result = await submitFeedback(
        ctx,
        { user: request.user, workspaceId: request.currentWorkspaceId },
        request.body,
      );
      return ok(result, FEEDBACK_MESSAGES.sent);
    },
  );
};
