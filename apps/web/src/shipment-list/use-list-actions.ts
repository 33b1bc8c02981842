import { notifications } from '@mantine/notifications';
import { useCallback, useState } from 'react';
import { errorMessage } from '../lib/api-client';

/*
 * What every shipment list does with its rows, whatever the mode: select them, move them between the
 * active and archived tabs with a word on the outcome, star them, and load the next page.
 */

const plural = (n: number, one: string) => `${String(n)} ${one}${n === 1 ? '' : 's'}`;

/**
 * The rows selected in one view of a list, and archiving (or unarchiving) rows with a notice.
 * `listKey` names the view (tab and filters): another view starts without a selection. `archive`
 * answers the ids that moved; they leave the selection. Keep `archive` the same function between
 * renders (useCallback) so that `move` is too.
 */
export function useListSelection(
  listKey: string,
  archive: (ids: string[], archived: boolean) => Promise<{ updatedIds: string[] }>,
) {
  const [selection, setSelection] = useState<{ key: string; ids: Set<string> }>({
    key: listKey,
    ids: new Set(),
  });
  const selected = selection.key === listKey ? selection.ids : new Set<string>();
  const setSelected = useCallback((ids: Set<string>) => setSelection({ key: listKey, ids }), [listKey]);

  // Stable while the view and `archive` are: the rows' actions (memoised rows) hold on to it.
  const move = useCallback(
    async (ids: string[], archived: boolean) => {
      try {
        const { updatedIds } = await archive(ids, archived);
        setSelection((current) => ({
          key: listKey,
          ids: new Set(
            [...(current.key === listKey ? current.ids : [])].filter((id) => !updatedIds.includes(id)),
          ),
        }));
        const n = updatedIds.length;
        notifications.show({
          color: 'teal',
          message: archived ? `Archived ${plural(n, 'shipment')}` : `Unarchived ${plural(n, 'shipment')}`,
        });
      } catch (error) {
        notifications.show({
          color: 'red',
          title: archived ? 'Could not archive' : 'Could not unarchive',
          message: errorMessage(error),
        });
      }
    },
    [listKey, archive],
  );

  return { selected, setSelected, move };
}

/** Says that a star did not stick (the list has already turned it back). */
export function notifyFavoriteFailed(error: unknown) {
  notifications.show({
    color: 'red',
    title: 'Could not change the favourite',
    message: errorMessage(error, 'Please try again.'),
  });
}

/** The next keyset page, asked for once at a time, while there is one. */
export function useLoadMore(list: {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
}) {
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = list;
  return useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);
}
