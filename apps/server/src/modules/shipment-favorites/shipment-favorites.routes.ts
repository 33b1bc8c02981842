import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema } from '@tracklane/shared/api/envelope';
import { TAB_HEADER } from '@tracklane/shared/realtime/user-events';
import type { AppContext } from '../../app-context';
import { ok } from '../../lib/envelope';
import { allModeFeatures } from '../../modes';
import { setFavorites } from './shipment-favorites.service';

/**
 * Starring shipments, each mode at its own path: a favourite is the caller's own (ADR 0033), so every
 * member who may see the shipments may star them, view-only members too; another workspace's shipment
 * is not found.
 */

const resultSchema = envelopeSchema(z.object({ updatedIds: z.array(z.string()) }));

/** The tab that asked (a nonce of the web app's), echoed on the user's socket; anything else is ignored. */
function originOf(request: FastifyRequest): string | null {
  const value = request.headers[TAB_HEADER.toLowerCase()];
  return typeof value === 'string' && /^[A-Za-z0-9_-]{1,64}$/.test(value) ? value : null;
}

export const shipmentFavoritesRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  for (const features of allModeFeatures()) {
    const { routes } = features;
    app.post(
      `/api/shipments/${routes.segment}/favorite`,
      {
        config: { access: 'shipments:view' },
        schema: {
          tags: [routes.tag],
          summary: `Star or unstar ${routes.many}, for the caller alone`,
          body: routes.favoriteRequest,
          response: { 200: resultSchema },
        },
      },
      async (request) =>
        ok(
          await setFavorites(
            ctx,
            request.tenant,
            features,
            routes.favoriteIds(request.body),
            request.body.favorite,
            originOf(request),
          ),
        ),
    );
  }
};
