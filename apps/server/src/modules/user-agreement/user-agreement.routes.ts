import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema } from '@tracklane/shared/api/envelope';
import {
  userAgreementAgreeRequestSchema,
  userAgreementQuerySchema,
} from '@tracklane/shared/auth/auth.schema';
import { CURRENT_AGREEMENT_VERSION } from '@tracklane/shared/legal/user-agreement';
import type { AppContext } from '../../app-context';
import { users } from '../../db/schema/users';
import { publish } from '../../integrations/realtime/realtime-hub';
import { AppError } from '../../lib/app-error';
import { ok } from '../../lib/envelope';

const agreedEnvelope = envelopeSchema(z.object({ agreed: z.boolean() }));

/** The user id in these calls must be the caller's own (spec §7 passes it explicitly). */
function assertSelf(sessionUserId: string, userId: string): void {
  if (sessionUserId !== userId)
    throw new AppError('FORBIDDEN', 'You can only read or accept your own user agreement.');
}

export const userAgreementRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/api/_api/user-agreement/get',
    {
      config: { access: 'user' },
      schema: {
        tags: ['user-agreement'],
        querystring: userAgreementQuerySchema,
        response: { 200: agreedEnvelope },
      },
    },
    async (request) => {
      const user = request.user;
      assertSelf(user.id, request.query.userId);
      return ok({ agreed: user.agreedAt !== null && user.agreementVersion === CURRENT_AGREEMENT_VERSION });
    },
  );

  app.post(
    '/api/_api/user-agreement/agree',
    {
      config: { access: 'user' },
      schema: {
        tags: ['user-agreement'],
        body: userAgreementAgreeRequestSchema,
        response: { 200: agreedEnvelope },
      },
    },
    async (request) => {
      const user = request.user;
      assertSelf(user.id, request.body.userId);
      await ctx.db.transaction(async (tx) => {
        await tx
          .update(users)
          .set({ agreedAt: new Date(), agreementVersion: CURRENT_AGREEMENT_VERSION, updatedAt: new Date() })
          .where(eq(users.id, user.id));
        await publish(tx, { topic: 'accessChanged', userIds: [user.id] });
      });
      return ok({ agreed: true }, 'Thank you for accepting the user agreement.');
    },
  );
};
