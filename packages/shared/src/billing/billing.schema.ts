import { z } from 'zod';

/** spec §3 plan mode: billed each month or each year (default month, spec §9). */
export const PLAN_MODES = ['month', 'year'] as const;
export const planModeSchema = z.enum(PLAN_MODES, { message: 'Plan mode must be month or year' });
export type PlanMode = z.infer<typeof planModeSchema>;

/** A plan on offer: prices in the currency's smallest unit (cents). */
export const planSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  monthlyPrice: z.number().int(),
  yearlyPrice: z.number().int(),
  currency: z.string(),
  memberLimit: z.number().int(),
  shipmentQuota: z.number().int(),
  features: z.array(z.string()),
});
export type Plan = z.infer<typeof planSchema>;

/** The pricing table: the plans, and where the current organization stands. */
export const pricingSchema = z.object({
  plans: z.array(planSchema),
  currentPlanId: z.string(),
  currentInterval: planModeSchema,
  /** Only company admins change plans (the page says so to others). */
  canChangePlan: z.boolean(),
  /** `stripe`: paid plans go through Stripe Checkout; `none`: the admin changes the plan directly. */
  provider: z.enum(['stripe', 'none']),
});
export type Pricing = z.infer<typeof pricingSchema>;

export const invoiceSchema = z.object({
  id: z.string(),
  number: z.string().nullable(),
  createdAt: z.string(),
  amount: z.number().int(),
  currency: z.string(),
  status: z.string(),
  url: z.string().nullable(),
});
export type Invoice = z.infer<typeof invoiceSchema>;

/** /settings/billing: the plan, its usage against the entitlements, the renewal and the invoices. */
export const billingOverviewSchema = z.object({
  plan: planSchema,
  interval: planModeSchema,
  renewsAt: z.string().nullable(),
  memberLimit: z.number().int(),
  memberUsage: z.number().int(),
  shipmentQuota: z.number().int(),
  shipmentUsage: z.number().int(),
  /** The current workspace's documents against what the plan lets each workspace keep, in bytes. */
  documentStorage: z.object({ usedBytes: z.number().int(), quotaBytes: z.number().int() }),
  provider: z.enum(['stripe', 'none']),
  canChangePlan: z.boolean(),
  /** Whether a Stripe customer portal exists for this organization (it has paid once). */
  hasPortal: z.boolean(),
  /** Null without a payment provider or customer; the invoices otherwise, newest first. */
  invoices: z.array(invoiceSchema).nullable(),
  /** Set when the provider could not be asked for the invoices just now. */
  invoicesError: z.string().nullable(),
});
export type BillingOverview = z.infer<typeof billingOverviewSchema>;

export const changePlanRequestSchema = z.strictObject({
  planId: z.string().trim().min(1, { message: 'Choose a plan' }).max(40),
  interval: planModeSchema,
});
export type ChangePlanRequest = z.infer<typeof changePlanRequestSchema>;

/** Changed at once (no payment provider, or down to a free plan), or a Stripe Checkout page to pay. */
export const changePlanResponseSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('changed'), planId: z.string(), interval: planModeSchema }),
  z.object({ kind: z.literal('checkout'), url: z.string() }),
]);
export type ChangePlanResponse = z.infer<typeof changePlanResponseSchema>;

export const portalResponseSchema = z.object({ url: z.string() });

export const BILLING_MESSAGES = {
  onlyAdmins: 'Only company admins can change plans.',
  seatsOver: (usage: number, limit: number, plan: string) =>
    `${plan} has ${String(limit)} seats and your organization uses ${String(usage)} (members and pending invitations). Remove members or cancel invitations first.`,
  shipmentsOver: (usage: number, quota: number, plan: string) =>
    `${plan} allows ${String(quota)} active shipments and your organization has ${String(usage)}. Archive shipments first.`,
  quotaReached: (quota: number) =>
    `Your plan allows ${String(quota)} active shipments and they are all in use: archive some or change the plan`,
  restoreOverQuota: (quota: number, usage: number) =>
    `Your plan allows ${String(quota)} active shipments and ${String(usage)} are in use: archive others or change the plan before moving these back`,
  samePlan: 'This is already your plan.',
  noPortal: 'There is no billing account to manage yet: choose a paid plan first.',
} as const;
