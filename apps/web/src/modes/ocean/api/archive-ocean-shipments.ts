import { useMutation, useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';
import { tenantQueryKey } from '../../../lib/tenant-queries';
import {
  OCEAN_SHIPMENTS_PATH,
  oceanListQueryKey,
  type OceanListPage,
  type OceanListStatus,
} from './list-ocean-shipments';

const archiveResultSchema = z.object({
  updatedIds: z.array(z.string()),
  activeCount: z.number().int(),
  archivedCount: z.number().int(),
});
export type ArchiveResult = z.infer<typeof archiveResultSchema>;

export interface ArchiveInput {
  shipmentOverallIds: string[];
  archived: boolean;
}

/** Moves shipments between the active and archived tabs; answers both tabs' new counts (spec §4). */
export async function archiveOceanShipments(input: ArchiveInput): Promise<ArchiveResult> {
  return archiveResultSchema.parse(await api.post<unknown>(`${OCEAN_SHIPMENTS_PATH}/archive`, input));
}

type ListData = InfiniteData<OceanListPage, string | null>;

/**
 * spec §4: the moved rows leave every cached list of the tab they were on, without a refetch (the rows
 * around them stay where they are), and every cached list, on either tab, shows the new counts. The
 * tab they moved to is fetched again when it is next shown.
 */
export function applyArchiveResult(queryClient: QueryClient, archived: boolean, result: ArchiveResult) {
  const left: OceanListStatus = archived ? 'active' : 'archived';
  const moved = new Set(result.updatedIds);
  for (const [key, data] of queryClient.getQueriesData<ListData>({ queryKey: oceanListQueryKey() })) {
    if (!data) continue;
    const status = key[3] as OceanListStatus;
    queryClient.setQueryData<ListData>(key, {
      ...data,
      pages: data.pages.map((page) => ({
        ...page,
        items: status === left ? page.items.filter((item) => !moved.has(item.shipmentOverallId)) : page.items,
        activeCount: result.activeCount,
        archivedCount: result.archivedCount,
      })),
    });
  }
}

export function useArchiveOceanShipments() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: archiveOceanShipments,
    onSuccess: async (result, input) => {
      applyArchiveResult(queryClient, input.archived, result);
      await Promise.all([
        queryClient.invalidateQueries({
          queryKey: oceanListQueryKey(input.archived ? 'archived' : 'active'),
        }),
        queryClient.invalidateQueries({ queryKey: tenantQueryKey('ocean-shipments', 'detail') }),
      ]);
    },
  });
}
