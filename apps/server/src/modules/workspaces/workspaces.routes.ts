import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema } from '@tracklane/shared/api/envelope';
import {
  createWorkspaceRequestSchema,
  deleteWorkspaceQuerySchema,
  leaveWorkspaceRequestSchema,
  organizationSchema,
  selectionSchema,
  updateWorkspaceFieldsSchema,
  uploadWorkspaceImageFieldsSchema,
  workspaceCurrentIdRequestSchema,
  workspaceSchema,
  workspaceWithCountSchema,
} from '@tracklane/shared/organizations/organizations.schema';
import type { AppContext } from '../../app-context';
import { AppError } from '../../lib/app-error';
import { ok } from '../../lib/envelope';
import { parseFormFields, readMultipartForm } from '../../lib/images';
import { imageFilePart } from '../../lib/openapi';
import {
  currentSelection,
  listOrganizationsOfUser,
  selectWorkspace,
} from '../organizations/organizations.service';
import {
  createWorkspace,
  deleteWorkspace,
  leaveWorkspace,
  listWorkspacesOfOrganization,
  setWorkspaceImage,
  updateWorkspace,
} from './workspaces.service';

const tags = ['workspaces'];

export const workspacesRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/api/workspaces/get',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Organizations with their workspaces',
        response: { 200: envelopeSchema(z.array(organizationSchema)) },
      },
    },
    async (request) => ok(await listOrganizationsOfUser(ctx.db, request.user.id)),
  );

  app.get(
    '/api/workspaces/getAll',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'All workspaces of the current organization',
        response: { 200: envelopeSchema(z.array(workspaceWithCountSchema)) },
      },
    },
    async (request) => ok(await listWorkspacesOfOrganization(ctx.db, request.tenant.organizationId)),
  );

  app.post(
    '/api/workspaces/setCookies',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary:
          'Confirms the session’s organization and workspace (the selection lives on the server; the body is ignored)',
        body: z.unknown().optional(),
        response: { 200: envelopeSchema(selectionSchema) },
      },
    },
    async (request) =>
      ok(
        await currentSelection(ctx.db, {
          sessionId: request.sessionId,
          userId: request.user.id,
          currentWorkspaceId: request.currentWorkspaceId,
        }),
      ),
  );

  app.post(
    '/api/workspaces/currentId',
    {
      config: { access: 'user' },
      schema: {
        tags,
        body: workspaceCurrentIdRequestSchema,
        response: { 200: envelopeSchema(selectionSchema) },
      },
    },
    async (request) =>
      ok(await selectWorkspace(ctx.db, request.sessionId, request.user.id, request.body.workspaceId)),
  );

  app.post(
    '/api/workspaces/create',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        body: createWorkspaceRequestSchema,
        response: { 200: envelopeSchema(workspaceSchema) },
      },
    },
    async (request) => {
      const workspace = await createWorkspace(ctx, request.tenant, request.body.workspaceName);
      return ok(workspace, `Created ${workspace.name}`);
    },
  );

  app.post(
    '/api/workspaces/update',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        multipartForm: updateWorkspaceFieldsSchema.extend({ file: imageFilePart.optional() }),
        response: { 200: envelopeSchema(workspaceSchema) },
      },
    },
    async (request) => {
      const form = await readMultipartForm(request);
      const fields = parseFormFields(updateWorkspaceFieldsSchema, form.fields);
      return ok(
        await updateWorkspace(ctx, request.tenant, { ...fields, file: form.file }),
        'Workspace saved',
      );
    },
  );

  app.post(
    '/api/workspaces/uploadImage',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        multipartForm: uploadWorkspaceImageFieldsSchema.extend({ file: imageFilePart }),
        response: { 200: envelopeSchema(workspaceSchema) },
      },
    },
    async (request) => {
      const form = await readMultipartForm(request);
      const fields = parseFormFields(uploadWorkspaceImageFieldsSchema, form.fields);
      if (fields.userId !== request.user.id)
        throw new AppError('FORBIDDEN', 'You can only upload as yourself.');
      if (!form.file) throw new AppError('VALIDATION', 'Choose an image to upload.');
      return ok(await setWorkspaceImage(ctx, request.tenant, fields.workspaceId, form.file), 'Image updated');
    },
  );

  app.delete(
    '/api/workspaces/delete',
    {
      config: { access: 'admin' },
      schema: { tags, querystring: deleteWorkspaceQuerySchema, response: { 200: envelopeSchema(z.null()) } },
    },
    async (request) => {
      const { workspaceName } = await deleteWorkspace(ctx, request.tenant, request.query.workspaceId);
      return ok(null, `Deleted ${workspaceName}`);
    },
  );

  app.patch(
    '/api/workspaces/leave',
    {
      config: { access: 'user' },
      schema: {
        tags,
        body: leaveWorkspaceRequestSchema,
        response: {
          200: envelopeSchema(
            z.object({
              workspaceName: z.string(),
              removedFromOrganization: z.boolean(),
              selection: selectionSchema,
            }),
          ),
        },
      },
    },
    async (request) => {
      const result = await leaveWorkspace(
        ctx,
        { sessionId: request.sessionId, userId: request.user.id },
        request.body.workspaceId,
      );
      return ok(result, `You have been removed from ${result.workspaceName}`);
    },
  );
};
