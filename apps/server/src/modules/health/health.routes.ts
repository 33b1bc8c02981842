import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema } from '@tracklane/shared/api/envelope';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { ok } from '../../lib/envelope';

const healthResult = z.object({
  status: z.literal('ok'),
  database: z.literal('ok'),
  uptimeSeconds: z.number(),
});

export const healthRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/api/health',
    {
      config: { access: 'public' },
      schema: {
        tags: ['system'],
        summary: 'Liveness and database reachability',
        response: { 200: envelopeSchema(healthResult) },
      },
    },
    async (request) => {
      try {
        await db.execute(sql`select 1`);
      } catch (err) {
        request.log.error({ err }, 'health check: database unreachable');
        throw new AppError('SERVICE_UNAVAILABLE', 'The database is not reachable.');
      }
      return ok({
        status: 'ok' as const,
        database: 'ok' as const,
        uptimeSeconds: Math.round(process.uptime()),
      });
    },
  );
};
