import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  customFieldSchema,
  customFieldsResultSchema,
  type CustomFieldType,
} from '@tracklane/shared/custom-fields/custom-fields.schema';
import {
  shipmentCustomFieldsSchema,
  type CustomFieldValue,
} from '@tracklane/shared/custom-fields/custom-field-values';
import type { TrackingMode } from '@tracklane/shared/tracking/tracking-modes';
import { api } from './api-client';
import { tenantQueryKey } from './tenant-queries';

/*
 * The workspace's custom field definitions. A workspace view (lib/live-invalidation.ts): another
 * admin's change refetches them on every open page.
 */

export const CUSTOM_FIELDS_ROOT = 'custom-fields';
const fieldsKey = () => tenantQueryKey(CUSTOM_FIELDS_ROOT);

/** The workspace's fields in their order (a list's loader asks for them with its rows: its columns). */
export const customFieldsQueryOptions = () =>
  queryOptions({
    queryKey: fieldsKey(),
    queryFn: async ({ signal }) =>
      customFieldsResultSchema.parse(await api.get<unknown>('/api/custom-fields', { signal })).fields,
  });

/** The workspace's fields in their order; `enabled` false waits. */
export function useCustomFields(enabled = true) {
  return useQuery({ ...customFieldsQueryOptions(), enabled });
}

export interface NewCustomField {
  name: string;
  type: CustomFieldType;
  choices?: string[];
  required: boolean;
}

export interface CustomFieldChange {
  name?: string;
  choices?: string[];
  required?: boolean;
}

export function useCreateCustomField() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (field: NewCustomField) =>
      customFieldSchema.parse(await api.post<unknown>('/api/custom-fields', field)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: fieldsKey() }),
  });
}

export function useUpdateCustomField() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, change }: { id: string; change: CustomFieldChange }) =>
      customFieldSchema.parse(
        await api.patch<unknown>(`/api/custom-fields/${encodeURIComponent(id)}`, change),
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: fieldsKey() }),
  });
}

export function useReorderCustomFields() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (ids: string[]) =>
      customFieldsResultSchema.parse(await api.put<unknown>('/api/custom-fields/order', { ids })).fields,
    onSettled: () => queryClient.invalidateQueries({ queryKey: fieldsKey() }),
  });
}

export function useDeleteCustomField() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      await api.delete<unknown>(`/api/custom-fields/${encodeURIComponent(id)}`);
    },
    // A field's values go with it: shipments' answers that carried them refetch too.
    onSettled: () => queryClient.invalidateQueries({ queryKey: tenantQueryKey() }),
  });
}

/** A shipment's values, under its mode's key so a live "shipments changed" refetches them. */
export const shipmentCustomValuesKey = (mode: TrackingMode, shipmentId: string) =>
  tenantQueryKey(`${mode}-shipments`, 'custom-fields', shipmentId);

export function useShipmentCustomValues(mode: TrackingMode, shipmentId: string) {
  return useQuery({
    queryKey: shipmentCustomValuesKey(mode, shipmentId),
    queryFn: async ({ signal }) =>
      shipmentCustomFieldsSchema.parse(
        await api.get<unknown>(`/api/shipments/${mode}/${encodeURIComponent(shipmentId)}/custom-fields`, {
          signal,
        }),
      ),
  });
}

export function useUpdateShipmentCustomValues(mode: TrackingMode, shipmentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (values: Record<string, CustomFieldValue | null>) =>
      shipmentCustomFieldsSchema.parse(
        await api.patch<unknown>(`/api/shipments/${mode}/${encodeURIComponent(shipmentId)}/custom-fields`, {
          values,
        }),
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: tenantQueryKey(`${mode}-shipments`) }),
  });
}
