import { and, eq } from 'drizzle-orm';
import {
  oceanLocateQuerySchema,
  shipmentPlaceSchema,
} from '@tracklane/shared/tracking/ocean/shipment-places';
import { normaliseContainerNumber, normaliseMblNumber } from '@tracklane/shared/validation/container-number';
import { oceanShipments } from '../../db/schema/tracking';
import { locateInMyWorkspaces } from '../tracking/locate.service';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema } from '@tracklane/shared/api/envelope';
import {
  billParamsSchema,
  oceanArchiveRequestSchema,
  oceanBillListQuerySchema,
  oceanBillListResultSchema,
  oceanBillSchema,
  oceanIntakeOutcomeSchema,
  oceanIntakeRequestSchema,
  oceanListQuerySchema,
  oceanListResultSchema,
  oceanOptionsSchema,
  oceanShipmentDetailSchema,
} from '@tracklane/shared/tracking/ocean/ocean-shipments.schema';
import type { AppContext } from '../../app-context';
import { compiledSerializer } from '../../lib/compiled-serializer';
import { ok } from '../../lib/envelope';
import { createOceanShipments } from './ocean-intake.service';
import { listOceanOptions } from './ocean-options.service';
import { getOceanShipment, listOceanShipments, type OceanTabCounts } from './ocean-shipments.service';
import { setArchived } from '../tracking/archive.service';
import { getOceanBill, listOceanBills, stopFollowingOceanBill } from './bills.service';

const tags = ['ocean-shipments'];

export const oceanShipmentsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.post(
    '/api/shipments/ocean',
    {
      config: { access: 'shipments:change' },
      schema: {
        tags,
        summary: 'Add ocean shipments (one or many)',
        body: oceanIntakeRequestSchema,
        response: { 200: envelopeSchema(z.array(oceanIntakeOutcomeSchema)) },
      },
    },
    async (request) => {
      const outcomes = await createOceanShipments(ctx, request.tenant, request.body.items);
      const created = outcomes.filter((o) => o.outcome === 'created').length;
      return ok(outcomes, `${String(created)} shipment(s) added`);
    },
  );

  app.get(
    '/api/shipments/ocean',
    {
      config: { access: 'shipments:view' },
      schema: {
        tags,
        querystring: oceanListQuerySchema,
        response: { 200: envelopeSchema(oceanListResultSchema) },
      },
      // The hot list: compiled once, no zod validation of every row on the way out.
      serializerCompiler: compiledSerializer,
    },
    async (request) => ok(await listOceanShipments(ctx.db, request.tenant, request.query)),
  );

  app.get(
    '/api/shipments/ocean/options',
    {
      config: { access: 'shipments:view' },
      schema: {
        tags,
        summary: 'Carriers and POL/POD options for filters',
        response: { 200: envelopeSchema(oceanOptionsSchema) },
      },
    },
    async (request) => ok(await listOceanOptions(ctx.db, request.tenant.workspaceId)),
  );

  app.get(
    '/api/shipments/ocean/bills',
    {
      config: { access: 'shipments:view' },
      schema: {
        tags,
        summary: 'Bills of lading and bookings the workspace follows alone',
        querystring: oceanBillListQuerySchema,
        response: { 200: envelopeSchema(oceanBillListResultSchema) },
      },
    },
    async (request) => ok(await listOceanBills(ctx.db, request.tenant, request.query)),
  );

  app.get(
    '/api/shipments/ocean/bills/:billId',
    {
      config: { access: 'shipments:view' },
      schema: {
        tags,
        summary: 'A followed bill of lading or booking with its containers',
        params: billParamsSchema,
        response: { 200: envelopeSchema(oceanBillSchema) },
      },
    },
    async (request) => ok(await getOceanBill(ctx.db, request.tenant, request.params.billId)),
  );

  app.delete(
    '/api/shipments/ocean/bills/:billId',
    {
      config: { access: 'shipments:change' },
      schema: {
        tags,
        summary: 'Stop following a bill of lading or booking (its containers stay)',
        params: billParamsSchema,
        response: { 200: envelopeSchema(z.object({ billId: z.string() })) },
      },
    },
    async (request) =>
      ok(
        await stopFollowingOceanBill(ctx.db, request.tenant, request.params.billId),
        'No longer following this bill',
      ),
  );

  app.post(
    '/api/shipments/ocean/archive',
    {
      config: { access: 'shipments:change' },
      schema: {
        tags,
        body: oceanArchiveRequestSchema,
        response: {
          200: envelopeSchema(
            z.object({ updatedIds: z.array(z.string()), activeCount: z.number(), archivedCount: z.number() }),
          ),
        },
      },
    },
    async (request) => {
      const { tenant } = request;
      const { shipmentOverallIds, archived } = request.body;
      const result = await setArchived<OceanTabCounts>(ctx, tenant, 'ocean', shipmentOverallIds, archived);
      return ok(result, request.body.archived ? 'Archived' : 'Moved back to active');
    },
  );

  app.get(
    '/api/shipments/ocean/locate',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'The workspaces of mine that track this container and bill of lading',
        querystring: oceanLocateQuerySchema,
        response: { 200: envelopeSchema(z.array(shipmentPlaceSchema)) },
      },
    },
    async (request) =>
      ok(
        await locateInMyWorkspaces(
          ctx.db,
          request.user.id,
          oceanShipments,
          and(
            eq(oceanShipments.containerNo, normaliseContainerNumber(request.query.containerNo)),
            eq(oceanShipments.mblNo, normaliseMblNumber(request.query.mblNo)),
          )!,
        ),
      ),
  );

  app.get(
    '/api/shipments/ocean/:containerNo/:mblNo',
    {
      config: { access: 'shipments:view' },
      schema: {
        tags,
        params: z.object({ containerNo: z.string().max(40), mblNo: z.string().max(60) }),
        response: { 200: envelopeSchema(oceanShipmentDetailSchema) },
      },
    },
    async (request) =>
      ok(await getOceanShipment(ctx.db, request.tenant, request.params.containerNo, request.params.mblNo)),
  );
};
