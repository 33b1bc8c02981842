import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema } from '@tracklane/shared/api/envelope';
import {
  bulkExceptionsResultSchema,
  bulkExceptionsSchema,
  exceptionCountsSchema,
  exceptionDetailSchema,
  exceptionListQuerySchema,
  exceptionListSchema,
  updateExceptionSchema,
} from '@tracklane/shared/exceptions/exceptions.schema';
import type { AppContext } from '../../app-context';
import { ok } from '../../lib/envelope';
import { v1Responses } from '../public-api/v1-schema';
import { exceptionCounts } from './exception-queries';
import { bulkUpdateExceptions, getException, listExceptions, updateException } from './exceptions.service';

const tags = ['exceptions'];
const params = z.object({
  exceptionId: z.uuid({ message: 'This exception does not exist in this workspace.' }),
});

const EXAMPLE = {
  id: '6f1c1a52-2b1e-4a53-9b2a-0d1c8c1f7a10',
  type: 'rolled',
  state: 'open',
  mode: 'ocean',
  shipmentId: '0b7a3f0e-7c55-4d1e-8f3e-5a0e9c2d4b61',
  reference: 'MSCU1234565',
  carrier: 'MSCU',
  tags: ['retail'],
  detail: 'Rolled at SGSIN from MSC ANNA to MSC OLIVIA',
  owner: null,
  dueOn: null,
  openedAt: '2026-03-10T08:12:00.000Z',
  clearedAt: null,
  resolvedAt: null,
};

const envelope = (result: unknown) => ({ success: true, result, message: 'OK', code: 'OK' });

/**
 * The current workspace's exceptions: members who may see shipments read them; those who may change
 * shipments acknowledge, assign, note and resolve them. Under `/api/v1/` a key reads them.
 */
export const exceptionsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/api/exceptions',
    {
      config: { access: 'shipments:view' },
      schema: {
        tags,
        summary: 'Exceptions of this workspace (active ones unless states are named)',
        querystring: exceptionListQuerySchema,
        response: { 200: envelopeSchema(exceptionListSchema) },
      },
    },
    async (request) => ok(await listExceptions(ctx.db, request.tenant, request.query)),
  );

  app.get(
    '/api/exceptions/counts',
    {
      config: { access: 'shipments:view' },
      schema: {
        tags,
        summary: 'How many exceptions are active, in all and by type',
        response: { 200: envelopeSchema(exceptionCountsSchema) },
      },
    },
    async (request) => ok(await exceptionCounts(ctx.db, request.tenant)),
  );

  app.get(
    '/api/exceptions/:exceptionId',
    {
      config: { access: 'shipments:view' },
      schema: {
        tags,
        summary: 'One exception with its audit trail',
        params,
        response: { 200: envelopeSchema(exceptionDetailSchema) },
      },
    },
    async (request) => ok(await getException(ctx.db, request.tenant, request.params.exceptionId)),
  );

  app.patch(
    '/api/exceptions/:exceptionId',
    {
      config: { access: 'shipments:change' },
      schema: {
        tags,
        summary: 'Acknowledge, assign, set the due date, add a note or resolve',
        params,
        body: updateExceptionSchema,
        response: { 200: envelopeSchema(exceptionDetailSchema) },
      },
    },
    async (request) =>
      ok(
        await updateException(ctx, request.tenant, request.params.exceptionId, request.body),
        'Exception saved',
      ),
  );

  app.post(
    '/api/exceptions/bulk',
    {
      config: { access: 'shipments:change' },
      schema: {
        tags,
        summary: 'Assign or resolve several exceptions at once (all or none)',
        body: bulkExceptionsSchema,
        response: { 200: envelopeSchema(bulkExceptionsResultSchema) },
      },
    },
    async (request) => {
      const changed = await bulkUpdateExceptions(ctx, request.tenant, request.body);
      return ok({ changed }, `${String(changed)} exception${changed === 1 ? '' : 's'} changed`);
    },
  );

  const v1 = ['v1: exceptions'];
  app.get(
    '/api/v1/exceptions',
    {
      config: { access: 'key:read' },
      schema: {
        tags: v1,
        summary: 'List exceptions',
        description:
          'One page of the workspace’s exceptions, open and acknowledged unless `state` names others. Filter by `type`, `state`, `owner` (a member id or `none`), `carrier` and `tag`.',
        querystring: exceptionListQuerySchema,
        ...v1Responses(
          envelopeSchema(exceptionListSchema),
          envelope({ items: [EXAMPLE], total: 1, page: 1, pageSize: 50 }),
        ),
      },
    },
    async (request) => ok(await listExceptions(ctx.db, request.tenant, request.query)),
  );

  app.get(
    '/api/v1/exceptions/:exceptionId',
    {
      config: { access: 'key:read' },
      schema: {
        tags: v1,
        summary: 'One exception with its audit trail',
        description:
          'The exception with who did what and when: raised or cleared by Tracklane (no actor), acknowledged, assigned, given a due date, noted or resolved by a member.',
        params,
        ...v1Responses(envelopeSchema(exceptionDetailSchema), envelope({ ...EXAMPLE, events: [] })),
      },
    },
    async (request) => ok(await getException(ctx.db, request.tenant, request.params.exceptionId)),
  );
};
