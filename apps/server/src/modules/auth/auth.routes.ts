import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { protectedResponseSchema } from '@tracklane/shared/auth/auth.schema';
import { toPublicUser } from './auth.mappers';

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
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
      const user = toPublicUser(request.user!);
      return {
        success: true as const,
        result: user,
        message: 'authenticated' as const,
        code: 'OK' as const,
        user,
      };
    },
  );
};
