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
import { v1Responses } from '../public-api/v1-schema';
import { getShipmentReferences, updateShipmentReferences } from './references.service';

/**
 * A shipment's references, each mode at its own path, written once over the mode registry: members
 * with shipment access read them, members who may change shipments change them; another workspace's
 * shipment is not found.
 */
const exampleReferences = {
  success: true,
  message: 'OK',
  code: 'OK',
  result: {
    bookingNumber: 'BKG2231987',
    customerReference: 'ACME-ORDER-5512',
    poNumbers: ['PO-77881', 'PO-77882'],
    shipper: { id: '0b6f3c5e-1d2a-4c7b-9e8f-1a2b3c4d5e6f', name: 'Shenzhen Lights Co.' },
    consignee: { id: '7c1d2e3f-4a5b-4c6d-8e9f-0a1b2c3d4e5f', name: 'Acme Retail GmbH' },
    customer: null,
    forwarder: null,
  },
};
const exampleChange = {
  customerReference: 'ACME-ORDER-5512',
  poNumbers: ['PO-77881', 'PO-77882'],
  consigneeId: '7c1d2e3f-4a5b-4c6d-8e9f-0a1b2c3d4e5f',
};

/** Where the references are served: to the app's session, and to API keys under /api/v1. */
interface Surface {
  url: string;
  idParam: string;
  read: 'shipments:view' | 'key:read';
  write: 'shipments:change' | 'key:write';
  tags: string[];
  /** The answer's schema (with the public API's examples and errors). */
  responses: object;
  /** The public API's words for each call. */
  describe?: { read: string; write: string };
}

export const referencesRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  for (const { mode, routes } of allModeFeatures()) {
    const answer = envelopeSchema(shipmentReferencesSchema);
    const surfaces: Surface[] = [
      {
        url: `/api/shipments/${routes.segment}/:${routes.idParam}/references`,
        idParam: routes.idParam,
        read: 'shipments:view',
        write: 'shipments:change',
        tags: [routes.tag],
        responses: { response: { 200: answer } },
      },
      {
        url: `/api/v1/shipments/${routes.segment}/:shipmentId/references`,
        idParam: 'shipmentId',
        read: 'key:read',
        write: 'key:write',
        tags: [`v1: ${routes.many}`],
        responses: v1Responses(answer, exampleReferences),
        describe: {
          read: 'The workspace’s own references on the shipment: booking number, customer reference, PO numbers, and the parties (shipper, consignee, customer, forwarder) from its list of companies.',
          write:
            'Changes the fields sent and keeps the others; null or an empty text clears a field. Parties are company ids from GET /api/companies’ list; PO numbers are stored in upper case.',
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
            summary: `Get ${routes.one}'s references and parties`,
            description: surface.describe?.read,
            params,
            ...surface.responses,
          },
        },
        async (request) =>
          ok(await getShipmentReferences(ctx.db, request.tenant.workspaceId, mode, idOf(request.params))),
      );
      app.patch(
        surface.url,
        {
          config: { access: surface.write },
          schema: {
            tags: surface.tags,
            summary: `Change ${routes.one}'s references and parties (the fields sent)`,
            description: surface.describe?.write,
            params,
            body: updateReferencesRequestSchema.meta({ example: exampleChange }),
            ...surface.responses,
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
  }
};
