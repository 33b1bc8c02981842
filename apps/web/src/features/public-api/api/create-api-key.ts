import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  createdApiKeySchema,
  type CreateApiKeyRequest,
  type CreatedApiKey,
} from '@tracklane/shared/api-keys/api-keys.schema';
import { apiRequest } from '../../../lib/api-client';
import { API_KEYS_PATH, apiKeysQueryOptions } from './list-api-keys';

/** Creates a key; the answer is the only time the whole key is shown. */
export async function createApiKey(input: CreateApiKeyRequest): Promise<CreatedApiKey> {
  const envelope = await apiRequest<unknown>(API_KEYS_PATH, { method: 'POST', body: input });
  return createdApiKeySchema.parse(envelope.result);
}

export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createApiKey,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysQueryOptions().queryKey }),
  });
}
