import {
  shipmentReferencesSchema,
  updateReferencesRequestSchema,
} from '@tracklane/shared/references/references.schema';
import { shipmentPartRoutes } from '../public-api/shipment-part-routes';
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

export const referencesRoutes = shipmentPartRoutes({
  path: 'references',
  answer: shipmentReferencesSchema,
  example: exampleReferences,
  body: updateReferencesRequestSchema.meta({ example: exampleChange }),
  summary: {
    read: (one) => `Get ${one}'s references and parties`,
    write: (one) => `Change ${one}'s references and parties (the fields sent)`,
  },
  describe: {
    read: 'The workspace’s own references on the shipment: booking number, customer reference, PO numbers, and the parties (shipper, consignee, customer, forwarder) from its list of companies.',
    write:
      'Changes the fields sent and keeps the others; null or an empty text clears a field. Parties are company ids from GET /api/companies’ list; PO numbers are stored in upper case.',
  },
  saved: 'References saved',
  read: (ctx, workspaceId, mode, id) => getShipmentReferences(ctx.db, workspaceId, mode, id),
  write: (ctx, workspaceId, mode, id, body) => updateShipmentReferences(ctx.db, workspaceId, mode, id, body),
});
