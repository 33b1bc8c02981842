import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import type {
  OceanShipment,
  OceanShipmentDetail,
} from '@tracklane/shared/ocean-shipments/ocean-shipments.schema';
import { z } from 'zod';
import { api } from '../../../lib/api-client';
import { tenantQueryKey } from '../../../lib/tenant-queries';
import { OCEAN_SHIPMENTS_PATH, oceanListQueryKey, type OceanListPage } from './list-ocean-shipments';

const favoriteResultSchema = z.object({ updatedIds: z.array(z.string()) });

export interface FavoriteInput {
  shipmentOverallIds: string[];
  favorite: boolean;
}

/** Stars or unstars shipments of the workspace. */
export async function favoriteOceanShipments(input: FavoriteInput) {
  return favoriteResultSchema.parse(await api.post<unknown>(`${OCEAN_SHIPMENTS_PATH}/favorite`, input));
}

type ListData = InfiniteData<OceanListPage, string | null>;

/**
 * The star turns at once in every list and detail that shows the shipment (rows stay in place, even in
 * a favourites-only list, until it is next loaded); a refusal turns it back.
 */
export function useFavoriteOceanShipments() {
  const queryClient = useQueryClient();
  const detailKey = tenantQueryKey('ocean-shipments', 'detail');

  const setFavorite = (ids: Set<string>, favorite: (shipment: OceanShipment) => boolean) => {
    queryClient.setQueriesData<ListData>({ queryKey: oceanListQueryKey() }, (data) =>
      data
        ? {
            ...data,
            pages: data.pages.map((page) => ({
              ...page,
              items: page.items.map((item) =>
                ids.has(item.shipmentOverallId) ? { ...item, favorite: favorite(item) } : item,
              ),
            })),
          }
        : data,
    );
    queryClient.setQueriesData<OceanShipmentDetail>({ queryKey: detailKey }, (data) =>
      data && ids.has(data.shipmentOverallId) ? { ...data, favorite: favorite(data) } : data,
    );
  };

  return useMutation({
    mutationFn: favoriteOceanShipments,
    onMutate: async (input) => {
      await queryClient.cancelQueries({ queryKey: tenantQueryKey('ocean-shipments') });
      setFavorite(new Set(input.shipmentOverallIds), () => input.favorite);
    },
    onError: (_error, input) => {
      setFavorite(new Set(input.shipmentOverallIds), () => !input.favorite);
    },
  });
}
