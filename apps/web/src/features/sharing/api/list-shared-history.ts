import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { sharedHistoryPageSchema, type SharedHistoryPage } from '@tracklane/shared/sharing/sharing.schema';
import type { SiteType } from '../../../config/paths';
import { api } from '../../../lib/api-client';
import { SHARED_WITH_ME_QUERY_KEY } from './keys';

export interface HistoryFilter {
  type: SiteType;
  pageNo: number;
  search: string;
}

/** Shipments shared with the signed-in user, newest first, 20 a page. */
export async function listSharedHistory(
  filter: HistoryFilter,
  signal?: AbortSignal,
): Promise<SharedHistoryPage> {
  return sharedHistoryPageSchema.parse(
    await api.get<unknown>(`/api/shipment-history/${filter.type}/shared-history`, {
      signal,
      query: { pageNo: filter.pageNo, search: filter.search.trim() || undefined },
    }),
  );
}

export const sharedHistoryQueryOptions = (filter: HistoryFilter) =>
  queryOptions({
    queryKey: [...SHARED_WITH_ME_QUERY_KEY, 'history', filter],
    queryFn: ({ signal }) => listSharedHistory(filter, signal),
    placeholderData: keepPreviousData,
  });

export function useSharedHistory(filter: HistoryFilter) {
  return useQuery(sharedHistoryQueryOptions(filter));
}
