import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeSchema } from '@tracklane/shared/api/envelope';
import {
  reliabilityQuerySchema,
  reliabilityReportSchema,
} from '@tracklane/shared/tracking/ocean/reliability/reliability.schema';
import type { AppContext } from '../../../app-context';
import { ok } from '../../../lib/envelope';
import { getReliabilityReport } from './reliability.service';

const tags = ['reliability'];

export const reliabilityRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/api/reliability',
    {
      config: { access: 'shipments:view' },
      schema: {
        tags,
        summary:
          "The carriers' on-time share, delays, rolls and ETA accuracy over the workspace's arrivals in a period",
        querystring: reliabilityQuerySchema,
        response: { 200: envelopeSchema(reliabilityReportSchema) },
      },
    },
    async (request) =>
      ok(await getReliabilityReport(ctx.db, { kind: 'workspace', tenant: request.tenant }, request.query)),
  );

  app.get(
    '/api/reliability/organization',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: "The same figures over every workspace's arrivals in the organization (company admins)",
        querystring: reliabilityQuerySchema,
        response: { 200: envelopeSchema(reliabilityReportSchema) },
      },
    },
    async (request) =>
      ok(await getReliabilityReport(ctx.db, { kind: 'organization', tenant: request.tenant }, request.query)),
  );
};
