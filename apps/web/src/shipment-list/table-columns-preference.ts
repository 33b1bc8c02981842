import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { tableColumnsPreferenceSchema, type PreferenceKey } from '@tracklane/shared/auth/auth.schema';
import type { z } from 'zod';
import { api, apiRequest } from '../lib/api-client';

export type TableColumnsPreference = z.infer<typeof tableColumnsPreferenceSchema>;

/** Which table's columns: `oceanTableColumns`, `expressTableColumns` (the server knows no others). */
export type TableColumnsKey = PreferenceKey;

export const columnsPreferencePath = (key: TableColumnsKey) => `/api/users/preferences/${key}`;

/** The user's saved columns of one table (hidden, order), whatever the workspace; null before any. */
export async function getColumnsPreference(
  key: TableColumnsKey,
  signal?: AbortSignal,
): Promise<TableColumnsPreference | null> {
  return tableColumnsPreferenceSchema
    .nullable()
    .parse(await api.get<unknown>(columnsPreferencePath(key), { signal }));
}

export async function saveColumnsPreference(
  key: TableColumnsKey,
  preference: TableColumnsPreference,
): Promise<TableColumnsPreference | null> {
  const envelope = await apiRequest<unknown>(columnsPreferencePath(key), {
    method: 'PUT',
    body: preference,
  });
  return tableColumnsPreferenceSchema.nullable().parse(envelope.result);
}

export const columnsPreferenceQueryOptions = (key: TableColumnsKey) =>
  queryOptions({
    // The user's, not the workspace's: it survives a workspace switch.
    queryKey: ['preferences', key] as const,
    queryFn: ({ signal }) => getColumnsPreference(key, signal),
    staleTime: Number.POSITIVE_INFINITY,
  });

export function useColumnsPreference(key: TableColumnsKey) {
  return useQuery(columnsPreferenceQueryOptions(key));
}

/** Saves the columns; the table follows the new layout at once, before the server has answered. */
export function useSaveColumnsPreference(key: TableColumnsKey) {
  const queryClient = useQueryClient();
  const { queryKey } = columnsPreferenceQueryOptions(key);
  return useMutation({
    mutationFn: (preference: TableColumnsPreference) => saveColumnsPreference(key, preference),
    onMutate: async (preference) => {
      // A load of the saved columns still on its way (a refetch after the live socket reconnects)
      // would otherwise land after this change and undo it.
      await queryClient.cancelQueries({ queryKey });
      const previous = queryClient.getQueryData(queryKey);
      queryClient.setQueryData(queryKey, preference);
      return { previous };
    },
    onError: (_error, _preference, context) => {
      queryClient.setQueryData(queryKey, context?.previous ?? null);
    },
  });
}
