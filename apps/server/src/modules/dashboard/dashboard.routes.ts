import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeSchema } from '@tracklane/shared/api/envelope';
import { expressDashboardSchema, oceanDashboardSchema } from '@tracklane/shared/dashboard/dashboard.schema';
import type { AppContext } from '../../app-context';
import { ok } from '../../lib/envelope';
import { expressDashboard } from './express-dashboard.service';
import { oceanDashboard } from './dashboard.service';

const tags = ['dashboard'];

export const dashboardRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/api/dashboard/ocean',
    {
      config: { access: 'shipments:view' },
      schema: {
        tags,
        summary: 'Attention cards, live map, status breakdown, arrivals and carriers of the ocean shipments',
        response: { 200: envelopeSchema(oceanDashboardSchema) },
      },
    },
    async (request) => ok(await oceanDashboard(ctx.db, request.tenant.workspaceId, new Date())),
  );

  app.get(
    '/api/dashboard/express',
    {
      config: { access: 'shipments:view' },
      schema: {
        tags,
        summary:
          'Attention cards, live map, status breakdown, deliveries and carriers of the express shipments',
        response: { 200: envelopeSchema(expressDashboardSchema) },
      },
    },
    async (request) => ok(await expressDashboard(ctx.db, request.tenant.workspaceId, new Date())),
  );
};
