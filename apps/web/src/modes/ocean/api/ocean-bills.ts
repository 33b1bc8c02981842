import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  oceanBillListResultSchema,
  oceanBillSchema,
  type OceanBill,
} from '@tracklane/shared/tracking/ocean/ocean-shipments.schema';
import { type z } from 'zod';
import { api } from '../../../lib/api-client';
import { tenantQueryKey } from '../../../lib/tenant-queries';
import { OCEAN_SHIPMENTS_PATH, OCEAN_SHIPMENTS_QUERY_KEY, PENDING_POLL_MS } from './list-ocean-shipments';

/*
 * Bills of lading and bookings the workspace follows alone (ADR 0037). Under the ocean shipments' query
 * key: whatever refreshes the lists (a bill that named containers, over the socket) refreshes these.
 */

const BILLS_PATH = `${OCEAN_SHIPMENTS_PATH}/bills`;
export type OceanBillList = z.infer<typeof oceanBillListResultSchema>;

/** The most bills the list's filter and panel show: the newest. */
export const BILLS_SHOWN = 200;

/** `waiting`: those none of whose containers the workspace follows yet. */
export type BillListStatus = 'all' | 'waiting';

export async function listOceanBills(status: BillListStatus, signal?: AbortSignal): Promise<OceanBillList> {
  return oceanBillListResultSchema.parse(
    await api.get<unknown>(BILLS_PATH, { query: { status, limit: BILLS_SHOWN }, signal }),
  );
}

export const oceanBillsQueryOptions = (status: BillListStatus) =>
  queryOptions({
    queryKey: tenantQueryKey('ocean-shipments', 'bills', status),
    queryFn: ({ signal }) => listOceanBills(status, signal),
  });

/** A bill awaiting its first answer: looked at again until it has one, as the list does. */
const pending = (bill: { state: string }) => bill.state === 'pending';

export function useOceanBills(status: BillListStatus, enabled = true) {
  return useQuery({
    ...oceanBillsQueryOptions(status),
    enabled,
    refetchInterval: (query) => (query.state.data?.items.some(pending) ? PENDING_POLL_MS : false),
  });
}

export async function getOceanBill(billId: string, signal?: AbortSignal): Promise<OceanBill> {
  return oceanBillSchema.parse(
    await api.get<unknown>(`${BILLS_PATH}/${encodeURIComponent(billId)}`, { signal }),
  );
}

export function useOceanBill(billId: string | null) {
  return useQuery({
    queryKey: tenantQueryKey('ocean-shipments', 'bill', billId ?? ''),
    queryFn: ({ signal }) => getOceanBill(billId ?? '', signal),
    enabled: billId !== null,
    refetchInterval: (query) => (query.state.data && pending(query.state.data) ? PENDING_POLL_MS : false),
  });
}

/** Stops following a bill: its containers stay as shipments of their own. */
export async function stopFollowingBill(billId: string): Promise<void> {
  await api.delete<unknown>(`${BILLS_PATH}/${encodeURIComponent(billId)}`);
}

export function useStopFollowingBill() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: stopFollowingBill,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: OCEAN_SHIPMENTS_QUERY_KEY }),
  });
}
