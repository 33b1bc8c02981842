import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import type {
  ExpressListResult,
  ExpressShipmentDetail,
} from '@tracklane/shared/express-shipments/express-shipments.schema';
import { z } from 'zod';
import { api } from '../../../lib/api-client';
import { expressShipmentDetailQueryKey } from './get-express-shipment';
import {
  EXPRESS_SHIPMENTS_PATH,
  EXPRESS_SHIPMENTS_QUERY_KEY,
  expressListQueryKey,
} from './list-express-shipments';

const favoriteResultSchema = z.object({ updatedIds: z.array(z.string()) });

export interface ExpressFavoriteInput {
  expressOrderIds: string[];
  favorite: boolean;
}

/** Stars or unstars parcels of the workspace. */
export async function favoriteExpressShipments(input: ExpressFavoriteInput) {
  return favoriteResultSchema.parse(await api.post<unknown>(`${EXPRESS_SHIPMENTS_PATH}/favorite`, input));
}

type ListData = InfiniteData<ExpressListResult, string | null>;

/**
 * The star turns at once in every list and detail that shows the parcel (rows stay in place, even in a
 * favourites-only list, until it is next loaded); a refusal turns it back.
 */
export function useFavoriteExpressShipments() {
  const queryClient = useQueryClient();

  const setFavorite = (ids: Set<string>, favorite: boolean) => {
    queryClient.setQueriesData<ListData>({ queryKey: expressListQueryKey() }, (data) =>
      data
        ? {
            ...data,
            pages: data.pages.map((page) => ({
              ...page,
              expressTrackingDocumentList: page.expressTrackingDocumentList.map((item) =>
                ids.has(item.expressOrderId) ? { ...item, favorite } : item,
              ),
            })),
          }
        : data,
    );
    queryClient.setQueriesData<ExpressShipmentDetail>(
      { queryKey: expressShipmentDetailQueryKey() },
      (data) => (data && ids.has(data.expressOrderId) ? { ...data, favorite } : data),
    );
  };

  return useMutation({
    mutationFn: favoriteExpressShipments,
    onMutate: async (input) => {
      await queryClient.cancelQueries({ queryKey: EXPRESS_SHIPMENTS_QUERY_KEY });
      setFavorite(new Set(input.expressOrderIds), input.favorite);
    },
    onError: (_error, input) => {
      setFavorite(new Set(input.expressOrderIds), !input.favorite);
    },
  });
}
