import type { Plan, PlanMode } from '@tracklane/shared/billing/billing.schema';

/** "$49" or "$49.50": whole amounts without cents, in the plan's currency. */
export function formatMoney(amountInCents: number, currency: string): string {
  const whole = amountInCents % 100 === 0;
  return new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: currency.toUpperCase(),
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: 2,
  }).format(amountInCents / 100);
}

export function priceOf(plan: Plan, mode: PlanMode): number {
  return mode === 'month' ? plan.monthlyPrice : plan.yearlyPrice;
}

export const isFree = (plan: Plan) => plan.monthlyPrice === 0 && plan.yearlyPrice === 0;

/** What a year costs against twelve months, as a whole percentage; 0 when nothing is saved. */
export function yearlySaving(plans: Plan[]): number {
  const savings = plans
    .filter((p) => p.monthlyPrice > 0)
    .map((p) => 1 - p.yearlyPrice / (p.monthlyPrice * 12));
  return savings.length ? Math.max(0, Math.round(Math.max(...savings) * 100)) : 0;
}

export const formatCount = (n: number) => new Intl.NumberFormat('en-US').format(n);
