import {
  shipmentCustomFieldsSchema,
  updateCustomValuesRequestSchema,
} from '@tracklane/shared/custom-fields/custom-field-values';
import { shipmentPartRoutes } from '../public-api/shipment-part-routes';
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

export const customFieldValuesRoutes = shipmentPartRoutes({
  path: 'custom-fields',
  answer: shipmentCustomFieldsSchema,
  example: exampleValues,
  body: updateCustomValuesRequestSchema.meta({ example: exampleChange }),
  summary: {
    read: (one) => `Get ${one}'s custom field values`,
    write: (one) => `Change ${one}'s custom field values (the fields sent)`,
  },
  describe: {
    read: 'The shipment’s values of the workspace’s custom fields, keyed by field id (GET /api/v1/custom-fields); a field without a value is absent.',
    write:
      'Changes the values of the fields sent and keeps the others; null, an empty text or an empty list clears one (refused for a required field). Texts (one line, at most 500 characters), numbers, dates as YYYY-MM-DD, links (http or https), a choice as one of the field’s choices, a multiple choice as a list of them.',
  },
  saved: 'Custom fields saved',
  read: (ctx, workspaceId, mode, id) => getShipmentCustomValues(ctx.db, workspaceId, mode, id),
  write: (ctx, workspaceId, mode, id, body) =>
    updateShipmentCustomValues(ctx.db, workspaceId, mode, id, body.values),
});
