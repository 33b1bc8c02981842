import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { tableColumnsPreferenceSchema } from '@tracklane/shared/auth/auth.schema';
import type { z } from 'zod';
import { api, apiRequest } from '../../../lib/api-client';

export type TableColumnsPreference = z.infer<typeof tableColumnsPreferenceSchema>;

export const OCEAN_COLUMNS_PREFERENCE_PATH = '/api/users/preferences/oceanTableColumns';

/** The user's saved columns of the ocean table (hidden, order), whatever the workspace; null before any. */
export async function getOceanColumnsPreference(
  signal?: AbortSignal,
): Promise<TableColumnsPreference | null> {
  return tableColumnsPreferenceSchema
    .nullable()
    .parse(await api.get<unknown>(OCEAN_COLUMNS_PREFERENCE_PATH, { signal }));
}

export async function saveOceanColumnsPreference(
  preference: TableColumnsPreference,
): Promise<TableColumnsPreference | null> {
  const envelope = await apiRequest<unknown>(OCEAN_COLUMNS_PREFERENCE_PATH, {
    method: 'PUT',
    body: preference,
  });
  return tableColumnsPreferenceSchema.nullable().parse(envelope.result);
}

export const oceanColumnsPreferenceQueryOptions = () =>
  queryOptions({
    // The user's, not the workspace's: it survives a workspace switch.
    queryKey: ['preferences', 'oceanTableColumns'] as const,
    queryFn: ({ signal }) => getOceanColumnsPreference(signal),
    staleTime: Number.POSITIVE_INFINITY,
  });

export function useOceanColumnsPreference() {
  return useQuery(oceanColumnsPreferenceQueryOptions());
}

/** Saves the columns; the table follows the new layout at once, before the server has answered. */
export function useSaveOceanColumnsPreference() {
  const queryClient = useQueryClient();
  const { queryKey } = oceanColumnsPreferenceQueryOptions();
  return useMutation({
    mutationFn: saveOceanColumnsPreference,
    onMutate: (preference) => {
      const previous = queryClient.getQueryData(queryKey);
      queryClient.setQueryData(queryKey, preference);
      return { previous };
    },
    onError: (_error, _preference, context) => {
      queryClient.setQueryData(queryKey, context?.previous ?? null);
    },
  });
}
