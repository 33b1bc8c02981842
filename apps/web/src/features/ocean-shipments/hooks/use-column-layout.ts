import { notifications } from '@mantine/notifications';
import { useMemo } from 'react';
import { isApiError } from '../../../lib/api-client';
import { useOceanColumnsPreference, useSaveOceanColumnsPreference } from '../api/table-columns-preference';
import { DEFAULT_LAYOUT, layoutFromPreference, type ColumnLayout } from '../utils/columns';

/**
 * The table's columns as the user arranged them, saved on every change. Until the saved layout has
 * loaded, `ready` is false: the table waits rather than redrawing itself under the reader's eyes.
 */
export function useColumnLayout() {
  const preference = useOceanColumnsPreference();
  const save = useSaveOceanColumnsPreference();
  const layout = useMemo(
    () => (preference.data === undefined ? DEFAULT_LAYOUT : layoutFromPreference(preference.data)),
    [preference.data],
  );
  const setLayout = (next: ColumnLayout) => {
    save.mutate(
      { hidden: next.hidden, order: next.order },
      {
        onError: (error) =>
          notifications.show({
            color: 'red',
            title: 'Could not save your columns',
            message: isApiError(error) ? error.message : 'Please try again.',
          }),
      },
    );
  };
  // A failed load falls back to the default columns rather than holding the table back.
  return { layout, setLayout, ready: !preference.isPending };
}
