import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema } from '@tracklane/shared/api/envelope';
import {
  shipmentCustomFieldsSchema,
  updateCustomValuesRequestSchema,
} from '@tracklane/shared/custom-fields/custom-field-values';
import type { AppContext } from '../../app-context';
import { ok } from '../../lib/envelope';
import { allModeFeatures } from '../../modes';
import { v1Responses } from '../public-api/v1-schema';
import { getShipmentCustomValues, updateShipmentCustomValues } from './custom-field-values.service';

/**
 * A shipment's custom field values, each mode at its own path, written once over the mode registry
 * as the references are: members with shipment access read them, members who may change shipments
 * change them; another workspace's shipment is not found, another workspace's field refused.
 */
const exampleValues = {
  success: true,
  message: 'OK',
  code: 'OK',
  result: {
    '3f1c2b4a-5d6e-4f70-8a9b-0c1d2e3f4a5b': 'Urgent',
    '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d': 12,
    '0f1e2d3c-4b5a-4968-8776-655443322110': ['Flammable', 'Fragile'],
  },
};
const exampleChange = {
  values: {
    '3f1c2b4a-5d6e-4f70-8a9b-0c1d2e3f4a5b': 'Urgent',
    '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d': null,
  },
};

interface Surface {
  url: string;
  idParam: string;
  read: 'shipments:view' | 'key:read';
  write: 'shipments:change' | 'key:write';
  tags: string[];
  responses: object;
  describe?: { read: string; write: string };
}

export const customFieldValuesRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  for (const { mode, routes } of allModeFeatures()) {
    const answer = envelopeSchema(shipmentCustomFieldsSchema);
    const surfaces: Surface[] = [
      {
        url: `/api/shipments/${routes.segment}/:${routes.idParam}/custom-fields`,
        idParam: routes.idParam,
        read: 'shipments:view',
        write: 'shipments:change',
        tags: [routes.tag],
        responses: { response: { 200: answer } },
      },
      {
        url: `/api/v1/shipments/${routes.segment}/:shipmentId/custom-fields`,
        idParam: 'shipmentId',
        read: 'key:read',
        write: 'key:write',
        tags: [`v1: ${routes.many}`],
        responses: v1Responses(answer, exampleValues),
        describe: {
          read: 'The shipment’s values of the workspace’s custom fields, keyed by field id (GET /api/v1/custom-fields); a field without a value is absent.',
          write:
            'Changes the values of the fields sent and keeps the others; null, an empty text or an empty list clears one (refused for a required field). Texts (one line, at most 500 characters), numbers, dates as YYYY-MM-DD, links (http or https), a choice as one of the field’s choices, a multiple choice as a list of them.',
        },
      },
    ];
    for (const surface of surfaces) {
      const params = z.object({ [surface.idParam]: z.string().max(60) });
      const idOf = (p: unknown) => (p as Record<string, string>)[surface.idParam]!;
      app.get(
        surface.url,
        {
          config: { access: surface.read },
          schema: {
            tags: surface.tags,
            summary: `Get ${routes.one}'s custom field values`,
            description: surface.describe?.read,
            params,
            ...surface.responses,
          },
        },
        async (request) =>
          ok(await getShipmentCustomValues(ctx.db, request.tenant.workspaceId, mode, idOf(request.params))),
      );
      app.patch(
        surface.url,
        {
          config: { access: surface.write },
          schema: {
            tags: surface.tags,
            summary: `Change ${routes.one}'s custom field values (the fields sent)`,
            description: surface.describe?.write,
            params,
            body: updateCustomValuesRequestSchema.meta({ example: exampleChange }),
            ...surface.responses,
          },
        },
        async (request) =>
          ok(
            await updateShipmentCustomValues(
              ctx.db,
              request.tenant.workspaceId,
              mode,
              idOf(request.params),
              request.body.values,
            ),
            'Custom fields saved',
          ),
      );
    }
  }
};
