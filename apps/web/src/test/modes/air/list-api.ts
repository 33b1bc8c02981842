import {
  infiniteQueryOptions,
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';
import { tenantQueryKey } from '../../../lib/tenant-queries';
import type { ListFilters, ListFiltersConfig } from '../../../shipment-list/filter-params';
import { useFavoriteShipments } from '../../../shipment-list/favorite-shipments';
import { listAllPages, listPageQuery } from '../../../shipment-list/shipment-list-api';

/*
 * The test mode's list calls, as a product mode's are: keyset pages of a tab with both tabs' counts,
 * its selects' choices, archive and favourite (the shared favourite machinery). The fake API answers
 * them in its tests.
 */

export const AIR_SHIPMENTS_PATH = '/api/shipments/air';
export const AIR_TABS = ['active', 'archived'] as const;
export type AirTab = (typeof AIR_TABS)[number];
export const AIR_SORTS = ['created_desc', 'awb_asc', 'landing_asc', 'landing_desc'] as const;
export type AirSort = (typeof AIR_SORTS)[number];
export type AirSelectKey = 'airline';

export const airRowSchema = z.object({
  airShipmentId: z.string(),
  awb: z.string(),
  airline: z.string(),
  state: z.string(),
  status: z.enum(['departed', 'landed']).nullable(),
  landingAt: z.string().nullable(),
  tags: z.array(z.string()),
  favorite: z.boolean(),
  archived: z.boolean(),
  createdAt: z.string(),
});
export type AirRow = z.infer<typeof airRowSchema>;

export const airListPageSchema = z.object({
  items: z.array(airRowSchema),
  nextCursor: z.string().nullable(),
  activeCount: z.number().int().min(0),
  archivedCount: z.number().int().min(0),
});
export type AirListPage = z.infer<typeof airListPageSchema>;

export const AIR_LIST_FILTERS: ListFiltersConfig<AirSelectKey, AirSort> = {
  selects: ['airline'],
  sorts: AIR_SORTS,
  defaultSort: 'created_desc',
  attentionRules: ['offloaded', 'customsHold'],
};
export type AirFilters = ListFilters<AirSelectKey, AirSort>;

const listKey = (tab?: AirTab, filters?: AirFilters) =>
  tenantQueryKey('air-shipments', 'list', ...(tab ? [tab] : []), ...(filters ? [filters] : []));

async function listAirShipments(tab: AirTab, filters: AirFilters, cursor: string | null, limit = 50) {
  const query = listPageQuery(AIR_LIST_FILTERS, { status: tab, filters, cursor, limit });
  return airListPageSchema.parse(await api.get<unknown>(AIR_SHIPMENTS_PATH, { query }));
}

export const airListQueryOptions = (tab: AirTab, filters: AirFilters) =>
  infiniteQueryOptions({
    queryKey: listKey(tab, filters),
    queryFn: ({ pageParam }) => listAirShipments(tab, filters, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

export function useAirShipments(tab: AirTab, filters: AirFilters) {
  return useInfiniteQuery({ ...airListQueryOptions(tab, filters), placeholderData: keepPreviousData });
}

export const airRowsOf = (pages: AirListPage[] | undefined) => (pages ?? []).flatMap((page) => page.items);

/** Every row of a tab, for the exports. */
export const listAllAirShipments = (
  tab: AirTab,
  filters: AirFilters,
  onProgress: (loaded: number, total: number) => void,
) =>
  listAllPages(async (cursor) => {
    const page = await listAirShipments(tab, filters, cursor, 500);
    return {
      items: page.items,
      total: tab === 'active' ? page.activeCount : page.archivedCount,
      nextCursor: page.nextCursor,
    };
  }, onProgress);

/** The airlines the workspace's air waybills fly with, for the airline select. */
export function useAirOptions() {
  return useQuery({
    queryKey: tenantQueryKey('air-shipments', 'options'),
    queryFn: async () =>
      z
        .object({ airlines: z.array(z.string()) })
        .parse(await api.get<unknown>(`${AIR_SHIPMENTS_PATH}/options`)),
  });
}

const archiveResultSchema = z.object({ updatedIds: z.array(z.string()) });

/** Moves air waybills into the archive and back; every cached tab is asked again. */
export function useArchiveAirShipments() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { airShipmentIds: string[]; archived: boolean }) =>
      archiveResultSchema.parse(await api.post<unknown>(`${AIR_SHIPMENTS_PATH}/archive`, input)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: listKey() }),
  });
}

export function useFavoriteAirShipments() {
  return useFavoriteShipments<AirListPage, AirRow, AirRow>({
    path: `${AIR_SHIPMENTS_PATH}/favorite`,
    idsField: 'airShipmentIds',
    listKey: listKey(),
    detailKey: tenantQueryKey('air-shipments', 'detail'),
    rowsOf: (page) => page.items,
    withRows: (page, items) => ({ ...page, items }),
    idOf: (row) => row.airShipmentId,
  });
}
