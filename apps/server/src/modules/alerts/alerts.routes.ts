import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema } from '@tracklane/shared/api/envelope';
import { enableAlertRuleSchema } from '@tracklane/shared/alerts/alerts.schema';
import type { AppContext } from '../../app-context';
import { ok } from '../../lib/envelope';
import { registeredAlertRuleSchemas } from '../tracking/mode-wire';
import {
  createAlertRule,
  deleteAlertRule,
  listAlertRules,
  setAlertRuleEnabled,
  updateAlertRule,
} from './alerts.service';

const tags = ['alerts'];
const ruleParams = z.object({
  ruleId: z.uuid({ message: 'This alert rule does not exist in this workspace.' }),
});

/**
 * Alert rules of the current workspace: company admins manage the workspace's; members who may add
 * shipments define their own (access `alerts`); view-only members and those without shipment access
 * are refused.
 */
export const alertsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const schemas = registeredAlertRuleSchemas();
  app.get(
    '/api/alert-rules',
    {
      config: { access: 'alerts' },
      schema: {
        tags,
        summary: 'The alert rules I may see here, and the members I may name as recipients',
        response: { 200: envelopeSchema(schemas.rules) },
      },
    },
    async (request) => ok(await listAlertRules(ctx.db, request.tenant)),
  );

  app.post(
    '/api/alert-rules',
    {
      config: { access: 'alerts' },
      schema: {
        tags,
        summary: "Add a rule (an admin's for the workspace, anyone else's for themselves)",
        body: schemas.save,
        response: { 200: envelopeSchema(schemas.rule) },
      },
    },
    async (request) => ok(await createAlertRule(ctx, request.tenant, request.body), 'Alert rule added'),
  );

  app.put(
    '/api/alert-rules/:ruleId',
    {
      config: { access: 'alerts' },
      schema: {
        tags,
        summary: 'Change a rule',
        params: ruleParams,
        body: schemas.save,
        response: { 200: envelopeSchema(schemas.rule) },
      },
    },
    async (request) =>
      ok(
        await updateAlertRule(ctx.db, request.tenant, request.params.ruleId, request.body),
        'Alert rule saved',
      ),
  );

  app.patch(
    '/api/alert-rules/:ruleId',
    {
      config: { access: 'alerts' },
      schema: {
        tags,
        summary: 'Turn a rule on or off',
        params: ruleParams,
        body: enableAlertRuleSchema,
        response: { 200: envelopeSchema(schemas.rule) },
      },
    },
    async (request) =>
      ok(
        await setAlertRuleEnabled(ctx.db, request.tenant, request.params.ruleId, request.body.enabled),
        request.body.enabled ? 'Alert rule on' : 'Alert rule off',
      ),
  );

  app.delete(
    '/api/alert-rules/:ruleId',
    {
      config: { access: 'alerts' },
      schema: {
        tags,
        summary: 'Delete a rule',
        params: ruleParams,
        response: { 200: envelopeSchema(z.null()) },
      },
    },
    async (request) => {
      await deleteAlertRule(ctx.db, request.tenant, request.params.ruleId);
      return ok(null, 'Alert rule deleted');
    },
  );
};
