import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema } from '@tracklane/shared/api/envelope';
import {
  createCustomFieldRequestSchema,
  customFieldSchema,
  customFieldsResultSchema,
  reorderCustomFieldsRequestSchema,
  updateCustomFieldRequestSchema,
} from '@tracklane/shared/custom-fields/custom-fields.schema';
import type { AppContext } from '../../app-context';
import { ok } from '../../lib/envelope';
import { v1Responses } from '../public-api/v1-schema';
import {
  createCustomField,
  deleteCustomField,
  listCustomFields,
  reorderCustomFields,
  updateCustomField,
} from './custom-fields.service';

const tags = ['custom fields'];
const params = z.object({ fieldId: z.string().max(60) });

const exampleFields = {
  success: true,
  message: 'OK',
  code: 'OK',
  result: {
    fields: [
      {
        id: '3f1c2b4a-5d6e-4f70-8a9b-0c1d2e3f4a5b',
        name: 'Priority',
        type: 'choice',
        choices: ['Low', 'Normal', 'Urgent'],
        required: false,
        position: 0,
      },
    ],
  },
};

/**
 * The workspace's custom field definitions: every member with shipment access (and every API key)
 * reads them; company admins add, change, reorder and delete them.
 */
export const customFieldsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/api/custom-fields',
    {
      config: { access: 'shipments:view' },
      schema: {
        tags,
        summary: 'List the workspace’s custom fields, in their order',
        response: { 200: envelopeSchema(customFieldsResultSchema) },
      },
    },
    async (request) => ok({ fields: await listCustomFields(ctx.db, request.tenant.workspaceId) }),
  );

  app.get(
    '/api/v1/custom-fields',
    {
      config: { access: 'key:read' },
      schema: {
        tags: ['v1: custom fields'],
        summary: 'List the workspace’s custom fields',
        description:
          'The fields the workspace’s admins defined, in their order: ids, names, types and the choices of choice types. A shipment’s values are keyed by these ids.',
        ...v1Responses(envelopeSchema(customFieldsResultSchema), exampleFields),
      },
    },
    async (request) => ok({ fields: await listCustomFields(ctx.db, request.tenant.workspaceId) }),
  );

  app.post(
    '/api/custom-fields',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Add a custom field (company admins)',
        body: createCustomFieldRequestSchema,
        response: { 200: envelopeSchema(customFieldSchema) },
      },
    },
    async (request) =>
      ok(await createCustomField(ctx.db, request.tenant.workspaceId, request.body), 'Field added'),
  );

  app.put(
    '/api/custom-fields/order',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Reorder the custom fields (every field id once)',
        body: reorderCustomFieldsRequestSchema,
        response: { 200: envelopeSchema(customFieldsResultSchema) },
      },
    },
    async (request) =>
      ok(
        { fields: await reorderCustomFields(ctx.db, request.tenant.workspaceId, request.body.ids) },
        'Fields reordered',
      ),
  );

  app.patch(
    '/api/custom-fields/:fieldId',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Change a custom field’s name, choices or whether it is required',
        params,
        body: updateCustomFieldRequestSchema,
        response: { 200: envelopeSchema(customFieldSchema) },
      },
    },
    async (request) =>
      ok(
        await updateCustomField(ctx.db, request.tenant.workspaceId, request.params.fieldId, request.body),
        'Field saved',
      ),
  );

  app.delete(
    '/api/custom-fields/:fieldId',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Delete a custom field and every shipment’s value of it',
        params,
        response: { 200: envelopeSchema(z.null()) },
      },
    },
    async (request) => {
      await deleteCustomField(ctx.db, request.tenant.workspaceId, request.params.fieldId);
      return ok(null, 'Field deleted');
    },
  );
};
