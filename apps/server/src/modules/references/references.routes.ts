import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema } from '@tracklane/shared/api/envelope';
import {
  shipmentReferencesSchema,
  updateReferencesRequestSchema,
  type UpdateReferences,
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

export const referencesRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  for (const { mode, routes } of allModeFeatures()) {
    const url = `/api/shipments/${routes.segment}/:${routes.idParam}/references`;
    const params = z.object({ [routes.idParam]: z.string().max(60) });
    const idOf = (p: unknown) => (p as Record<string, string>)[routes.idParam]!;
    const read = async (workspaceId: string, id: string) =>
      ok(await getShipmentReferences(ctx.db, workspaceId, mode, id));
    const change = async (workspaceId: string, id: string, body: UpdateReferences) =>
      ok(await updateShipmentReferences(ctx.db, workspaceId, mode, id, body), 'References saved');
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
      async (request) => read(request.tenant.workspaceId, idOf(request.params)),
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
      async (request) => change(request.tenant.workspaceId, idOf(request.params), request.body),
    );

    // The public API: the same services with the key's workspace.
    const v1Url = `/api/v1/shipments/${routes.segment}/:shipmentId/references`;
    const v1Params = z.object({ shipmentId: z.string().max(60) });
    const v1Tags = [`v1: ${routes.many}`];
    app.get(
      v1Url,
      {
        config: { access: 'key:read' },
        schema: {
          tags: v1Tags,
          summary: `Get ${routes.one}'s references`,
          description:
            'The workspace’s own references on the shipment: booking number, customer reference, PO numbers, and the parties (shipper, consignee, customer, forwarder) from its list of companies.',
          params: v1Params,
          ...v1Responses(envelopeSchema(shipmentReferencesSchema), exampleReferences),
        },
      },
      async (request) => read(request.tenant.workspaceId, request.params.shipmentId),
    );
    app.patch(
      v1Url,
      {
        config: { access: 'key:write' },
        schema: {
          tags: v1Tags,
          summary: `Change ${routes.one}'s references`,
          description:
            'Changes the fields sent and keeps the others; null or an empty text clears a field. Parties are company ids from GET /api/companies’ list; PO numbers are stored in upper case.',
          params: v1Params,
          body: updateReferencesRequestSchema.meta({ example: exampleChange }),
          ...v1Responses(envelopeSchema(shipmentReferencesSchema), exampleReferences),
        },
      },
      async (request) => change(request.tenant.workspaceId, request.params.shipmentId, request.body),
    );
  }
};
