import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema } from '@tracklane/shared/api/envelope';
import { setTagsRequestSchema, setTagsResultSchema } from '@tracklane/shared/tags/tags.schema';
import type { AppContext } from '../../app-context';
import { ok } from '../../lib/envelope';
import { allModeFeatures } from '../../modes';
import { setShipmentTags } from './shipment-tags.service';

/**
 * Setting a shipment's tags, each mode at its own path: members who may change shipments (permission
 * 0); view-only members are refused, another workspace's shipment is not found. The tags in use come
 * with each mode's filter options (GET /api/shipments/{mode}/options).
 */
export const shipmentTagsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  for (const { mode, routes } of allModeFeatures())
    app.put(
      `/api/shipments/${routes.segment}/:${routes.idParam}/tags`,
      {
        config: { access: 'shipments:change' },
        schema: {
          tags: [routes.tag],
          summary: `Set ${routes.one}'s tags (the whole set)`,
          params: z.object({ [routes.idParam]: z.string().max(60) }),
          body: setTagsRequestSchema,
          response: { 200: envelopeSchema(setTagsResultSchema) },
        },
      },
      async (request) =>
        ok(
          await setShipmentTags(
            ctx.db,
            request.tenant.workspaceId,
            mode,
            (request.params as Record<string, string>)[routes.idParam]!,
            request.body.tags,
          ),
          'Tags saved',
        ),
    );
};
