import { useCallback, useMemo } from 'react';
import type { CustomField } from '@tracklane/shared/custom-fields/custom-fields.schema';
import { useCustomFields } from '../lib/custom-fields';
import type { BulkParse } from '../lib/paste-table';
import { customFieldPreviewColumns, type PreviewColumn } from './bulk-preview-table';

const NO_FIELDS: readonly CustomField[] = [];

const NOT_LOADED =
  'Your workspace’s custom fields could not be loaded, so columns naming them are not read. Reload the page to try again.';

/**
 * A mode's bulk import with the workspace's custom fields, whatever the mode: its parser given the
 * fields (a file's header may name them), its preview columns with one per field the header names,
 * and what to say when the fields could not be loaded. Until they load such columns are not read;
 * the preview reads them again once they come.
 */
export function useCustomFieldImport<Row extends { customCells: Record<string, string> }, Ready>(
  parser: (text: string, fields: readonly CustomField[]) => BulkParse<Row, Ready>,
  columns: readonly PreviewColumn<Row>[],
  valuesOf: (row: Row) => Record<string, unknown> | undefined,
) {
  const fields = useCustomFields();
  const list = fields.data ?? NO_FIELDS;
  const parse = useCallback((text: string) => parser(text, list), [parser, list]);
  const previewColumns = useMemo(
    () => [...columns, ...customFieldPreviewColumns(list, (row: Row) => row.customCells, valuesOf)],
    [columns, list, valuesOf],
  );
  return { parse, previewColumns, notice: fields.isError ? NOT_LOADED : undefined };
}
