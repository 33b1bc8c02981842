import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeSchema } from '@tracklane/shared/api/envelope';
import { searchQuerySchema } from '@tracklane/shared/search/search.schema';
import type { AppContext } from '../../app-context';
import { ok } from '../../lib/envelope';
import { registeredSearchAnswerSchema } from '../tracking/mode-wire';
import { searchShipments } from './search.service';

const tags = ['search'];

export const searchRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/api/search',
    {
      // Across workspaces, like the rail: not the session's selected one, so `user`; the service looks
      // only in the workspaces the user may see shipments in.
      config: { access: 'user' },
      schema: {
        tags,
        summary:
          'Find shipments by container, bill of lading, parcel number, tag, reference or custom field in all my workspaces',
        description:
          'Prefix match, whatever the case, on numbers normalised as intake stores them, on customer references, ' +
          'booking numbers and text, link and choice custom field values (a PO number matches whole), in every ' +
          'workspace where the caller may see shipments. At most 20 results: exact matches first, then active ' +
          'before archived, then the most recently added; `truncated` says more matched. `match` says which ' +
          'field matched (a custom field by id and name).',
        querystring: searchQuerySchema,
        response: { 200: envelopeSchema(registeredSearchAnswerSchema()) },
      },
    },
    async (request) => ok(await searchShipments(ctx.db, request.user.id, request.query.q)),
  );
};
