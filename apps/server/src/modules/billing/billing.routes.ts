import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema } from '@tracklane/shared/api/envelope';
import {
  billingOverviewSchema,
  changePlanRequestSchema,
  changePlanResponseSchema,
  portalResponseSchema,
  pricingSchema,
} from '@tracklane/shared/billing/billing.schema';
import type { AppContext } from '../../app-context';
import { AppError } from '../../lib/app-error';
import { ok } from '../../lib/envelope';
import { changePlan, getBillingOverview, getPricing, openPortal, type Billing } from './billing.service';
import { createStripe } from './stripe-gateway';
import { applyStripeEvent } from './stripe-webhook';

const tags = ['billing'];

export const billingRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const billing: Billing = { stripe: ctx.config.stripe ? createStripe(ctx.config.stripe) : null };

  app.get(
    '/api/billing/plans',
    {
      config: { access: 'member' },
      schema: {
        tags,
        summary: 'The plans, with the current one',
        response: { 200: envelopeSchema(pricingSchema) },
      },
    },
    async (request) => ok(await getPricing(ctx, billing, request.tenant)),
  );

  app.get(
    '/api/billing',
    {
      config: { access: 'member' },
      schema: {
        tags,
        summary: 'Plan, seats, active shipments and document storage used, renewal and invoices',
        response: { 200: envelopeSchema(billingOverviewSchema) },
      },
    },
    async (request) => ok(await getBillingOverview(ctx, billing, request.tenant)),
  );

  app.post(
    '/api/billing/change-plan',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Changes the plan (directly, or through Stripe Checkout when Stripe is set up)',
        body: changePlanRequestSchema,
        response: { 200: envelopeSchema(changePlanResponseSchema) },
      },
    },
    async (request) => {
      const result = await changePlan(ctx, billing, request.tenant, request.user, request.body);
      return ok(result, result.kind === 'changed' ? 'Plan changed' : 'Continue to payment');
    },
  );

  app.post(
    '/api/billing/portal',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Opens the Stripe customer portal',
        response: { 200: envelopeSchema(portalResponseSchema) },
      },
    },
    async (request) => ok(await openPortal(ctx, billing, request.tenant)),
  );

  // Stripe signs the exact bytes it sends: this route alone reads its body raw.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 1024 * 1024 }, (_request, body, done) => {
      done(null, body);
    });
    scope.post(
      '/api/billing/stripe/webhook',
      {
        // Stripe has no session: the signature (STRIPE_WEBHOOK_SECRET) is the authentication.
        config: { access: 'public' },
        schema: {
          tags,
          summary: 'Stripe webhook: signed events update the plan',
          response: { 200: envelopeSchema(z.object({ received: z.boolean() })) },
        },
      },
      async (request) => {
        const stripeConfig = ctx.config.stripe;
        if (!billing.stripe || !stripeConfig) throw new AppError('NOT_FOUND');
        const signature = request.headers['stripe-signature'];
        if (typeof signature !== 'string' || !Buffer.isBuffer(request.body))
          throw new AppError('BAD_REQUEST', 'The Stripe signature is missing.');
        let event;
        try {
          event = billing.stripe.webhooks.constructEvent(request.body, signature, stripeConfig.webhookSecret);
        } catch {
          throw new AppError('BAD_REQUEST', 'The Stripe signature does not match.');
        }
        await applyStripeEvent(ctx, billing.stripe, event);
        return ok({ received: true });
      },
    );
  });
};
