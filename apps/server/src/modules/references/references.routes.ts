import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema } from '@tracklane/shared/api/envelope';
import {
  shipmentReferencesSchema,
  updateReferencesRequestSchema,
} from '@tracklane/shared/references/references.schema';
import type { AppContext } from '../../app-context';
import { ok } from '../../lib/envelope';
import { allModeFeatures } from '../../modes';
import { getShipmentReferences, updateShipmentReferences } from './references.service';

/**
 * A shipment's references, each mode at its own path, written once over the mode registry: members
 * with shipment access read them, members who may change shipments change them; another workspace's
 * shipment is not found.
 */
export const referencesRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  for (const { mode, routes } of allModeFeatures()) {
    const url = `/api/shipments/${routes.segment}/:${routes.idParam}/references`;
    const params = z.object({ [routes.idParam]: z.string().max(60) });
    const idOf = (p: unknown) => (p as Record<string, string>)[routes.idParam]!;
    app.get(
      url,
      {
        config: { access: 'shipments:view' },
        schema: {
          tags: [routes.tag],
          summary: `Get ${routes.one}'s references and parties`,
          params,
          response: { 200: envelopeSchema(shipmentReferencesSchema) },
        },
      },
      async (request) =>
        ok(await getShipmentReferences(ctx.db, request.tenant.workspaceId, mode, idOf(request.params))),
    );
    app.patch(
      url,
      {
        config: { access: 'shipments:change' },
        schema: {
          tags: [routes.tag],
          summary: `Change ${routes.one}'s references and parties (the fields sent)`,
          params,
          body: updateReferencesRequestSchema,
          response: { 200: envelopeSchema(shipmentReferencesSchema) },
        },
      },
      async (request) =>
        ok(
          await updateShipmentReferences(
            ctx.db,
            request.tenant.workspaceId,
            mode,
            idOf(request.params),
            request.body,
          ),
          'References saved',
        ),
    );
  }
};
