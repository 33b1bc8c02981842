import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema } from '@tracklane/shared/api/envelope';
import {
  v1ArchiveResultSchema,
  v1KeyInfoSchema,
  v1ShipmentParamsSchema,
} from '@tracklane/shared/public-api/public-api.schema';
import type { AppContext } from '../../app-context';
import { AppError } from '../../lib/app-error';
import { ok } from '../../lib/envelope';
import { allModeFeatures } from '../../modes';
import { setArchived } from '../tracking/archive.service';
import { getKeyInfo } from './key-info.service';
import { examples } from './examples';
import { v1Responses } from './v1-schema';

const NOT_TRACKED = 'This shipment is not tracked in this workspace.';

/**
 * The versioned public API, for the workspace of the API key (`Authorization: Bearer`): the key
 * itself, and archiving a shipment of any mode here; each mode's shipments in its own folder
 * (`*-v1.routes.ts`). Every handler calls the same services as the app, with the key's tenant, so the same rules hold; the access levels (`key:read`, `key:write`) are checked before. A
 * key reads as its creator: `favorite` is their own star (ADR 0033).
 */
export const publicApiRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/api/v1/key',
    {
      config: { access: 'key:read' },
      schema: {
        tags: ['v1: key'],
        summary: 'The key itself: its name, scope and workspace',
        description: 'A cheap way for a client to check that its key works and what it may do.',
        ...v1Responses(envelopeSchema(v1KeyInfoSchema), examples.keyInfo),
      },
    },
    async (request) => ok(await getKeyInfo(ctx.db, request.apiKey.id)),
  );

  // Archive and back, each mode at its own path.
  for (const { mode, routes } of allModeFeatures())
    for (const archived of [true, false])
      app.post(
        `/api/v1/shipments/${routes.segment}/:shipmentId/${archived ? 'archive' : 'unarchive'}`,
        {
          config: { access: 'key:write' },
          schema: {
            tags: [`v1: ${routes.many}`],
            summary: archived ? `Archive ${routes.one}` : `Move ${routes.one} back from the archive`,
            description: archived
              ? 'Moves the shipment to the archived list; tracking data is kept. Archiving an archived shipment changes nothing.'
              : 'Moves an archived shipment back to the list it came from.',
            params: v1ShipmentParamsSchema,
            ...v1Responses(
              envelopeSchema(v1ArchiveResultSchema),
              archived ? examples.archived : examples.unarchived,
            ),
          },
        },
        async (request) => {
          const { shipmentId } = request.params;
          const ids = z.uuid().safeParse(shipmentId).success ? [shipmentId] : [];
          const result = ids.length ? await setArchived(ctx, request.tenant, mode, ids, archived) : null;
          if (!result?.updatedIds.length) throw new AppError('NOT_FOUND', NOT_TRACKED);
          return ok({ shipmentId, archived }, archived ? 'Archived' : 'Moved back from the archive');
        },
      );
};
