import Stripe from 'stripe';
import type { Plan, PlanMode, Invoice } from '@tracklane/shared/billing/billing.schema';
import type { StripeConfig } from '../../config';

/**
 * The official SDK, pointed at api.stripe.com or at STRIPE_API_URL (stripe-mock, or a stand-in server
 * in tests: the SDK takes host, port and protocol).
 */
export function createStripe(config: StripeConfig): Stripe {
  const target = config.apiUrl ? new URL(config.apiUrl) : null;
  return new Stripe(config.secretKey, {
    maxNetworkRetries: 1,
    timeout: 20_000,
    ...(target
      ? {
          host: target.hostname,
          port: target.port || (target.protocol === 'https:' ? 443 : 80),
          protocol: target.protocol.replace(':', '') as 'http' | 'https',
        }
      : {}),
  });
}

/** What Tracklane writes into Stripe objects to find the organization again in a webhook. */
export interface PlanMetadata {
  organizationId: string;
  planId: string;
  interval: PlanMode;
}

/** A Checkout page for a subscription to the plan, priced from our plans table (no Stripe prices to set up). */
export async function createCheckout(
  stripe: Stripe,
  input: {
    plan: Plan;
    interval: PlanMode;
    organizationId: string;
    organizationName: string;
    customerId: string | null;
    email: string;
    returnUrl: string;
  },
): Promise<string> {
  const metadata: PlanMetadata = {
    organizationId: input.organizationId,
    planId: input.plan.id,
    interval: input.interval,
  };
  const session = await stripe.checkout.sessions.create({
    mode: 'subscription',
    ...(input.customerId ? { customer: input.customerId } : { customer_email: input.email }),
    client_reference_id: input.organizationId,
    line_items: [
      {
        quantity: 1,
        price_data: {
          currency: input.plan.currency,
          unit_amount: input.interval === 'month' ? input.plan.monthlyPrice : input.plan.yearlyPrice,
          recurring: { interval: input.interval },
          product_data: { name: `Tracklane ${input.plan.name}`, description: input.organizationName },
        },
      },
    ],
    metadata: { ...metadata },
    subscription_data: { metadata: { ...metadata } },
    success_url: `${input.returnUrl}?checkout=success`,
    cancel_url: `${input.returnUrl}?checkout=cancelled`,
  });
  if (!session.url) throw new Error('Stripe answered a Checkout session without a URL');
  return session.url;
}

export async function createPortal(stripe: Stripe, customerId: string, returnUrl: string): Promise<string> {
  const session = await stripe.billingPortal.sessions.create({ customer: customerId, return_url: returnUrl });
  return session.url;
}

export async function listInvoices(stripe: Stripe, customerId: string): Promise<Invoice[]> {
  const page = await stripe.invoices.list({ customer: customerId, limit: 24 });
  return page.data.map((invoice) => ({
    id: invoice.id ?? '',
    number: invoice.number,
    createdAt: new Date(invoice.created * 1000).toISOString(),
    amount: invoice.total,
    currency: invoice.currency,
    status: invoice.status ?? 'draft',
    url: invoice.hosted_invoice_url ?? null,
  }));
}

/** When the subscription's current period ends (Stripe keeps it on each item since 2025). */
export function renewalOf(subscription: Stripe.Subscription): Date | null {
  const ends = subscription.items.data.map((item) => item.current_period_end).filter((n) => n > 0);
  return ends.length ? new Date(Math.min(...ends) * 1000) : null;
}
