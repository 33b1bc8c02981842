import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema } from '@tracklane/shared/api/envelope';
import {
  membersQuerySchema,
  organizationMemberSchema,
  permissionsUpdateRequestSchema,
  removeMemberRequestSchema,
  selectionSchema,
  workspaceMemberSchema,
} from '@tracklane/shared/organizations/organizations.schema';
import { canManageOrganization } from '@tracklane/shared/organizations/organizations.policy';
import type { AppContext } from '../../app-context';
import { AppError } from '../../lib/app-error';
import { ok } from '../../lib/envelope';
import { currentSelection } from '../organizations/organizations.service';
import {
  listOrganizationMembers,
  listWorkspaceMembers,
  removeMember,
  updatePermissions,
} from './members.service';

const tags = ['members'];

export const membersRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/api/workspaces/members/get',
    {
      config: { access: 'member' },
      schema: {
        tags,
        summary:
          'Members of the current workspace, or (admins, scope=organization) of the whole organization',
        querystring: membersQuerySchema,
        response: {
          200: envelopeSchema(z.union([z.array(organizationMemberSchema), z.array(workspaceMemberSchema)])),
        },
      },
    },
    async (request) => {
      const tenant = request.tenant;
      if (request.query.scope === 'organization') {
        if (!canManageOrganization(tenant.role))
          throw new AppError('FORBIDDEN', 'Only company admins can do this.');
        return ok(await listOrganizationMembers(ctx.db, tenant.organizationId, tenant.userId));
      }
      return ok(await listWorkspaceMembers(ctx.db, tenant.workspaceId));
    },
  );

  app.patch(
    '/api/workspaces/permissions/update',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        body: permissionsUpdateRequestSchema,
        response: { 200: envelopeSchema(z.object({ you: z.boolean(), selection: selectionSchema })) },
      },
    },
    async (request) => {
      const { youChanged } = await updatePermissions(ctx, request.tenant, request.body.entries);
      // spec §4: changing the acting user's own permissions re-selects organization and workspace.
      const selection = await currentSelection(ctx.db, {
        sessionId: request.sessionId,
        userId: request.user.id,
        currentWorkspaceId: request.tenant.workspaceId,
      });
      return ok({ you: youChanged, selection }, 'Permissions updated');
    },
  );

  app.post(
    '/api/organization/members/remove',
    {
      config: { access: 'admin' },
      schema: { tags, body: removeMemberRequestSchema, response: { 200: envelopeSchema(z.null()) } },
    },
    async (request) => {
      const { email } = await removeMember(ctx, request.tenant, request.body.userId);
      return ok(null, `Removed ${email} from the organization`);
    },
  );
};
