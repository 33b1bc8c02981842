import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  trackingHistoryPageSchema,
  type TrackingHistoryPage,
} from '@tracklane/shared/sharing/sharing.schema';
import type { SiteType } from '../../../config/paths';
import { api } from '../../../lib/api-client';
import { tenantQueryKey } from '../../../lib/tenant-queries';
import type { HistoryFilter } from './list-shared-history';

export const trackingHistoryQueryKey = (type: SiteType) => tenantQueryKey('tracking-history', type);

/** Every shipment this workspace ever added, archived included, newest first, 20 a page. */
export async function listTrackingHistory(
  filter: HistoryFilter,
  signal?: AbortSignal,
): Promise<TrackingHistoryPage> {
  return trackingHistoryPageSchema.parse(
    await api.get<unknown>(`/api/shipment-history/${filter.type}/tracking-history`, {
      signal,
      query: { pageNo: filter.pageNo, search: filter.search.trim() || undefined },
    }),
  );
}

export const trackingHistoryQueryOptions = (filter: HistoryFilter) =>
  queryOptions({
    queryKey: [...trackingHistoryQueryKey(filter.type), filter.pageNo, filter.search],
    queryFn: ({ signal }) => listTrackingHistory(filter, signal),
    placeholderData: keepPreviousData,
  });

export function useTrackingHistory(filter: HistoryFilter) {
  return useQuery(trackingHistoryQueryOptions(filter));
}
