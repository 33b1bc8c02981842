import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { mapPreferenceSchema, type MapPreference } from '@tracklane/shared/dashboard/dashboard.schema';
import { api } from './api-client';

const GET_PATH = '/api/_api/user-journey/getMapPreference';
const SAVE_PATH = '/api/_api/user-journey/saveMapPreference';

/** The user's saved map view and layers, whatever the workspace; null before the first save. */
export async function getMapPreference(signal?: AbortSignal): Promise<MapPreference | null> {
  return mapPreferenceSchema.nullable().parse(await api.get<unknown>(GET_PATH, { signal }));
}

export async function saveMapPreference(preference: MapPreference): Promise<MapPreference> {
  return mapPreferenceSchema.parse(await api.post<unknown>(SAVE_PATH, preference));
}

export const mapPreferenceQueryOptions = () =>
  queryOptions({
    // The user's, not the workspace's: it survives a workspace switch.
    queryKey: ['preferences', 'mapPreference'] as const,
    queryFn: ({ signal }) => getMapPreference(signal),
    staleTime: Number.POSITIVE_INFINITY,
  });

export function useMapPreference() {
  return useQuery(mapPreferenceQueryOptions());
}

/** Saves the view and layers; the cache holds the new preference at once, before the server answers. */
export function useSaveMapPreference() {
  const queryClient = useQueryClient();
  const { queryKey } = mapPreferenceQueryOptions();
  return useMutation({
    mutationFn: saveMapPreference,
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
