import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema } from '@tracklane/shared/api/envelope';
import {
  billParamsSchema,
  oceanBillListQuerySchema,
  oceanBillListResultSchema,
  oceanBillSchema,
  oceanIntakeOutcomeSchema,
  oceanIntakeRequestSchema,
  oceanListResultSchema,
  oceanShipmentDetailSchema,
  trackingEventSchema,
} from '@tracklane/shared/tracking/ocean/ocean-shipments.schema';
import {
  v1OceanListQuerySchema,
  v1ShipmentParamsSchema,
} from '@tracklane/shared/public-api/public-api.schema';
import type { AppContext } from '../../app-context';
import { ok } from '../../lib/envelope';
import { createOceanShipments } from './ocean-intake.service';
import { getOceanBill, listOceanBills, stopFollowingOceanBill } from './bills.service';
import { getOceanShipmentById, listOceanShipments } from './ocean-shipments.service';
import { examples } from '../public-api/examples';
import { v1Responses } from '../public-api/v1-schema';

/**
 * The public API's ocean shipments (`/api/v1/shipments/ocean`) and followed bills, for the workspace of
 * the API key: the same services as the app, with the key's tenant (public-api.routes.ts).
 */
export const oceanV1Routes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const ocean = ['v1: ocean shipments'];
  app.get(
    '/api/v1/shipments/ocean',
    {
      config: { access: 'key:read' },
      schema: {
        tags: ocean,
        summary: 'List ocean shipments',
        description:
          'One page of the workspace’s ocean shipments (containers on a bill of lading), newest first by default. Pass `nextCursor` as `cursor` for the next page; it is null on the last one. Sort by a named sort, a custom field (`sort=cf.<fieldId>.asc|desc`) or a reference (`sort=ref.booking.asc`, …); shipments without a value of the sorted column come last either way, and a cursor is only taken back by the sort that made it.',
        querystring: v1OceanListQuerySchema,
        ...v1Responses(envelopeSchema(oceanListResultSchema), examples.oceanList),
      },
    },
    async (request) =>
      ok(
        await listOceanShipments(ctx.db, request.tenant, {
          ...request.query,
          attention: undefined,
        }),
      ),
  );

  app.post(
    '/api/v1/shipments/ocean',
    {
      config: { access: 'key:write' },
      schema: {
        tags: ocean,
        summary: 'Add ocean shipments',
        description:
          'Adds up to 500 rows at once. A row is a container with its bill of lading (`containerNo` and `mblNo`), a bill of lading alone (`mblNo`), or a booking alone (`bookingNo`); the carrier is inferred from the bill when left out (a booking usually needs `carrierScac`). A bill or booking alone is followed (`kind` bill, `billId`): the carrier is asked which containers travel on it, and each is added as a shipment under it, those that join later too (GET /api/v1/shipments/ocean/bills/{billId}). A container’s row may carry the workspace’s `references` and `customFields` (values keyed by field id, GET /api/v1/custom-fields), set on its shipment whether it is new or already tracked; a bill or booking alone takes neither. Each row answers created, already_tracked or refused with the reason (a bad custom field value, or another workspace’s field, refuses that row alone); a refused row does not stop the others.',
        body: oceanIntakeRequestSchema.meta({ example: examples.oceanIntakeRequest }),
        ...v1Responses(envelopeSchema(z.array(oceanIntakeOutcomeSchema)), examples.oceanIntake),
      },
    },
    async (request) => {
      const outcomes = await createOceanShipments(ctx, request.tenant, request.body.items);
      const created = outcomes.filter((o) => o.outcome === 'created').length;
      return ok(outcomes, `${String(created)} shipment(s) added`);
    },
  );

  app.get(
    '/api/v1/shipments/ocean/bills',
    {
      config: { access: 'key:read' },
      schema: {
        tags: ocean,
        summary: 'List followed bills of lading and bookings',
        description:
          'The bills of lading and bookings the workspace follows alone, newest first, each with its state (pending, found, not_found, completed, no_source), how many of its containers were added and which could not be (the plan’s quota). `status=waiting`: only those with no container added yet. Pass `nextCursor` as `cursor` for the next page.',
        querystring: oceanBillListQuerySchema,
        ...v1Responses(envelopeSchema(oceanBillListResultSchema), examples.oceanBills),
      },
    },
    async (request) => ok(await listOceanBills(ctx.db, request.tenant, request.query)),
  );

  app.get(
    '/api/v1/shipments/ocean/bills/:billId',
    {
      config: { access: 'key:read' },
      schema: {
        tags: ocean,
        summary: 'Get a followed bill of lading or booking',
        description:
          'The bill with its state and every container of the workspace found on it (each a shipment: GET /api/v1/shipments/ocean/{shipmentId}).',
        params: billParamsSchema,
        ...v1Responses(envelopeSchema(oceanBillSchema), examples.oceanBill),
      },
    },
    async (request) => ok(await getOceanBill(ctx.db, request.tenant, request.params.billId)),
  );

  app.delete(
    '/api/v1/shipments/ocean/bills/:billId',
    {
      config: { access: 'key:write' },
      schema: {
        tags: ocean,
        summary: 'Stop following a bill of lading or booking',
        description:
          'No more containers are added from it. The containers it added stay, as shipments of their own.',
        params: billParamsSchema,
        ...v1Responses(envelopeSchema(z.object({ billId: z.string() })), examples.oceanBillStopped),
      },
    },
    async (request) =>
      ok(
        await stopFollowingOceanBill(ctx.db, request.tenant, request.params.billId),
        'No longer following this bill',
      ),
  );

  app.get(
    '/api/v1/shipments/ocean/:shipmentId',
    {
      config: { access: 'key:read' },
      schema: {
        tags: ocean,
        summary: 'Get an ocean shipment',
        description: 'The shipment with its milestones, vessel, ETA history, rolls and every carrier event.',
        params: v1ShipmentParamsSchema,
        ...v1Responses(envelopeSchema(oceanShipmentDetailSchema), examples.oceanDetail),
      },
    },
    async (request) => ok(await getOceanShipmentById(ctx.db, request.tenant, request.params.shipmentId)),
  );

  app.get(
    '/api/v1/shipments/ocean/:shipmentId/events',
    {
      config: { access: 'key:read' },
      schema: {
        tags: ocean,
        summary: 'List an ocean shipment’s events',
        description:
          'Every carrier event stored for the container, oldest first: planned (PLN), estimated (EST) and actual (ACT). For the DCSA Track & Trace 2.2 shape, use /api/v1/dcsa/tnt/v2/events.',
        params: v1ShipmentParamsSchema,
        ...v1Responses(envelopeSchema(z.array(trackingEventSchema)), examples.oceanEvents),
      },
    },
    async (request) => {
      const detail = await getOceanShipmentById(ctx.db, request.tenant, request.params.shipmentId);
      return ok(detail.events);
    },
  );
};
