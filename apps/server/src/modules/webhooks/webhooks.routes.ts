import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema } from '@tracklane/shared/api/envelope';
import {
  createWebhookRequestSchema,
  updateWebhookRequestSchema,
  webhookDeliveriesQuerySchema,
  webhookDeliveriesResultSchema,
  webhookEndpointSchema,
  webhookWithSecretSchema,
} from '@tracklane/shared/webhooks/webhooks.schema';
import type { AppContext } from '../../app-context';
import { ok } from '../../lib/envelope';
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  listWebhookDeliveries,
  listWebhookEndpoints,
  replayWebhookDelivery,
  rollWebhookSecret,
  updateWebhookEndpoint,
} from './webhooks.service';

const tags = ['webhooks'];
const endpointParams = z.object({
  endpointId: z.uuid({ message: 'This webhook endpoint does not exist in this workspace.' }),
});
const deliveryParams = endpointParams.extend({
  deliveryId: z.uuid({ message: 'This delivery does not exist for this endpoint.' }),
});

/** Company admins manage the current workspace's webhook endpoints and read their delivery logs. */
export const webhooksRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/api/webhooks',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: "The current workspace's webhook endpoints (without their secrets)",
        response: { 200: envelopeSchema(z.array(webhookEndpointSchema)) },
      },
    },
    async (request) => ok(await listWebhookEndpoints(ctx.db, request.tenant.workspaceId)),
  );

  app.post(
    '/api/webhooks',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Register an endpoint; the answer carries its signing secret, shown this once',
        body: createWebhookRequestSchema,
        response: { 200: envelopeSchema(webhookWithSecretSchema) },
      },
    },
    async (request) =>
      ok(await createWebhookEndpoint(ctx, request.tenant, request.body), 'Webhook endpoint added'),
  );

  app.patch(
    '/api/webhooks/:endpointId',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Change an endpoint, or disable or enable it',
        params: endpointParams,
        body: updateWebhookRequestSchema,
        response: { 200: envelopeSchema(webhookEndpointSchema) },
      },
    },
    async (request) =>
      ok(
        await updateWebhookEndpoint(ctx, request.tenant.workspaceId, request.params.endpointId, request.body),
        'Webhook endpoint saved',
      ),
  );

  app.delete(
    '/api/webhooks/:endpointId',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Delete an endpoint and its log',
        params: endpointParams,
        response: { 200: envelopeSchema(z.null()) },
      },
    },
    async (request) => {
      await deleteWebhookEndpoint(ctx.db, request.tenant.workspaceId, request.params.endpointId);
      return ok(null, 'Webhook endpoint deleted');
    },
  );

  app.post(
    '/api/webhooks/:endpointId/secret',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Roll the signing secret; the answer carries the new one, shown this once',
        params: endpointParams,
        response: { 200: envelopeSchema(webhookWithSecretSchema) },
      },
    },
    async (request) =>
      ok(
        await rollWebhookSecret(ctx.db, request.tenant.workspaceId, request.params.endpointId),
        'New secret created. Update your receiver: the old one no longer signs.',
      ),
  );

  app.get(
    '/api/webhooks/:endpointId/deliveries',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: "An endpoint's delivery log, newest first",
        params: endpointParams,
        querystring: webhookDeliveriesQuerySchema,
        response: { 200: envelopeSchema(webhookDeliveriesResultSchema) },
      },
    },
    async (request) =>
      ok(
        await listWebhookDeliveries(
          ctx.db,
          request.tenant.workspaceId,
          request.params.endpointId,
          request.query,
        ),
      ),
  );

  app.post(
    '/api/webhooks/:endpointId/deliveries/:deliveryId/replay',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Send a delivery’s event again',
        params: deliveryParams,
        response: { 200: envelopeSchema(z.object({ deliveryId: z.string() })) },
      },
    },
    async (request) =>
      ok(
        await replayWebhookDelivery(
          ctx.db,
          request.tenant.workspaceId,
          request.params.endpointId,
          request.params.deliveryId,
        ),
        'Queued for delivery',
      ),
  );
};
