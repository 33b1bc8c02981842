import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema } from '@tracklane/shared/api/envelope';
import {
  expressIntakeOutcomeSchema,
  expressIntakeRequestSchema,
  expressListResultSchema,
  expressShipmentDetailSchema,
  parcelEventSchema,
} from '@tracklane/shared/tracking/express/express-shipments.schema';
import {
  v1ExpressListQuerySchema,
  v1ShipmentParamsSchema,
} from '@tracklane/shared/public-api/public-api.schema';
import type { AppContext } from '../../app-context';
import { ok } from '../../lib/envelope';
import { createExpressShipments } from './express-intake.service';
import { getExpressShipment, listExpressShipments } from './express-shipments.service';
import { examples } from '../public-api/examples';
import { v1Responses } from '../public-api/v1-schema';

/**
 * The public API's express shipments (`/api/v1/shipments/express`), for the workspace of the API key:
 * the same services as the app, with the key's tenant (public-api.routes.ts).
 */
export const expressV1Routes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const express = ['v1: express shipments'];
  app.get(
    '/api/v1/shipments/express',
    {
      config: { access: 'key:read' },
      schema: {
        tags: express,
        summary: 'List express shipments',
        description:
          'One page of the workspace’s parcels: the active, notFound or archived tab. Pass `nextCursor` as `cursor` for the next page. Sort by a named sort, a custom field (`sort=cf.<fieldId>.asc|desc`) or a reference (`sort=ref.booking.asc`, …); shipments without a value of the sorted column come last either way, and a cursor is only taken back by the sort that made it.',
        querystring: v1ExpressListQuerySchema,
        ...v1Responses(envelopeSchema(expressListResultSchema), examples.expressList),
      },
    },
    async (request) =>
      ok(
        await listExpressShipments(ctx.db, request.tenant, {
          ...request.query,
          attention: undefined,
        }),
      ),
  );

  app.post(
    '/api/v1/shipments/express',
    {
      config: { access: 'key:write' },
      schema: {
        tags: express,
        summary: 'Add express shipments',
        description:
          'Adds up to 500 parcels at once by tracking number (the carrier is inferred from the number’s format when left out). A row may carry the workspace’s `references` and `customFields` (values keyed by field id, GET /api/v1/custom-fields), set on the parcel whether it is new or already tracked. Each row answers created, already_tracked or refused with the reason (a bad custom field value, or another workspace’s field, refuses that row alone).',
        body: expressIntakeRequestSchema.meta({ example: examples.expressIntakeRequest }),
        ...v1Responses(envelopeSchema(z.array(expressIntakeOutcomeSchema)), examples.expressIntake),
      },
    },
    async (request) => {
      const outcomes = await createExpressShipments(ctx, request.tenant, request.body.items);
      const created = outcomes.filter((o) => o.outcome === 'created').length;
      return ok(outcomes, `${String(created)} shipment(s) added`);
    },
  );

  app.get(
    '/api/v1/shipments/express/:shipmentId',
    {
      config: { access: 'key:read' },
      schema: {
        tags: express,
        summary: 'Get an express shipment',
        description: 'The parcel with its status, places, delivery estimate history and every scan.',
        params: v1ShipmentParamsSchema,
        ...v1Responses(envelopeSchema(expressShipmentDetailSchema), examples.expressDetail),
      },
    },
    async (request) =>
      ok(await getExpressShipment(ctx.db, request.tenant, request.params.shipmentId, undefined)),
  );

  app.get(
    '/api/v1/shipments/express/:shipmentId/events',
    {
      config: { access: 'key:read' },
      schema: {
        tags: express,
        summary: 'List an express shipment’s events',
        description: 'Every scan stored for the parcel, newest first.',
        params: v1ShipmentParamsSchema,
        ...v1Responses(envelopeSchema(z.array(parcelEventSchema)), examples.expressEvents),
      },
    },
    async (request) => {
      const detail = await getExpressShipment(ctx.db, request.tenant, request.params.shipmentId, undefined);
      return ok(detail.events);
    },
  );
};
