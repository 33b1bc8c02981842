import { useMutation, useQueryClient, type InfiniteData, type QueryKey } from '@tanstack/react-query';
import { TAB_HEADER } from '@tracklane/shared/realtime/user-events';
import { z } from 'zod';
import { api } from '../lib/api-client';
import { TAB_ID } from '../lib/tab-id';

/*
 * Starring shipments, whatever the mode. A star is the user's own (ADR 0033): it changes this user's
 * lists and details only, here at once and in their other tabs through the socket (use-live-updates),
 * never another member's.
 */

const favoriteResultSchema = z.object({ updatedIds: z.array(z.string()) });

/** What starring needs to know of a mode: its call, its ids' name, and where its rows are cached. */
export interface FavoriteMode<
  Page,
  Item extends { favorite: boolean },
  Detail extends { favorite: boolean },
> {
  /** The mode's favourite call, e.g. /api/shipments/ocean/favorite. */
  path: string;
  /** The request's name for the ids: `shipmentOverallIds`, `expressOrderIds`. */
  idsField: string;
  /** Every cached list page of the mode, and every cached detail, sit under these. */
  listKey: QueryKey;
  detailKey: QueryKey;
  rowsOf(page: Page): Item[];
  withRows(page: Page, rows: Item[]): Page;
  idOf(shipment: Item | Detail): string;
}

/** Stars or unstars shipments for the caller, naming this tab so that its own echo is not refetched. */
export async function favoriteShipments(path: string, body: Record<string, unknown>) {
  return favoriteResultSchema.parse(
    await api.post<unknown>(path, body, { headers: { [TAB_HEADER]: TAB_ID } }),
  );
}

/**
 * The star turns at once in every list and detail of the mode that shows the shipment (rows stay in
 * place, even in a favourites-only list, until it is next loaded); a refusal turns it back.
 */
export function useFavoriteShipments<
  Page,
  Item extends { favorite: boolean },
  Detail extends { favorite: boolean },
>(mode: FavoriteMode<Page, Item, Detail>) {
  const queryClient = useQueryClient();

  const setFavorite = (ids: Set<string>, favorite: boolean) => {
    queryClient.setQueriesData<InfiniteData<Page, string | null>>({ queryKey: mode.listKey }, (data) =>
      data
        ? {
            ...data,
            pages: data.pages.map((page) =>
              mode.withRows(
                page,
                mode.rowsOf(page).map((row) => (ids.has(mode.idOf(row)) ? { ...row, favorite } : row)),
              ),
            ),
          }
        : data,
    );
    queryClient.setQueriesData<Detail>({ queryKey: mode.detailKey }, (data) =>
      data && ids.has(mode.idOf(data)) ? { ...data, favorite } : data,
    );
  };

  return useMutation({
    mutationFn: ({ ids, favorite }: { ids: string[]; favorite: boolean }) =>
      favoriteShipments(mode.path, { [mode.idsField]: ids, favorite }),
    onMutate: async ({ ids, favorite }) => {
      await Promise.all([
        queryClient.cancelQueries({ queryKey: mode.listKey }),
        queryClient.cancelQueries({ queryKey: mode.detailKey }),
      ]);
      setFavorite(new Set(ids), favorite);
    },
    onError: (_error, { ids, favorite }) => {
      setFavorite(new Set(ids), !favorite);
    },
  });
}
