import { notifications } from '@mantine/notifications';
import { useCallback, useMemo } from 'react';
import { errorMessage } from '../lib/api-client';
import { layoutFromPreference, type ColumnLayout, type ColumnSet } from './table-columns';
import {
  useColumnsPreference,
  useSaveColumnsPreference,
  type TableColumnsKey,
} from './table-columns-preference';

/**
 * A table's columns as the user arranged them, saved under `key` on every change. Until the saved
 * layout has loaded, `ready` is false: the table waits rather than redrawing itself under the reader's
 * eyes.
 */
export function useColumnLayout<Row, Id extends string, Sort extends string>(
  set: ColumnSet<Row, Id, Sort>,
  key: TableColumnsKey,
) {
  const preference = useColumnsPreference(key);
  const save = useSaveColumnsPreference(key);
  const layout = useMemo(
    () => (preference.data === undefined ? set.defaultLayout : layoutFromPreference(set, preference.data)),
    [set, preference.data],
  );
  const { mutate } = save;
  const setLayout = useCallback(
    (next: ColumnLayout<Id>) =>
      mutate(
        { hidden: next.hidden, order: next.order },
        {
          onError: (error) =>
            notifications.show({
              color: 'red',
              title: 'Could not save your columns',
              message: errorMessage(error, 'Please try again.'),
            }),
        },
      ),
    [mutate],
  );
  // A failed load falls back to the default columns rather than holding the table back.
  return { layout, setLayout, ready: !preference.isPending };
}
