import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  bulkExceptionsResultSchema,
  exceptionDetailSchema,
  exceptionListSchema,
  type BulkExceptions,
  type ExceptionState,
  type ExceptionType,
  type UpdateException,
} from '@tracklane/shared/exceptions/exceptions.schema';
import { mentionableMemberSchema } from '@tracklane/shared/comments/comments.schema';
import { z } from 'zod';
import { api } from '../../../lib/api-client';

import { EXCEPTIONS_PATH, EXCEPTIONS_QUERY_KEY } from '../../../lib/exception-counts';

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

/** The members an exception can be assigned to or mentioned in a note: those who may see shipments. */
export function useExceptionMembers() {
  return useQuery({
    queryKey: [...EXCEPTIONS_QUERY_KEY, 'members'] as const,
    queryFn: async ({ signal }) =>
      z.array(mentionableMemberSchema).parse(await api.get<unknown>('/api/comments/mentionable', { signal })),
    staleTime: 60_000,
  });
}

export function useException(id: string | null) {
  return useQuery({
    queryKey: [...EXCEPTIONS_QUERY_KEY, 'detail', id] as const,
    queryFn: async ({ signal }) =>
      exceptionDetailSchema.parse(
        await api.get<unknown>(`${EXCEPTIONS_PATH}/${encodeURIComponent(id!)}`, { signal }),
      ),
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
      exceptionDetailSchema.parse(
        await api.patch<unknown>(`${EXCEPTIONS_PATH}/${encodeURIComponent(id)}`, change),
      ),
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
