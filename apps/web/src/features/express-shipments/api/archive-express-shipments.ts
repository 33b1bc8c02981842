import { useMutation, useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import type {
  ExpressListResult,
  ExpressListTab,
} from '@tracklane/shared/express-shipments/express-shipments.schema';
import { z } from 'zod';
import { api } from '../../../lib/api-client';
import { expressShipmentDetailQueryKey } from './get-express-shipment';
import { EXPRESS_SHIPMENTS_PATH, expressListQueryKey } from './list-express-shipments';

const archiveResultSchema = z.object({ updatedIds: z.array(z.string()) });
export type ExpressArchiveResult = z.infer<typeof archiveResultSchema>;

export interface ExpressArchiveInput {
  expressOrderIds: string[];
  archived: boolean;
}

/** Moves parcels between the archived tab and the active (or not-found) one (spec §4). */
export async function archiveExpressShipments(input: ExpressArchiveInput): Promise<ExpressArchiveResult> {
  return archiveResultSchema.parse(await api.post<unknown>(`${EXPRESS_SHIPMENTS_PATH}/archive`, input));
}

type ListData = InfiniteData<ExpressListResult, string | null>;

/**
 * spec §4: the moved rows leave every cached list of the tabs they were on at once, so the rows around
 * them stay where they are; the lists are then fetched again for the new counts of every tab.
 */
export function removeMovedRows(queryClient: QueryClient, archived: boolean, movedIds: readonly string[]) {
  const moved = new Set(movedIds);
  const leftTab = (tab: ExpressListTab) => (archived ? tab !== 'archived' : tab === 'archived');
  for (const [key, data] of queryClient.getQueriesData<ListData>({ queryKey: expressListQueryKey() })) {
    if (!data) continue;
    if (!leftTab(key[3] as ExpressListTab)) continue;
    queryClient.setQueryData<ListData>(key, {
      ...data,
      pages: data.pages.map((page) => ({
        ...page,
        expressTrackingDocumentList: page.expressTrackingDocumentList.filter(
          (item) => !moved.has(item.expressOrderId),
        ),
      })),
    });
  }
}

export function useArchiveExpressShipments() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: archiveExpressShipments,
    onSuccess: async (result, input) => {
      removeMovedRows(queryClient, input.archived, result.updatedIds);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: expressListQueryKey() }),
        queryClient.invalidateQueries({ queryKey: expressShipmentDetailQueryKey() }),
      ]);
    },
  });
}
