import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  companiesResultSchema,
  companySchema,
  shipmentReferencesSchema,
  type UpdateReferencesRequest,
} from '@tracklane/shared/references/references.schema';
import type { TrackingMode } from '@tracklane/shared/tracking/tracking-modes';
import { api } from './api-client';
import { tenantQueryKey } from './tenant-queries';

/*
 * A shipment's references and the workspace's companies (issue 38), for either mode. The references
 * sit under the mode's key, so a live "shipments changed" message refetches them like the detail; the
 * companies are a workspace view (lib/live-invalidation.ts) and refetch with the lists.
 */

const modeKey = (mode: TrackingMode) => `${mode}-shipments`;
const companiesKey = () => tenantQueryKey('companies');

export const shipmentReferencesQueryOptions = (mode: TrackingMode, shipmentId: string) =>
  queryOptions({
    queryKey: tenantQueryKey(modeKey(mode), 'references', shipmentId),
    queryFn: async ({ signal }) =>
      shipmentReferencesSchema.parse(
        await api.get<unknown>(`/api/shipments/${mode}/${encodeURIComponent(shipmentId)}/references`, {
          signal,
        }),
      ),
  });

export function useShipmentReferences(mode: TrackingMode, shipmentId: string) {
  return useQuery(shipmentReferencesQueryOptions(mode, shipmentId));
}

export function useUpdateShipmentReferences(mode: TrackingMode, shipmentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (change: UpdateReferencesRequest) =>
      shipmentReferencesSchema.parse(
        await api.patch<unknown>(
          `/api/shipments/${mode}/${encodeURIComponent(shipmentId)}/references`,
          change,
        ),
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: tenantQueryKey(modeKey(mode)) }),
  });
}

/** The workspace's companies; `enabled` false waits (a list asks once its first rows are shown). */
export function useCompanies(enabled = true) {
  return useQuery({
    enabled,
    queryKey: companiesKey(),
    queryFn: async ({ signal }) =>
      companiesResultSchema.parse(await api.get<unknown>('/api/companies', { signal })).companies,
  });
}

export function useCreateCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (name: string) =>
      companySchema.parse(await api.post<unknown>('/api/companies', { name })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: companiesKey() }),
  });
}

export function useRenameCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, name }: { id: string; name: string }) =>
      companySchema.parse(await api.put<unknown>(`/api/companies/${encodeURIComponent(id)}`, { name })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: companiesKey() }),
  });
}

export function useDeleteCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      await api.delete<unknown>(`/api/companies/${encodeURIComponent(id)}`);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: companiesKey() }),
  });
}
