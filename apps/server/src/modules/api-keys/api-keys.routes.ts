import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema } from '@tracklane/shared/api/envelope';
import {
  apiKeySchema,
  createApiKeyRequestSchema,
  createdApiKeySchema,
} from '@tracklane/shared/api-keys/api-keys.schema';
import type { AppContext } from '../../app-context';
import { ok } from '../../lib/envelope';
import { createApiKey, listApiKeys, revokeApiKey } from './api-keys.service';

const tags = ['api-keys'];
const params = z.object({ keyId: z.uuid({ message: 'This API key does not exist in this workspace.' }) });

/** Company admins manage the current workspace's API keys (from the app, with their session). */
export const apiKeysRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/api/api-keys',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: "The current workspace's API keys (never the keys themselves)",
        response: { 200: envelopeSchema(z.array(apiKeySchema)) },
      },
    },
    async (request) => ok(await listApiKeys(ctx.db, request.tenant.workspaceId)),
  );

  app.post(
    '/api/api-keys',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Create an API key for the current workspace; the answer is the only time it is shown',
        body: createApiKeyRequestSchema,
        response: { 200: envelopeSchema(createdApiKeySchema) },
      },
    },
    async (request) =>
      ok(
        await createApiKey(ctx, request.tenant, request.user, request.body),
        'API key created. Copy it now: it will not be shown again.',
      ),
  );

  app.post(
    '/api/api-keys/:keyId/revoke',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Revoke an API key at once',
        params,
        response: { 200: envelopeSchema(z.null()) },
      },
    },
    async (request) => {
      await revokeApiKey(ctx.db, request.tenant.workspaceId, request.params.keyId);
      return ok(null, 'API key revoked');
    },
  );
};
