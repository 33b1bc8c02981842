import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema } from '@tracklane/shared/api/envelope';
import { expressFavoriteRequestSchema } from '@tracklane/shared/express-shipments/express-shipments.schema';
import { oceanFavoriteRequestSchema } from '@tracklane/shared/ocean-shipments/ocean-shipments.schema';
import { TAB_HEADER } from '@tracklane/shared/realtime/user-events';
import type { AppContext } from '../../app-context';
import { ok } from '../../lib/envelope';
import { modeFeatures } from '../../modes';
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
  app.post(
    '/api/shipments/ocean/favorite',
    {
      config: { access: 'shipments:view' },
      schema: {
        tags: ['ocean-shipments'],
        summary: 'Star or unstar ocean shipments, for the caller alone',
        body: oceanFavoriteRequestSchema,
        response: { 200: resultSchema },
      },
    },
    async (request) =>
      ok(
        await setFavorites(
          ctx,
          request.tenant,
          modeFeatures('ocean'),
          request.body.shipmentOverallIds,
          request.body.favorite,
          originOf(request),
        ),
      ),
  );

  app.post(
    '/api/shipments/express/favorite',
    {
      config: { access: 'shipments:view' },
      schema: {
        tags: ['express-shipments'],
        summary: 'Star or unstar express shipments, for the caller alone',
        body: expressFavoriteRequestSchema,
        response: { 200: resultSchema },
      },
    },
    async (request) =>
      ok(
        await setFavorites(
          ctx,
          request.tenant,
          modeFeatures('express'),
          request.body.expressOrderIds,
          request.body.favorite,
          originOf(request),
        ),
      ),
  );
};
