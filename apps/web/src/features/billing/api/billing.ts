import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  billingOverviewSchema,
  changePlanResponseSchema,
  portalResponseSchema,
  pricingSchema,
  type BillingOverview,
  type ChangePlanRequest,
  type ChangePlanResponse,
  type Pricing,
} from '@tracklane/shared/billing/billing.schema';
import { api } from '../../../lib/api-client';
import { tenantQueryKey } from '../../../lib/tenant-queries';

export const PRICING_PATH = '/api/billing/plans';
export const BILLING_PATH = '/api/billing';
export const CHANGE_PLAN_PATH = '/api/billing/change-plan';
export const PORTAL_PATH = '/api/billing/portal';

/** The plans with the organization's current one (the pricing table). */
export async function getPricing(signal?: AbortSignal): Promise<Pricing> {
  return pricingSchema.parse(await api.get<unknown>(PRICING_PATH, { signal }));
}

/** Plan, usage against the entitlements, renewal and invoices (/settings/billing). */
export async function getBillingOverview(signal?: AbortSignal): Promise<BillingOverview> {
  return billingOverviewSchema.parse(await api.get<unknown>(BILLING_PATH, { signal }));
}

export const pricingQueryOptions = () =>
  queryOptions({ queryKey: tenantQueryKey('billing', 'plans'), queryFn: ({ signal }) => getPricing(signal) });

export const billingOverviewQueryOptions = () =>
  queryOptions({
    queryKey: tenantQueryKey('billing', 'overview'),
    queryFn: ({ signal }) => getBillingOverview(signal),
  });

export function usePricing() {
  return useQuery(pricingQueryOptions());
}

export function useBillingOverview() {
  return useQuery(billingOverviewQueryOptions());
}

/** Changes the plan; a changed plan refreshes everything that shows limits. */
export function useChangePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: ChangePlanRequest): Promise<ChangePlanResponse> =>
      changePlanResponseSchema.parse(await api.post<unknown>(CHANGE_PLAN_PATH, input)),
    onSuccess: async (result) => {
      if (result.kind === 'changed') await queryClient.invalidateQueries({ queryKey: tenantQueryKey() });
    },
  });
}

export function useOpenPortal() {
  return useMutation({
    mutationFn: async () => portalResponseSchema.parse(await api.post<unknown>(PORTAL_PATH, {})).url,
  });
}
