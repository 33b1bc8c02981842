import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema } from '@tracklane/shared/api/envelope';
import {
  confirmInviteRequestSchema,
  INVITE_MESSAGES,
  inviteRequestSchema,
  inviteResponseSchema,
  inviteResultSchema,
  invitationStateQuerySchema,
  invitationStateSchema,
  resendInviteRequestSchema,
  withdrawInviteRequestSchema,
  workspaceInvitationSchema,
} from '@tracklane/shared/invitations/invitations.schema';
import type { AppContext } from '../../app-context';
import { attachUserSocket, refuseForeignSocket } from '../../integrations/realtime/user-socket';
import { ok } from '../../lib/envelope';
import {
  confirmInvitation,
  invitationLinkState,
  inviteMembers,
  listMyInvitations,
  listOrganizationInvitations,
  resendInvitation,
  withdrawInvitation,
} from './invitations.service';

const tags = ['invitations'];

export const invitationsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.post(
    '/api/workspaces/invite/new',
    {
      config: { access: 'admin' },
      schema: { tags, body: inviteRequestSchema, response: { 200: envelopeSchema(inviteResultSchema) } },
    },
    async (request) => {
      const result = await inviteMembers(ctx, request.tenant, request.user, request.body);
      return ok(result, INVITE_MESSAGES.invited(result.invited));
    },
  );

  app.post(
    '/api/workspaces/invite/resend',
    {
      config: { access: 'admin' },
      schema: { tags, body: resendInviteRequestSchema, response: { 200: envelopeSchema(z.null()) } },
    },
    async (request) => {
      const { email } = await resendInvitation(ctx, request.tenant, request.user, request.body.memberId);
      return ok(null, `Invitation sent again to ${email}`);
    },
  );

  app.post(
    '/api/workspaces/invite/withdraw',
    {
      config: { access: 'admin' },
      schema: { tags, body: withdrawInviteRequestSchema, response: { 200: envelopeSchema(z.null()) } },
    },
    async (request) => {
      const { email, workspaceName } = await withdrawInvitation(ctx, request.tenant, request.body.memberId);
      return ok(null, INVITE_MESSAGES.withdrawn(email, workspaceName));
    },
  );

  app.get(
    '/api/workspaces/invite/state',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'What the invitations an e-mail link names stand for now (no names, no addresses)',
        querystring: invitationStateQuerySchema,
        response: { 200: envelopeSchema(invitationStateSchema) },
      },
    },
    async (request) => ok({ state: await invitationLinkState(ctx.db, request.query.ids) }),
  );

  app.get(
    '/api/workspaces/invite/list',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'My pending invitations',
        response: { 200: envelopeSchema(z.array(workspaceInvitationSchema)) },
      },
    },
    async (request) => ok(await listMyInvitations(ctx.db, request.user)),
  );

  app.get(
    '/api/workspaces/invite/pending',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: "Pending invitations of the admin's organization",
        response: {
          200: envelopeSchema(
            z.array(
              z.object({
                memberId: z.string(),
                email: z.string(),
                workspaceId: z.string(),
                workspaceName: z.string(),
                createdAt: z.string(),
                lastSentAt: z.string(),
              }),
            ),
          ),
        },
      },
    },
    async (request) => ok(await listOrganizationInvitations(ctx.db, request.tenant.organizationId)),
  );

  app.post(
    '/api/workspaces/invite/confirm',
    {
      config: { access: 'user' },
      schema: {
        tags,
        body: confirmInviteRequestSchema,
        response: { 200: envelopeSchema(inviteResponseSchema) },
      },
    },
    async (request) => {
      const result = await confirmInvitation(ctx, request.user, request.body);
      const message = result.joined
        ? INVITE_MESSAGES.joined(result.workspaceName)
        : INVITE_MESSAGES.declined(result.workspaceName);
      return ok({ workspaceName: result.workspaceName, joined: result.joined }, message);
    },
  );

  app.get(
    '/api/ws/workspaceInvitations',
    {
      websocket: true,
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'WebSocket: a message each time my invitations change (see also /api/ws/events)',
        description:
          'Upgrades to a WebSocket. The server sends {"type":"workspaceInvitations.changed"} when an ' +
          'invitation to this user is sent or resent, or one they sent is answered; it reads nothing.',
        querystring: z.object({ userId: z.string() }),
      },
      preHandler: refuseForeignSocket(ctx),
    },
    async (socket, request) => attachUserSocket(ctx, ['workspaceInvitations'], socket, request),
  );
};
