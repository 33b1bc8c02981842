import type { QueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { NoConnectionNote } from '../components/no-connection';
import { useAttentionLabel } from '../lib/dashboard-api';
import { customFieldsQueryOptions, useCustomFields } from '../lib/custom-fields';
import {
  CustomFieldCell,
  fieldIdOfColumn,
  withCustomFieldColumns,
  withoutDeletedFields,
  type CustomColumnId,
} from './custom-field-columns';
import { filtersFromParams, isFiltered } from './filter-params';
import type { ShipmentListDefinition } from './list-definition';
import { ShipmentListView } from './shipment-list-view';
import { TextCell } from './table-cells';
import { isReferenceColumn, type ColumnSet, type TableColumn } from './table-columns';
import { columnsPreferenceQueryOptions } from './table-columns-preference';
import { notifyFavoriteFailed } from './use-list-actions';
import { useListFilters } from './use-list-filters';

/**
 * A list's first page and the reader's columns, as the list asks for them on its first render (the
 * filters from the address's `search`): what its route's loader waits for. Answers already cached are
 * taken as they are (the list refreshes them as it renders).
 */
export function prefetchShipmentList<
  Row,
  Page,
  Tab extends string,
  Id extends string,
  Sort extends string,
  Key extends string,
>(
  queryClient: QueryClient,
  list: ShipmentListDefinition<Row, Page, Tab, Id, Sort, Key>,
  tab: Tab,
  search: URLSearchParams,
): Promise<unknown> {
  const filters = filtersFromParams(list.filters, search);
  return Promise.all([
    list.prefetch(queryClient, tab, filters),
    queryClient.ensureQueryData(columnsPreferenceQueryOptions(list.columnsKey)),
    // The workspace's custom fields are columns: the table is drawn once they are known.
    queryClient.ensureQueryData(customFieldsQueryOptions()),
  ]);
}

interface ShipmentListPageProps<
  Row,
  Page,
  Tab extends string,
  Id extends string,
  Sort extends string,
  Key extends string,
> {
  list: ShipmentListDefinition<Row, Page, Tab, Id, Sort, Key>;
  tab: Tab;
  /** The reader's time zone: every date of the list is a day there (spec §9). */
  timeZone: string;
  /** shipmentPermission 0 (spec §6): offers "New shipment". */
  canCreate: boolean;
  /** Shares the selected rows; the app brings the dialog (the list imports no feature). */
  onShare?: (rows: Row[]) => void;
}

/**
 * A mode's shipment list (spec §3: /shipments/ocean/…, /shipments/truck/express/…): the tabs of one
 * table, written once over the mode's list definition.
 */
export function ShipmentListPage<
  Row,
  Page,
  Tab extends string,
  Id extends string,
  Sort extends string,
  Key extends string,
>({ list, tab, timeZone, canCreate, onShare }: ShipmentListPageProps<Row, Page, Tab, Id, Sort, Key>) {
  const filterState = useListFilters(list.filters);
  const { setFilters } = filterState;
  // The workspace's custom fields: optional columns, sorts and filters of every mode's list.
  const customFields = useCustomFields();
  const fields = customFields.data;
  const filters = useMemo(
    () => withoutDeletedFields(filterState.filters, fields, list.filters.defaultSort),
    [filterState.filters, fields, list.filters.defaultSort],
  );
  const columns = useMemo(
    () => withCustomFieldColumns(list.columns as never, fields ?? []),
    [list.columns, fields],
  ) as unknown as ColumnSet<Row, Id | CustomColumnId, Sort>;
  const fieldById = useMemo(() => new Map((fields ?? []).map((field) => [field.id, field])), [fields]);
  const attentionLabel = useAttentionLabel(list.mode, filters.attention);
  const query = list.useList(tab, filters);
  // The filters' choices: not needed before a filter opens, so not part of the first screen.
  const selects = list.useSelects(filters);
  const archive = list.useArchive();
  const favorite = list.useFavorite();

  const rows = useMemo(() => list.rowsOf(query.data?.pages), [list, query.data]);
  const extras = list.useExtras?.({ tab, rows, filters, setFilters, canCreate }) ?? {};
  const unconnected = useMemo(
    () => rows.map(list.unconnectedCarrier).filter((name): name is string => name !== null),
    [list, rows],
  );
  const lastPage = query.data?.pages.at(-1);
  const counts = useMemo(() => (lastPage ? list.counts(lastPage) : null), [list, lastPage]);

  // The table's rows are memoised: what they draw with stays the same function while
  // what it shows does.
  const hrefOf = useCallback((row: Row) => list.detailHref(row, timeZone), [list, timeZone]);
  const { Cell } = list;
  const renderCell = useCallback(
    (column: TableColumn<Row, Id | CustomColumnId, Sort>, row: Row) => {
      const field = fieldById.get(fieldIdOfColumn(column.id) ?? '');
      // The workspace's own columns are drawn the same in every mode: references as text.
      if (field) return <CustomFieldCell field={field} row={row as object} />;
      return isReferenceColumn(column.id) ? (
        <TextCell text={column.text(row, timeZone)} />
      ) : (
        <Cell
          column={column.id as Id}
          context={{
            shipment: row,
            timeZone,
            detailHref: list.detailHref(row, timeZone),
            // The reader's own star: whoever sees the list may star (ADR 0033).
            onToggleFavorite: () => favorite([list.rowKey(row)], !list.isFavorite(row), notifyFavoriteFailed),
          }}
        />
      );
    },
    [Cell, list, timeZone, favorite, fieldById],
  );
  const exportRows = useCallback(
    (onProgress: (loaded: number, total: number) => void) => list.exportAll(tab, filters, onProgress),
    [list, tab, filters],
  );
  const emptyTab = useMemo(() => list.emptyTab(tab, counts, canCreate), [list, tab, counts, canCreate]);

  return (
    <ShipmentListView
      title={list.title[tab]}
      description={list.description(timeZone)}
      timeZone={timeZone}
      canChange={canCreate}
      newShipmentHref={canCreate ? list.newShipmentHref : null}
      demo={list.demo}
      note={extras.note ?? (unconnected.length ? <NoConnectionNote carrierNames={unconnected} /> : null)}
      banner={extras.banner}
      aside={extras.aside}
      tabs={list.tabs}
      tab={tab}
      tabPath={list.tabPath}
      counts={counts}
      archived={tab === 'archived'}
      filters={
        filters === filterState.filters
          ? filterState
          : { ...filterState, filters, filtered: isFiltered(list.filters, filters) }
      }
      customFields={fields}
      search={list.search}
      selects={selects}
      attentionLabel={attentionLabel}
      columns={columns}
      // The saved columns wait for the fields: a field's column is not dropped for not being known yet.
      columnsReady={!customFields.isPending}
      columnsKey={list.columnsKey}
      identifierColumn={list.identifierColumn}
      renderCell={renderCell}
      rows={rows}
      query={query}
      rowKey={list.rowKey}
      rowLabel={list.rowLabel}
      rowName={list.rowName}
      detailHref={hrefOf}
      archive={archive.archive}
      archiving={archive.isPending}
      onShare={onShare}
      exportRows={exportRows}
      exportName={list.exportName(tab)}
      filteredWhat={list.filteredWhat}
      emptyTab={emptyTab}
    />
  );
}
