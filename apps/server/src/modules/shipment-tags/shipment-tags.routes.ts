import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema } from '@tracklane/shared/api/envelope';
import { setTagsRequestSchema, setTagsResultSchema } from '@tracklane/shared/tags/tags.schema';
import type { AppContext } from '../../app-context';
import { ok } from '../../lib/envelope';
import { setShipmentTags } from './shipment-tags.service';

/**
 * Setting a shipment's tags: members who may change shipments (permission 0); view-only members are
 * refused, another workspace's shipment is not found. The tags in use come with each mode's filter
 * options (GET /api/shipments/{ocean|express}/options).
 */
/** Each mode's route: its path segment, the id's name in it, and the OpenAPI tag. */
const MODES = [
  { mode: 'ocean', param: 'shipmentOverallId', tag: 'ocean-shipments', noun: 'an ocean' },
  { mode: 'express', param: 'expressOrderId', tag: 'express-shipments', noun: 'an express' },
] as const;

export const shipmentTagsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  for (const { mode, param, tag, noun } of MODES)
    app.put(
      `/api/shipments/${mode}/:${param}/tags`,
      {
        config: { access: 'shipments:change' },
        schema: {
          tags: [tag],
          summary: `Set ${noun} shipment's tags (the whole set)`,
          params: z.object({ [param]: z.string().max(60) }),
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
            (request.params as Record<string, string>)[param]!,
            request.body.tags,
          ),
          'Tags saved',
        ),
    );
};
