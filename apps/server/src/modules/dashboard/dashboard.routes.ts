import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeSchema } from '@tracklane/shared/api/envelope';
import { exceptionCountsSchema } from '@tracklane/shared/exceptions/exceptions.schema';
import type { AppContext } from '../../app-context';
import { ok } from '../../lib/envelope';
import { allModeFeatures } from '../../modes';
import { exceptionCounts } from '../exceptions/exception-queries';

const tags = ['dashboard'];

/**
 * Each mode's dashboard at /api/dashboard/{mode}: its rules and panels come from the mode, with the
 * counts of the mode's exceptions still to work on.
 */
export const dashboardRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  for (const { mode, dashboard } of allModeFeatures())
    app.get(
      `/api/dashboard/${mode}`,
      {
        config: { access: 'shipments:view' },
        schema: {
          tags,
          summary: dashboard.summary,
          response: {
            200: envelopeSchema(dashboard.schema.extend({ exceptions: exceptionCountsSchema })),
          },
        },
      },
      async (request) => {
        const [built, exceptions] = await Promise.all([
          dashboard.build(ctx.db, request.tenant.workspaceId, new Date()),
          exceptionCounts(ctx.db, request.tenant, mode),
        ]);
        return ok({ ...built, exceptions });
      },
    );
};
