import type Stripe from 'stripe';
import {
  BILLING_MESSAGES,
  type BillingOverview,
  type ChangePlanRequest,
  type ChangePlanResponse,
  type Pricing,
} from '@tracklane/shared/billing/billing.schema';
import { canManageOrganization } from '@tracklane/shared/organizations/organizations.policy';
import type { AppContext } from '../../app-context';
import { organizations } from '../../db/schema/organizations';
import type { UserRow } from '../../db/schema/users';
import { AppError } from '../../lib/app-error';
import { withTransaction } from '../../lib/transaction';
import { assertStillAdmin, lockOrganization } from '../organizations/organizations.service';
import type { Tenant } from '../../tenancy/tenant';
import {
  activeShipmentUsage,
  applyPlan,
  assertUsageFits,
  findPlan,
  listActivePlans,
  seatUsage,
  toPlan,
} from './entitlements';
import { documentQuotaBytes, documentUsageBytes } from '../documents/documents.service';
import { createCheckout, createPortal, listInvoices } from './stripe-gateway';
import { theOrganization } from '../../tenancy/scope';

/** The payment side: Stripe when configured, else none (self-hosted: admins change plans directly). */
export interface Billing {
  stripe: Stripe | null;
}

const providerOf = (billing: Billing) => (billing.stripe ? 'stripe' : 'none');

async function organizationOf(ctx: AppContext, organizationId: string) {
  const [row] = await ctx.db.select().from(organizations).where(theOrganization({ organizationId }));
  if (!row) throw new AppError('NOT_FOUND', 'Organization not found.');
  return row;
}

/** /payment/pricing-table: the plans with the current one, and whether this user may change it. */
export async function getPricing(ctx: AppContext, billing: Billing, tenant: Tenant): Promise<Pricing> {
  const organization = await organizationOf(ctx, tenant.organizationId);
  const offered = await listActivePlans(ctx.db);
  // A plan no longer offered still shows for the organizations on it.
  const current = offered.some((p) => p.id === organization.plan)
    ? []
    : [await findPlan(ctx.db, organization.plan)].filter((p) => p !== null);
  return {
    plans: [...offered, ...current].map(toPlan),
    currentPlanId: organization.plan,
    currentInterval: organization.planInterval,
    canChangePlan: canManageOrganization(tenant.role),
    provider: providerOf(billing),
  };
}

/**
 * /settings/billing: plan, seats and active shipments against the entitlements, the current workspace's
 * document storage against the plan's, renewal, invoices.
 */
export async function getBillingOverview(
  ctx: AppContext,
  billing: Billing,
  tenant: Tenant,
): Promise<BillingOverview> {
  const organization = await organizationOf(ctx, tenant.organizationId);
  const plan = await findPlan(ctx.db, organization.plan);
  if (!plan) throw new AppError('NOT_FOUND', 'Plan not found.');
  let invoices: BillingOverview['invoices'] = null;
  let invoicesError: string | null = null;
  if (billing.stripe && organization.stripeCustomerId) {
    try {
      invoices = await listInvoices(billing.stripe, organization.stripeCustomerId);
    } catch (err) {
      ctx.logger.warn({ err, organizationId: organization.id }, 'could not list invoices from Stripe');
      invoicesError =
        'The invoices could not be loaded from the payment provider just now. Try again shortly.';
    }
  }
  return {
    plan: toPlan(plan),
    interval: organization.planInterval,
    renewsAt: organization.planRenewsAt?.toISOString() ?? null,
    memberLimit: organization.memberLimit,
    memberUsage: await seatUsage(ctx.db, organization.id),
    shipmentQuota: organization.shipmentQuota,
    shipmentUsage: await activeShipmentUsage(ctx.db, organization.id),
    documentStorage: {
      usedBytes: await documentUsageBytes(ctx.db, tenant.workspaceId),
      quotaBytes: await documentQuotaBytes(ctx.db, tenant.workspaceId),
    },
    provider: providerOf(billing),
    canChangePlan: canManageOrganization(tenant.role),
    hasPortal: Boolean(billing.stripe && organization.stripeCustomerId),
    invoices,
    invoicesError,
  };
}

/** When a period starting now ends (self-hosted plans have no provider to say it). */
function nextRenewal(interval: 'month' | 'year', from = new Date()): Date {
  const next = new Date(from);
  if (interval === 'month') next.setUTCMonth(next.getUTCMonth() + 1);
  else next.setUTCFullYear(next.getUTCFullYear() + 1);
  return next;
}

/**
 * Changes the organization's plan (company admins only; the route says so, and this checks again under
 * the lock). Usage must fit the new plan. Without Stripe the change is immediate. With Stripe a paid
 * plan goes through Checkout (the webhook applies it once paid), and the free plan cancels the
 * subscription at once.
 */
export async function changePlan(
  ctx: AppContext,
  billing: Billing,
  tenant: Tenant,
  user: UserRow,
  input: ChangePlanRequest,
): Promise<ChangePlanResponse> {
  const plan = await findPlan(ctx.db, input.planId);
  if (!plan?.active) throw new AppError('NOT_FOUND', 'Plan not found.');
  const paid = plan.monthlyPrice > 0 || plan.yearlyPrice > 0;

  const checked = await withTransaction(ctx.pool, async ({ tx }) => {
    const organization = await lockOrganization(tx, tenant.organizationId);
    await assertStillAdmin(tx, tenant.organizationId, user.id);
    if (organization.plan === plan.id && (organization.planInterval === input.interval || !paid))
      throw new AppError('CONFLICT', BILLING_MESSAGES.samePlan);
    await assertUsageFits(tx, tenant.organizationId, plan);
    if (!billing.stripe || !paid) {
      await applyPlan(tx, tenant.organizationId, plan, input.interval, {
        renewsAt: paid ? nextRenewal(input.interval) : null,
        ...(billing.stripe ? { stripeSubscriptionId: null } : {}),
      });
    }
    return organization;
  });

  if (billing.stripe && !paid) {
    if (checked.stripeSubscriptionId) {
      // The plan is already free here; a failure to cancel is logged for a person to finish in Stripe.
      await billing.stripe.subscriptions.cancel(checked.stripeSubscriptionId).catch((err: unknown) => {
        ctx.logger.error({ err, organizationId: checked.id }, 'could not cancel the Stripe subscription');
      });
    }
    return { kind: 'changed', planId: plan.id, interval: input.interval };
  }
  if (billing.stripe) {
    const url = await createCheckout(billing.stripe, {
      plan: toPlan(plan),
      interval: input.interval,
      organizationId: checked.id,
      organizationName: checked.name,
      customerId: checked.stripeCustomerId,
      email: user.email,
      returnUrl: `${ctx.config.publicUrl}/settings/billing`,
    }).catch((err: unknown) => {
      ctx.logger.error({ err }, 'Stripe Checkout could not be opened');
      throw new AppError(
        'SERVICE_UNAVAILABLE',
        'The payment provider could not be reached. Try again shortly.',
      );
    });
    return { kind: 'checkout', url };
  }
  return { kind: 'changed', planId: plan.id, interval: input.interval };
}

/** The Stripe customer portal (payment method, invoices, cancellation) for an organization that paid. */
export async function openPortal(
  ctx: AppContext,
  billing: Billing,
  tenant: Tenant,
): Promise<{ url: string }> {
  const organization = await organizationOf(ctx, tenant.organizationId);
  if (!billing.stripe || !organization.stripeCustomerId)
    throw new AppError('CONFLICT', BILLING_MESSAGES.noPortal);
  try {
    return {
      url: await createPortal(
        billing.stripe,
        organization.stripeCustomerId,
        `${ctx.config.publicUrl}/settings/billing`,
      ),
    };
  } catch (err) {
    ctx.logger.error({ err }, 'Stripe customer portal could not be opened');
    throw new AppError(
      'SERVICE_UNAVAILABLE',
      'The payment provider could not be reached. Try again shortly.',
    );
  }
}
