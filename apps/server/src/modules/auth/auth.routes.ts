import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema } from '@tracklane/shared/api/envelope';
import {
  loginRequestSchema,
  logoutRequestSchema,
  protectedResponseSchema,
  publicKeyResultSchema,
  publicUserSchema,
  registerRequestSchema,
  resetPasswordVerifiedRequestSchema,
  resetPasswordVerifyRequestSchema,
  sendNewCodeRequestSchema,
  verifyEmailRequestSchema,
} from '@tracklane/shared/auth/auth.schema';
import type { AppContext } from '../../app-context';
import { ok } from '../../lib/envelope';
import { resolveSession } from '../../plugins/session';
import { toPublicUser } from './auth.mappers';
import * as auth from './auth.service';
import { clearSessionCookie, endSession, setSessionCookie, type ClientMeta } from './sessions';

const clientOf = (request: FastifyRequest): ClientMeta => ({
  ip: request.ip,
  userAgent: request.headers['user-agent'],
});
const userEnvelope = envelopeSchema(publicUserSchema);
const emptyEnvelope = envelopeSchema(z.null());

export const authRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/api/auth/public-key',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'RSA-OAEP-256 key that clients encrypt passwords with',
        response: { 200: envelopeSchema(publicKeyResultSchema) },
      },
    },
    async () =>
      ok({
        keyId: ctx.authKey.keyId,
        publicKey: ctx.authKey.publicKeyPem,
        algorithm: 'RSA-OAEP-256' as const,
      }),
  );

  app.post(
    '/api/auth/register',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        body: registerRequestSchema,
        response: { 200: envelopeSchema(z.object({ email: z.string() })) },
      },
    },
    async (request) => {
      await auth.register(ctx, request.body, clientOf(request));
      return ok({ email: request.body.email }, 'We have sent a 6-digit code to your e-mail address.');
    },
  );

  app.post(
    '/api/auth/verifyEmail',
    {
      config: { access: 'public' },
      schema: { tags: ['auth'], body: verifyEmailRequestSchema, response: { 200: userEnvelope } },
    },
    async (request, reply) => {
      const { user, session } = await auth.verifyEmail(ctx, request.body, clientOf(request));
      setSessionCookie(reply, ctx.config, session);
      return ok(toPublicUser(user), 'Your e-mail address is verified.');
    },
  );

  app.post(
    '/api/auth/sendNewCode',
    {
      config: { access: 'public' },
      schema: { tags: ['auth'], body: sendNewCodeRequestSchema, response: { 200: emptyEnvelope } },
    },
    async (request) => {
      await auth.sendNewCode(ctx, request.body, clientOf(request));
      return ok(null, 'If an account exists for this address, a new code is on its way.');
    },
  );

  app.post(
    '/api/auth/login',
    {
      config: { access: 'public' },
      schema: { tags: ['auth'], body: loginRequestSchema, response: { 200: userEnvelope } },
    },
    async (request, reply) => {
      const { user, session } = await auth.login(ctx, request.body, clientOf(request));
      setSessionCookie(reply, ctx.config, session);
      return ok(toPublicUser(user), 'Signed in');
    },
  );

  app.post(
    '/api/auth/logout',
    // Public: signing out must work with an expired session too, and always clears the cookie.
    {
      config: { access: 'public' },
      schema: { tags: ['auth'], body: logoutRequestSchema.optional(), response: { 200: emptyEnvelope } },
    },
    async (request, reply) => {
      const session = await resolveSession(ctx.db, request);
      if (session) await endSession(ctx.db, session.sessionId);
      clearSessionCookie(reply, ctx.config);
      return ok(null, 'Signed out');
    },
  );

  app.get(
    '/api/auth/protected',
    {
      config: { access: 'user' },
      schema: {
        tags: ['auth'],
        summary: 'The signed-in user (401 without a live session)',
        response: { 200: protectedResponseSchema },
      },
    },
    async (request) => {
      const user = toPublicUser(request.user);
      return {
        success: true as const,
        result: user,
        message: 'authenticated' as const,
        code: 'OK' as const,
        user,
      };
    },
  );

  app.post(
    '/api/auth/resetPasswordVerify',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        body: resetPasswordVerifyRequestSchema,
        response: { 200: envelopeSchema(z.object({ token: z.string() })) },
      },
    },
    async (request) =>
      ok({ token: await auth.resetPasswordVerify(ctx, request.body, clientOf(request)) }, 'Code accepted'),
  );

  app.post(
    '/api/auth/resetPasswordVerified',
    {
      config: { access: 'public' },
      schema: { tags: ['auth'], body: resetPasswordVerifiedRequestSchema, response: { 200: emptyEnvelope } },
    },
    async (request) => {
      await auth.resetPasswordVerified(ctx, request.body, clientOf(request));
      return ok(null, 'Your password has been changed. Sign in with your new password.');
    },
  );
};
