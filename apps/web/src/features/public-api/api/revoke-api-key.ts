import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { API_KEYS_PATH, apiKeysQueryOptions } from './list-api-keys';

/** Revokes a key at once: the next request with it is refused. */
export async function revokeApiKey(keyId: string): Promise<void> {
  await apiRequest<null>(`${API_KEYS_PATH}/${encodeURIComponent(keyId)}/revoke`, { method: 'POST' });
}

export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeApiKey,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysQueryOptions().queryKey }),
  });
}
