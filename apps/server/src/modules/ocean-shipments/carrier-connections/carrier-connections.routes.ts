import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema } from '@tracklane/shared/api/envelope';
import {
  carrierConnectionSchema,
  createConnectionRequestSchema,
  testConnectionRequestSchema,
  testConnectionResultSchema,
  updateConnectionRequestSchema,
} from '@tracklane/shared/carrier-connections/carrier-connections.schema';
import type { AppContext } from '../../../app-context';
import { ok } from '../../../lib/envelope';
import {
  CONNECTION_NOT_FOUND,
  createConnection,
  deleteConnection,
  listConnections,
  testConnection,
  updateConnection,
} from './carrier-connections.service';

const tags = ['carrier connections'];
const params = z.object({ connectionId: z.uuid({ message: CONNECTION_NOT_FOUND }) });

/**
 * Company admins manage the carrier and terminal connections of the current workspace's organization:
 * they belong to the organization, not to one workspace. Secrets go in and never come back out.
 */
export const carrierConnectionsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/api/carrier-connections',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary:
          "The organization's carrier and terminal connections with their health and budget (secrets masked)",
        response: { 200: envelopeSchema(z.array(carrierConnectionSchema)) },
      },
    },
    async (request) => ok(await listConnections(ctx, request.tenant.organizationId)),
  );

  app.post(
    '/api/carrier-connections',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary:
          'Connect a carrier (DCSA Track & Trace 2.2) or a terminal (APM Terminals Import Availability, with its terminals) with the organization’s own credentials',
        body: createConnectionRequestSchema,
        response: { 200: envelopeSchema(carrierConnectionSchema) },
      },
    },
    async (request) =>
      ok(
        await createConnection(ctx, request.tenant.organizationId, request.tenant.userId, request.body),
        'Carrier connection added',
      ),
  );

  app.patch(
    '/api/carrier-connections/:connectionId',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Change a connection, or enable or disable it; a secret left out is kept',
        params,
        body: updateConnectionRequestSchema,
        response: { 200: envelopeSchema(carrierConnectionSchema) },
      },
    },
    async (request) =>
      ok(
        await updateConnection(ctx, request.tenant.organizationId, request.params.connectionId, request.body),
        'Carrier connection saved',
      ),
  );

  app.delete(
    '/api/carrier-connections/:connectionId',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Delete a connection and its credentials',
        params,
        response: { 200: envelopeSchema(z.null()) },
      },
    },
    async (request) => {
      await deleteConnection(ctx, request.tenant.organizationId, request.params.connectionId);
      return ok(null, 'Carrier connection deleted');
    },
  );

  app.post(
    '/api/carrier-connections/:connectionId/test',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary:
          'Ask the carrier (or the terminal, for a container) about one reference, or make a harmless call, and say how it went',
        params,
        body: testConnectionRequestSchema.optional(),
        response: { 200: envelopeSchema(testConnectionResultSchema) },
      },
    },
    async (request) => {
      const result = await testConnection(
        ctx,
        request.tenant.organizationId,
        request.params.connectionId,
        request.body?.reference,
      );
      return ok(result, result.message);
    },
  );
};
