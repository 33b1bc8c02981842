import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  freeTimeDefaultsResultSchema,
  type FreeTimeDefaultsResult,
  type SaveFreeTimeDefault,
} from '@tracklane/shared/free-time/free-time.schema';
import { api, apiRequest } from '../../../lib/api-client';
import { tenantQueryKey } from '../../../lib/tenant-queries';

export const FREE_TIME_DEFAULTS_PATH = '/api/free-time/defaults';

/** The workspace's free-time and tariff defaults: its own, then per carrier; and the built-in ones. */
export async function getFreeTimeDefaults(signal?: AbortSignal): Promise<FreeTimeDefaultsResult> {
  return freeTimeDefaultsResultSchema.parse(await api.get<unknown>(FREE_TIME_DEFAULTS_PATH, { signal }));
}

export const freeTimeDefaultsQueryOptions = () =>
  queryOptions({
    queryKey: tenantQueryKey('free-time-defaults'),
    queryFn: ({ signal }) => getFreeTimeDefaults(signal),
  });

export function useFreeTimeDefaults() {
  return useQuery(freeTimeDefaultsQueryOptions());
}

/** Sets the workspace's default (carrierScac null) or a carrier's terms. */
export async function saveFreeTimeDefault(input: SaveFreeTimeDefault): Promise<FreeTimeDefaultsResult> {
  const envelope = await apiRequest<unknown>(FREE_TIME_DEFAULTS_PATH, { method: 'PUT', body: input });
  return freeTimeDefaultsResultSchema.parse(envelope.result);
}

export async function deleteFreeTimeDefault(carrierScac: string | null): Promise<FreeTimeDefaultsResult> {
  const query = carrierScac ? `?carrierScac=${encodeURIComponent(carrierScac)}` : '';
  const envelope = await apiRequest<unknown>(`${FREE_TIME_DEFAULTS_PATH}${query}`, { method: 'DELETE' });
  return freeTimeDefaultsResultSchema.parse(envelope.result);
}

function useSetDefaults() {
  const queryClient = useQueryClient();
  return (result: FreeTimeDefaultsResult) =>
    queryClient.setQueryData(freeTimeDefaultsQueryOptions().queryKey, result);
}

export function useSaveFreeTimeDefault() {
  return useMutation({ mutationFn: saveFreeTimeDefault, onSuccess: useSetDefaults() });
}

export function useDeleteFreeTimeDefault() {
  return useMutation({ mutationFn: deleteFreeTimeDefault, onSuccess: useSetDefaults() });
}
