import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { OCEAN_ATTENTION_RULES } from '@tracklane/shared/dashboard/dashboard.schema';
import {
  OCEAN_SORTS,
  oceanListResultSchema,
  type OceanListItem,
  type OceanSort,
} from '@tracklane/shared/tracking/ocean/ocean-shipments.schema';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import type { ListFilters, ListFiltersConfig } from '../../../shipment-list/filter-params';
import { listPageQuery } from '../../../shipment-list/shipment-list-api';
import { tenantQueryKey } from '../../../lib/tenant-queries';
import { useLiveSocketUp } from '../../../lib/live-pages-store';

export const OCEAN_SHIPMENTS_PATH = '/api/shipments/ocean';

/** Every ocean-shipment answer (lists, options, details) sits under this key. */
export const OCEAN_SHIPMENTS_QUERY_KEY = tenantQueryKey('ocean-shipments');

export type OceanListStatus = 'active' | 'archived';
export type OceanListPage = z.infer<typeof oceanListResultSchema>;

/**
 * The list's selects: carrier, ports, tag, a party's company, and the bill of lading its containers
 * were found on.
 */
export type OceanSelectKey = 'carrier' | 'pol' | 'pod' | 'tag' | 'company' | 'bill';

/** What the user filters and sorts by: the same on both tabs. */
export const OCEAN_LIST_FILTERS: ListFiltersConfig<OceanSelectKey, OceanSort> = {
  selects: ['carrier', 'pol', 'pod', 'tag', 'company', 'bill'],
  sorts: OCEAN_SORTS,
  defaultSort: 'created_desc',
  attentionRules: OCEAN_ATTENTION_RULES,
};

export type OceanListFilters = ListFilters<OceanSelectKey, OceanSort>;

export const LIST_PAGE_SIZE = 50;

/** One keyset page of the workspace's ocean shipments, with the counts of both tabs. */
export async function listOceanShipments(
  input: { status: OceanListStatus; filters: OceanListFilters; cursor: string | null; limit?: number },
  signal?: AbortSignal,
): Promise<OceanListPage> {
  const query = listPageQuery(OCEAN_LIST_FILTERS, { ...input, limit: input.limit ?? LIST_PAGE_SIZE });
  return oceanListResultSchema.parse(await api.get<unknown>(OCEAN_SHIPMENTS_PATH, { query, signal }));
}

export const oceanListQueryKey = (status?: OceanListStatus, filters?: OceanListFilters) =>
  status === undefined
    ? tenantQueryKey('ocean-shipments', 'list')
    : filters === undefined
      ? tenantQueryKey('ocean-shipments', 'list', status)
      : tenantQueryKey('ocean-shipments', 'list', status, filters);

export const oceanListQueryOptions = (status: OceanListStatus, filters: OceanListFilters) =>
  infiniteQueryOptions({
    queryKey: oceanListQueryKey(status, filters),
    queryFn: ({ pageParam, signal }) => listOceanShipments({ status, filters, cursor: pageParam }, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

/**
 * A shipment still waiting for its first carrier answer, or a bill of lading followed alone whose
 * containers are not named yet (ADR 0037): the list looks again until it has its answer. (The socket
 * says so too, but a page loaded a moment before its socket opened would miss it.)
 */
export const PENDING_POLL_MS = 8_000;

export function useOceanShipments(status: OceanListStatus, filters: OceanListFilters) {
  // While the socket is up, an item's first answer arrives as a message: nothing polls.
  const socketUp = useLiveSocketUp();
  return useInfiniteQuery({
    ...oceanListQueryOptions(status, filters),
    // A new filter keeps the rows on screen until the answer arrives: the table never flashes empty.
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      !socketUp &&
      query.state.data?.pages.some(
        (page) => page.billsPending > 0 || page.items.some((item) => item.state === 'pending'),
      )
        ? PENDING_POLL_MS
        : false,
  });
}

export const shipmentsOf = (pages: OceanListPage[] | undefined): OceanListItem[] =>
  pages?.flatMap((page) => page.items) ?? [];
