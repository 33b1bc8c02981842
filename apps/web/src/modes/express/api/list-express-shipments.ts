import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { EXPRESS_ATTENTION_RULES } from '@tracklane/shared/dashboard/dashboard.schema';
import {
  EXPRESS_LIST_MAX_LIMIT,
  EXPRESS_SORTS,
  expressListResultSchema,
  type ExpressListResult,
  type ExpressListTab,
  type ExpressListItem,
  type ExpressSort,
} from '@tracklane/shared/tracking/express/express-shipments.schema';
import { api } from '../../../lib/api-client';
import type { ListFilters, ListFiltersConfig } from '../../../shipment-list/filter-params';
import { listAllPages, listPageQuery } from '../../../shipment-list/shipment-list-api';
import { tenantQueryKey } from '../../../lib/tenant-queries';
import { useLiveSocketUp } from '../../../lib/live-pages-store';

export const EXPRESS_SHIPMENTS_PATH = '/api/shipments/express';

/** Every express-shipment answer (lists, options, details) sits under this key. */
export const EXPRESS_SHIPMENTS_QUERY_KEY = tenantQueryKey('express-shipments');

/** What the user filters and sorts by: the same on every tab. */
/** The list's selects: carrier, parcel status, tag and a party's company. */
export type ExpressSelectKey = 'carrier' | 'parcelStatus' | 'tag' | 'company';

export const EXPRESS_LIST_FILTERS: ListFiltersConfig<ExpressSelectKey, ExpressSort> = {
  selects: ['carrier', 'parcelStatus', 'tag', 'company'],
  sorts: EXPRESS_SORTS,
  defaultSort: 'created_desc',
  attentionRules: EXPRESS_ATTENTION_RULES,
};

export type ExpressListFilters = ListFilters<ExpressSelectKey, ExpressSort>;

export const EXPRESS_LIST_PAGE_SIZE = 50;

/** One keyset page of the workspace's express shipments, with the counts of all three tabs. */
export async function listExpressShipments(
  input: { status: ExpressListTab; filters: ExpressListFilters; cursor: string | null; limit?: number },
  signal?: AbortSignal,
): Promise<ExpressListResult> {
  const query = listPageQuery(EXPRESS_LIST_FILTERS, {
    ...input,
    limit: input.limit ?? EXPRESS_LIST_PAGE_SIZE,
  });
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
  // While the socket is up, an item's first answer arrives as a message: nothing polls.
  const socketUp = useLiveSocketUp();
  return useInfiniteQuery({
    ...expressListQueryOptions(status, filters),
    // A new filter keeps the rows on screen until the answer arrives: the table never flashes empty.
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      !socketUp &&
      query.state.data?.pages.some((page) =>
        page.expressTrackingDocumentList.some((item) => item.state === 'pending'),
      )
        ? PENDING_POLL_MS
        : false,
  });
}

export const expressShipmentsOf = (pages: ExpressListResult[] | undefined): ExpressListItem[] =>
  pages?.flatMap((page) => page.expressTrackingDocumentList) ?? [];

const TAB_COUNT = {
  active: 'activeCount',
  notFound: 'notFoundCount',
  archived: 'archivedCount',
} as const satisfies Record<ExpressListTab, keyof ExpressListResult>;

/** A tab's count in a list answer. */
export const expressTabCount = (page: ExpressListResult, tab: ExpressListTab) => page[TAB_COUNT[tab]];

/**
 * Every parcel of a tab under the current filters and sort, page after page of the largest size the
 * server gives, for an export; `onProgress` hears the running count.
 */
export function listAllExpressShipments(
  status: ExpressListTab,
  filters: ExpressListFilters,
  onProgress?: (loaded: number, total: number) => void,
): Promise<ExpressListItem[]> {
  return listAllPages(async (cursor) => {
    const page = await listExpressShipments({ status, filters, cursor, limit: EXPRESS_LIST_MAX_LIMIT });
    return {
      items: page.expressTrackingDocumentList,
      total: expressTabCount(page, status),
      nextCursor: page.nextCursor,
    };
  }, onProgress);
}
