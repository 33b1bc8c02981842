import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeSchema } from '@tracklane/shared/api/envelope';
import type { AppContext } from '../../app-context';
import { ok } from '../../lib/envelope';
import { allModeFeatures } from '../../modes';

const tags = ['dashboard'];

/** Each mode's dashboard at /api/dashboard/{mode}: its rules and panels come from the mode. */
export const dashboardRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  for (const { mode, dashboard } of allModeFeatures())
    app.get(
      `/api/dashboard/${mode}`,
      {
        config: { access: 'shipments:view' },
        schema: { tags, summary: dashboard.summary, response: { 200: envelopeSchema(dashboard.schema) } },
      },
      async (request) => ok(await dashboard.build(ctx.db, request.tenant.workspaceId, new Date())),
    );
};
