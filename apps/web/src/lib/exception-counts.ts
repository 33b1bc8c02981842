import { useQuery } from '@tanstack/react-query';
import { exceptionCountsSchema } from '@tracklane/shared/exceptions/exceptions.schema';
import { api } from './api-client';
import { tenantQueryKey } from './tenant-queries';

export const EXCEPTIONS_PATH = '/api/exceptions';
/** Under the tenant prefix with the root `exceptions`: a workspace's live message refetches them (ADR 0041). */
export const EXCEPTIONS_QUERY_KEY = tenantQueryKey('exceptions');

/** The active exceptions of the workspace, for the navigation's badge. */
export function useExceptionCounts() {
  return useQuery({
    queryKey: [...EXCEPTIONS_QUERY_KEY, 'counts'] as const,
    queryFn: async ({ signal }) =>
      exceptionCountsSchema.parse(await api.get<unknown>(`${EXCEPTIONS_PATH}/counts`, { signal })),
    staleTime: 30_000,
  });
}
