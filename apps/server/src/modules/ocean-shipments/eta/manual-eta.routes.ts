import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema } from '@tracklane/shared/api/envelope';
import { manualEtaRequestSchema } from '@tracklane/shared/tracking/ocean/eta/eta-estimates.schema';
import { oceanShipmentDetailSchema } from '@tracklane/shared/tracking/ocean/ocean-shipments.schema';
import type { AppContext } from '../../../app-context';
import { ok } from '../../../lib/envelope';
import { setManualEta } from './manual-eta';

const shipmentParams = z.object({
  shipmentId: z.string().max(60, { message: 'This shipment is not tracked in this workspace.' }),
});

/** An ETA set by hand on an ocean shipment (ADR 0049), by members who may change shipments. */
export const manualEtaRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.put(
    '/api/shipments/ocean/:shipmentId/eta',
    {
      config: { access: 'shipments:change' },
      schema: {
        tags: ['ocean-shipments'],
        summary:
          "Set a shipment's ETA by hand (ISO 8601 date-time), shown over the carrier's until it arrives, or clear it (null)",
        params: shipmentParams,
        body: manualEtaRequestSchema,
        response: { 200: envelopeSchema(oceanShipmentDetailSchema) },
      },
    },
    async (request) =>
      ok(
        await setManualEta(ctx.pool, request.tenant, request.params.shipmentId, request.body.eta),
        request.body.eta ? 'ETA set for this shipment' : 'ETA set by hand cleared',
      ),
  );
};
