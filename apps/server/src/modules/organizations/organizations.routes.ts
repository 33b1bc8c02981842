import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema } from '@tracklane/shared/api/envelope';
import {
  leaveOrganizationRequestSchema,
  organizationCurrentIdRequestSchema,
  overviewSchema,
  selectionSchema,
  updateOrganizationFieldsSchema,
} from '@tracklane/shared/organizations/organizations.schema';
import type { AppContext } from '../../app-context';
import { ok } from '../../lib/envelope';
import { parseFormFields, readMultipartForm } from '../../lib/images';
import { imageFilePart } from '../../lib/openapi';
import { withTransaction } from '../../lib/transaction';
import {
  getOverview,
  leaveOrganization,
  selectHome,
  selectOrganization,
  updateOrganization,
} from './organizations.service';

const tags = ['organizations'];

export const organizationsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.post(
    '/api/organization/currentId',
    {
      config: { access: 'user' },
      schema: {
        tags,
        body: organizationCurrentIdRequestSchema,
        response: { 200: envelopeSchema(selectionSchema) },
      },
    },
    async (request) =>
      ok(await selectOrganization(ctx.db, request.sessionId, request.user.id, request.body.organizationId)),
  );

  app.get(
    '/api/organization/overview',
    {
      config: { access: 'member' },
      schema: {
        tags,
        summary: 'Seats used and the plan limit',
        response: { 200: envelopeSchema(overviewSchema) },
      },
    },
    async (request) => ok(await getOverview(ctx.db, request.tenant.organizationId)),
  );

  app.post(
    '/api/organization/update',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        multipartForm: updateOrganizationFieldsSchema.extend({ file: imageFilePart.optional() }),
        response: {
          200: envelopeSchema(
            z.object({
              organizationId: z.string(),
              organizationName: z.string(),
              image: z.string().nullable(),
            }),
          ),
        },
      },
    },
    async (request) => {
      const form = await readMultipartForm(request);
      const fields = parseFormFields(updateOrganizationFieldsSchema, form.fields);
      return ok(
        await updateOrganization(ctx, request.tenant.organizationId, { ...fields, file: form.file }),
        'Organization saved',
      );
    },
  );

  app.patch(
    '/api/organization/leave',
    {
      config: { access: 'user' },
      schema: {
        tags,
        body: leaveOrganizationRequestSchema,
        response: {
          200: envelopeSchema(z.object({ organizationName: z.string(), selection: selectionSchema })),
        },
      },
    },
    async (request) => {
      const userId = request.user.id;
      const { organizationName } = await withTransaction(ctx.pool, ({ tx }) =>
        leaveOrganization(tx, userId, request.body.organizationId),
      );
      return ok(
        { organizationName, selection: await selectHome(ctx.db, request.sessionId, userId) },
        'Successfully left organization',
      );
    },
  );
};
