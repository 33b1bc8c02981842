import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  bulkExceptionsResultSchema,
  exceptionCountsSchema,
  exceptionDetailSchema,
  exceptionListSchema,
  type BulkExceptions,
  type ExceptionState,
  type ExceptionType,
  type UpdateException,
} from '@tracklane/shared/exceptions/exceptions.schema';
import { api } from '../../../lib/api-client';
import { tenantQueryKey } from '../../../lib/tenant-queries';

export const EXCEPTIONS_PATH = '/api/exceptions';
/** Under the tenant prefix with the root `exceptions`: a workspace's live message refetches them (ADR 0041). */
export const EXCEPTIONS_QUERY_KEY = tenantQueryKey('exceptions');

export interface ExceptionFilters {
  type: ExceptionType | null;
  state: ExceptionState | null;
  /** A member id, `none`, or null for anyone. */
  owner: string | null;
  carrier: string;
  tag: string;
  page: number;
}

export function useExceptions(filters: ExceptionFilters) {
  return useQuery({
    queryKey: [...EXCEPTIONS_QUERY_KEY, 'list', filters] as const,
    queryFn: async ({ signal }) =>
      exceptionListSchema.parse(
        await api.get<unknown>(EXCEPTIONS_PATH, {
          signal,
          query: {
            type: filters.type,
            state: filters.state,
            owner: filters.owner,
            carrier: filters.carrier.trim() || null,
            tag: filters.tag.trim() || null,
            page: filters.page,
          },
        }),
      ),
    placeholderData: keepPreviousData,
  });
}

/** The active exceptions of the workspace, for the navigation's badge. */
export function useExceptionCounts() {
  return useQuery({
    queryKey: [...EXCEPTIONS_QUERY_KEY, 'counts'] as const,
    queryFn: async ({ signal }) =>
      exceptionCountsSchema.parse(await api.get<unknown>(`${EXCEPTIONS_PATH}/counts`, { signal })),
    staleTime: 30_000,
  });
}

export function useException(id: string | null) {
  return useQuery({
    queryKey: [...EXCEPTIONS_QUERY_KEY, 'detail', id] as const,
    queryFn: async ({ signal }) =>
      exceptionDetailSchema.parse(await api.get<unknown>(`${EXCEPTIONS_PATH}/${encodeURIComponent(id!)}`, { signal })),
    enabled: id !== null,
  });
}

function useRefresh() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: EXCEPTIONS_QUERY_KEY });
}

export function useUpdateException() {
  return useMutation({
    mutationFn: async ({ id, change }: { id: string; change: UpdateException }) =>
      exceptionDetailSchema.parse(await api.patch<unknown>(`${EXCEPTIONS_PATH}/${encodeURIComponent(id)}`, change)),
    onSuccess: useRefresh(),
  });
}

export function useBulkExceptions() {
  return useMutation({
    mutationFn: async (input: BulkExceptions) =>
      bulkExceptionsResultSchema.parse(await api.post<unknown>(`${EXCEPTIONS_PATH}/bulk`, input)),
    onSuccess: useRefresh(),
  });
}
