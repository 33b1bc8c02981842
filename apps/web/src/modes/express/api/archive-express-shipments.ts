import { useMutation, useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import type {
  ExpressListResult,
  ExpressListTab,
} from '@tracklane/shared/tracking/express/express-shipments.schema';
import { z } from 'zod';
import { api } from '../../../lib/api-client';
import { expressShipmentDetailQueryKey } from './get-express-shipment';
import { EXPRESS_SHIPMENTS_PATH, expressListQueryKey } from './list-express-shipments';

const archiveResultSchema = z.object({
  updatedIds: z.array(z.string()),
  activeCount: z.number().int(),
  notFoundCount: z.number().int(),
  archivedCount: z.number().int(),
});
export type ExpressArchiveResult = z.infer<typeof archiveResultSchema>;

export interface ExpressArchiveInput {
  expressOrderIds: string[];
  archived: boolean;
}

/** Moves parcels between the archived tab and the active (or not-found) one; answers every tab's count (spec §4). */
export async function archiveExpressShipments(input: ExpressArchiveInput): Promise<ExpressArchiveResult> {
  return archiveResultSchema.parse(await api.post<unknown>(`${EXPRESS_SHIPMENTS_PATH}/archive`, input));
}

type ListData = InfiniteData<ExpressListResult, string | null>;

/**
 * spec §4: the moved rows leave every cached list of the tabs they were on, without a refetch (the rows
 * around them stay where they are), and every cached list shows the new counts. The tabs they moved to
 * are fetched again when next shown.
 */
export function applyExpressArchiveResult(
  queryClient: QueryClient,
  archived: boolean,
  result: ExpressArchiveResult,
) {
  const moved = new Set(result.updatedIds);
  const left = (tab: ExpressListTab) => (archived ? tab !== 'archived' : tab === 'archived');
  for (const [key, data] of queryClient.getQueriesData<ListData>({ queryKey: expressListQueryKey() })) {
    if (!data) continue;
    const tab = key[3] as ExpressListTab;
    queryClient.setQueryData<ListData>(key, {
      ...data,
      pages: data.pages.map((page) => ({
        ...page,
        expressTrackingDocumentList: left(tab)
          ? page.expressTrackingDocumentList.filter((item) => !moved.has(item.expressOrderId))
          : page.expressTrackingDocumentList,
        activeCount: result.activeCount,
        notFoundCount: result.notFoundCount,
        archivedCount: result.archivedCount,
      })),
    });
  }
}

export function useArchiveExpressShipments() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: archiveExpressShipments,
    onSuccess: async (result, input) => {
      applyExpressArchiveResult(queryClient, input.archived, result);
      // Back from the archive, a parcel lands on the active or the not-found tab, by its state.
      const arrivedOn: ExpressListTab[] = input.archived ? ['archived'] : ['active', 'notFound'];
      await Promise.all([
        ...arrivedOn.map((tab) => queryClient.invalidateQueries({ queryKey: expressListQueryKey(tab) })),
        queryClient.invalidateQueries({ queryKey: expressShipmentDetailQueryKey() }),
      ]);
    },
  });
}
