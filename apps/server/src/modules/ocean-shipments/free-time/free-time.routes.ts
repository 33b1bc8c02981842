import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema } from '@tracklane/shared/api/envelope';
import {
  freeTimeDefaultsResultSchema,
  manualLastFreeDayRequestSchema,
  saveFreeTimeDefaultSchema,
  shipmentFreeTimeRequestSchema,
  shipmentFreeTimeSchema,
} from '@tracklane/shared/free-time/free-time.schema';
import type { AppContext } from '../../../app-context';
import { ok } from '../../../lib/envelope';
import {
  deleteFreeTimeDefault,
  getShipmentFreeTime,
  listFreeTimeDefaults,
  saveFreeTimeDefault,
  setManualLastFreeDay,
  setShipmentFreeTime,
} from './free-time.service';

const tags = ['free-time'];
const shipmentParams = z.object({
  shipmentId: z.string().max(60, { message: 'This shipment is not tracked in this workspace.' }),
});
const deleteQuery = z.strictObject({
  carrierScac: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2,4}$/, { message: 'A carrier is named by its SCAC, 2 to 4 letters.' })
    .optional(),
});

/**
 * Free time and tariffs (issue 18): company admins set the workspace's defaults and each carrier's;
 * members who may change shipments override them per shipment; anyone who sees shipments reads a
 * shipment's clocks.
 */
export const freeTimeRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/api/free-time/defaults',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: "The workspace's free-time and tariff defaults, per carrier",
        response: { 200: envelopeSchema(freeTimeDefaultsResultSchema) },
      },
    },
    async (request) => ok(await listFreeTimeDefaults(ctx.db, request.tenant.workspaceId)),
  );

  app.put(
    '/api/free-time/defaults',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: "Set the workspace's default (carrierScac null) or a carrier's terms",
        body: saveFreeTimeDefaultSchema,
        response: { 200: envelopeSchema(freeTimeDefaultsResultSchema) },
      },
    },
    async (request) =>
      ok(await saveFreeTimeDefault(ctx.pool, request.tenant, request.body), 'Free time saved'),
  );

  app.delete(
    '/api/free-time/defaults',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: "Remove the workspace's default (no carrierScac) or a carrier's terms",
        querystring: deleteQuery,
        response: { 200: envelopeSchema(freeTimeDefaultsResultSchema) },
      },
    },
    async (request) =>
      ok(
        await deleteFreeTimeDefault(ctx.pool, request.tenant, request.query.carrierScac ?? null),
        'Free time removed',
      ),
  );

  app.get(
    '/api/shipments/ocean/:shipmentId/free-time',
    {
      config: { access: 'shipments:view' },
      schema: {
        tags,
        summary: "A shipment's free-time terms, milestones and port time zone (its clocks)",
        params: shipmentParams,
        response: { 200: envelopeSchema(shipmentFreeTimeSchema) },
      },
    },
    async (request) =>
      ok(await getShipmentFreeTime(ctx.db, request.tenant.workspaceId, request.params.shipmentId)),
  );

  app.put(
    '/api/shipments/ocean/:shipmentId/free-time',
    {
      config: { access: 'shipments:change' },
      schema: {
        tags,
        summary: "Set a shipment's own terms, or remove them (terms null)",
        params: shipmentParams,
        body: shipmentFreeTimeRequestSchema,
        response: { 200: envelopeSchema(shipmentFreeTimeSchema) },
      },
    },
    async (request) =>
      ok(
        await setShipmentFreeTime(
          ctx.pool,
          request.tenant.workspaceId,
          request.params.shipmentId,
          request.body.terms,
        ),
        request.body.terms ? 'Free time saved for this shipment' : 'This shipment follows the defaults again',
      ),
  );

  app.put(
    '/api/shipments/ocean/:shipmentId/last-free-day',
    {
      config: { access: 'shipments:change' },
      schema: {
        tags,
        summary:
          "Set a shipment's last free day by hand (YYYY-MM-DD), over the terminal's and the carrier's, or remove it (null)",
        params: shipmentParams,
        body: manualLastFreeDayRequestSchema,
        response: { 200: envelopeSchema(shipmentFreeTimeSchema) },
      },
    },
    async (request) =>
      ok(
        await setManualLastFreeDay(
          ctx.pool,
          request.tenant.workspaceId,
          request.params.shipmentId,
          request.body.lastFreeDay,
        ),
        request.body.lastFreeDay
          ? 'Last free day set for this shipment'
          : 'Last free day set by hand removed',
      ),
  );
};
