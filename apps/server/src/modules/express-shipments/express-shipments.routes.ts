import { eq } from 'drizzle-orm';
import { normaliseParcelNumber } from '@tracklane/shared/tracking/express/parcel-number';
import {
  expressLocateQuerySchema,
  shipmentPlaceSchema,
} from '@tracklane/shared/tracking/ocean/shipment-places';
import { expressShipments } from '../../db/schema/tracking';
import { locateInMyWorkspaces } from '../tracking/locate.service';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema } from '@tracklane/shared/api/envelope';
import {
  expressArchiveRequestSchema,
  expressIntakeOutcomeSchema,
  expressIntakeRequestSchema,
  expressListQuerySchema,
  expressListResultSchema,
  expressOptionsSchema,
  expressShipmentDetailSchema,
} from '@tracklane/shared/tracking/express/express-shipments.schema';
import type { AppContext } from '../../app-context';
import { compiledSerializer } from '../../lib/compiled-serializer';
import { ok } from '../../lib/envelope';
import { createExpressShipments } from './express-intake.service';
import { getExpressShipment, listExpressShipments, type ExpressTabCounts } from './express-shipments.service';
import { listExpressOptions } from './express-options.service';
import { setArchived } from '../tracking/archive.service';

const tags = ['express-shipments'];

export const expressShipmentsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.post(
    '/api/shipments/express',
    {
      config: { access: 'shipments:change' },
      schema: {
        tags,
        summary: 'Add express shipments (one or many)',
        body: expressIntakeRequestSchema,
        response: { 200: envelopeSchema(z.array(expressIntakeOutcomeSchema)) },
      },
    },
    async (request) => {
      const outcomes = await createExpressShipments(ctx, request.tenant, request.body.items);
      const created = outcomes.filter((o) => o.outcome === 'created').length;
      return ok(outcomes, `${String(created)} shipment(s) added`);
    },
  );

  app.get(
    '/api/shipments/express',
    {
      config: { access: 'shipments:view' },
      schema: {
        tags,
        summary: 'One page of a tab of express shipments, with the three tabs’ counts',
        querystring: expressListQuerySchema,
        response: { 200: envelopeSchema(expressListResultSchema) },
      },
      // The hot list: compiled once, no zod validation of every row on the way out.
      serializerCompiler: compiledSerializer,
    },
    async (request) => ok(await listExpressShipments(ctx.db, request.tenant, request.query)),
  );

  app.get(
    '/api/shipments/express/options',
    {
      config: { access: 'shipments:view' },
      schema: {
        tags,
        summary: 'Carrier and tag options for filters',
        response: { 200: envelopeSchema(expressOptionsSchema) },
      },
    },
    async (request) => ok(await listExpressOptions(ctx.db, request.tenant.workspaceId)),
  );

  app.post(
    '/api/shipments/express/archive',
    {
      config: { access: 'shipments:change' },
      schema: {
        tags,
        body: expressArchiveRequestSchema,
        response: {
          200: envelopeSchema(
            z.object({
              updatedIds: z.array(z.string()),
              activeCount: z.number(),
              notFoundCount: z.number(),
              archivedCount: z.number(),
            }),
          ),
        },
      },
    },
    async (request) => {
      const { expressOrderIds, archived } = request.body;
      const { tenant } = request;
      const result = await setArchived<ExpressTabCounts>(ctx, tenant, 'express', expressOrderIds, archived);
      return ok(result, archived ? 'Archived' : 'Moved back to active');
    },
  );

  app.get(
    '/api/shipments/express/locate',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'The workspaces of mine that track this parcel number, with its id in each',
        querystring: expressLocateQuerySchema,
        response: { 200: envelopeSchema(z.array(shipmentPlaceSchema)) },
      },
    },
    async (request) =>
      ok(
        await locateInMyWorkspaces(
          ctx.db,
          request.user.id,
          expressShipments,
          eq(expressShipments.trackingNo, normaliseParcelNumber(request.query.expressOrderNo)),
        ),
      ),
  );

  app.get(
    '/api/shipments/express/:expressOrderId/:expressOrderNo',
    {
      config: { access: 'shipments:view' },
      schema: {
        tags,
        params: z.object({ expressOrderId: z.string().max(60), expressOrderNo: z.string().max(100) }),
        response: { 200: envelopeSchema(expressShipmentDetailSchema) },
      },
    },
    async (request) =>
      ok(
        await getExpressShipment(
          ctx.db,
          request.tenant,
          request.params.expressOrderId,
          request.params.expressOrderNo,
        ),
      ),
  );
};
