import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { ParcelStatus } from '@tracklane/shared/express/parcel-event';
import {
  expressListResultSchema,
  type ExpressListResult,
  type ExpressListTab,
  type ExpressShipment,
  type ExpressSort,
} from '@tracklane/shared/express-shipments/express-shipments.schema';
import { api, type QueryValue } from '../../../lib/api-client';
import { tenantQueryKey } from '../../../lib/tenant-queries';

export const EXPRESS_SHIPMENTS_PATH = '/api/shipments/express';

/** Every express-shipment answer (lists, options, details) sits under this key. */
export const EXPRESS_SHIPMENTS_QUERY_KEY = tenantQueryKey('express-shipments');

/** What the user filters and sorts by: the same on every tab. */
export interface ExpressListFilters {
  search: string;
  carrier: string | null;
  parcelStatus: ParcelStatus | null;
  favoritesOnly: boolean;
  sort: ExpressSort;
}

export const DEFAULT_EXPRESS_FILTERS: ExpressListFilters = {
  search: '',
  carrier: null,
  parcelStatus: null,
  favoritesOnly: false,
  sort: 'created_desc',
};

export const EXPRESS_LIST_PAGE_SIZE = 50;

function listQuery(
  status: ExpressListTab,
  filters: ExpressListFilters,
  cursor: string | null,
  limit: number,
): Record<string, QueryValue> {
  return {
    status,
    limit,
    cursor,
    sort: filters.sort,
    search: filters.search.trim() || undefined,
    carrier: filters.carrier,
    parcelStatus: filters.parcelStatus,
    favorite: filters.favoritesOnly ? 'true' : undefined,
  };
}

/** One keyset page of the workspace's express shipments, with the counts of all three tabs. */
export async function listExpressShipments(
  input: { status: ExpressListTab; filters: ExpressListFilters; cursor: string | null; limit?: number },
  signal?: AbortSignal,
): Promise<ExpressListResult> {
  const query = listQuery(input.status, input.filters, input.cursor, input.limit ?? EXPRESS_LIST_PAGE_SIZE);
  return expressListResultSchema.parse(await api.get<unknown>(EXPRESS_SHIPMENTS_PATH, { query, signal }));
}

export const expressListQueryKey = (status?: ExpressListTab, filters?: ExpressListFilters) =>
  status === undefined
    ? tenantQueryKey('express-shipments', 'list')
    : filters === undefined
      ? tenantQueryKey('express-shipments', 'list', status)
      : tenantQueryKey('express-shipments', 'list', status, filters);

export const expressListQueryOptions = (status: ExpressListTab, filters: ExpressListFilters) =>
  infiniteQueryOptions({
    queryKey: expressListQueryKey(status, filters),
    queryFn: ({ pageParam, signal }) => listExpressShipments({ status, filters, cursor: pageParam }, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

/** A parcel still waiting for its first carrier answer: the list looks again until it has one. */
const PENDING_POLL_MS = 8_000;

export function useExpressShipments(status: ExpressListTab, filters: ExpressListFilters) {
  return useInfiniteQuery({
    ...expressListQueryOptions(status, filters),
    // A new filter keeps the rows on screen until the answer arrives: the table never flashes empty.
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      query.state.data?.pages.some((page) =>
        page.expressTrackingDocumentList.some((item) => item.state === 'pending'),
      )
        ? PENDING_POLL_MS
        : false,
  });
}

export const expressShipmentsOf = (pages: ExpressListResult[] | undefined): ExpressShipment[] =>
  pages?.flatMap((page) => page.expressTrackingDocumentList) ?? [];
