import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema } from '@tracklane/shared/api/envelope';
import {
  companiesResultSchema,
  companyRequestSchema,
  companySchema,
} from '@tracklane/shared/references/references.schema';
import type { AppContext } from '../../app-context';
import { ok } from '../../lib/envelope';
import { createCompany, deleteCompany, listCompanies, renameCompany } from './companies.service';

const tags = ['companies'];
const params = z.object({ companyId: z.string().max(60) });

/**
 * The workspace's companies (the parties of its shipments): every member with shipment access reads
 * them; members who may change shipments add, rename and delete them.
 */
export const companiesRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/api/companies',
    {
      config: { access: 'shipments:view' },
      schema: {
        tags,
        summary: 'List the workspace’s companies',
        response: { 200: envelopeSchema(companiesResultSchema) },
      },
    },
    async (request) => ok({ companies: await listCompanies(ctx.db, request.tenant.workspaceId) }),
  );

  app.post(
    '/api/companies',
    {
      config: { access: 'shipments:change' },
      schema: {
        tags,
        summary: 'Add a company',
        body: companyRequestSchema,
        response: { 200: envelopeSchema(companySchema) },
      },
    },
    async (request) =>
      ok(await createCompany(ctx.db, request.tenant.workspaceId, request.body.name), 'Company added'),
  );

  app.put(
    '/api/companies/:companyId',
    {
      config: { access: 'shipments:change' },
      schema: {
        tags,
        summary: 'Rename a company',
        params,
        body: companyRequestSchema,
        response: { 200: envelopeSchema(companySchema) },
      },
    },
    async (request) =>
      ok(
        await renameCompany(ctx.db, request.tenant.workspaceId, request.params.companyId, request.body.name),
        'Company renamed',
      ),
  );

  app.delete(
    '/api/companies/:companyId',
    {
      config: { access: 'shipments:change' },
      schema: {
        tags,
        summary: 'Delete a company (shipments that name it keep their other references)',
        params,
        response: { 200: envelopeSchema(z.null()) },
      },
    },
    async (request) => {
      await deleteCompany(ctx.db, request.tenant.workspaceId, request.params.companyId);
      return ok(null, 'Company deleted');
    },
  );
};
