import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiKeySchema, type ApiKey } from '@tracklane/shared/api-keys/api-keys.schema';
import { z } from 'zod';
import { api } from '../../../lib/api-client';
import { tenantQueryKey } from '../../../lib/tenant-queries';

export const API_KEYS_PATH = '/api/api-keys';

/** The current workspace's API keys, newest first (never the keys themselves). */
export async function listApiKeys(signal?: AbortSignal): Promise<ApiKey[]> {
  return z.array(apiKeySchema).parse(await api.get<unknown>(API_KEYS_PATH, { signal }));
}

export const apiKeysQueryOptions = () =>
  queryOptions({ queryKey: tenantQueryKey('api-keys'), queryFn: ({ signal }) => listApiKeys(signal) });

export function useApiKeys() {
  return useQuery(apiKeysQueryOptions());
}
