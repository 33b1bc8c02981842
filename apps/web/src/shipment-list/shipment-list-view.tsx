import { Button } from '@mantine/core';
import type { CustomField } from '@tracklane/shared/custom-fields/custom-fields.schema';
import { IconPlus } from '@tabler/icons-react';
import { useCallback, useMemo, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { cardExtraColumns, visibleColumns, type ColumnSet, type TableColumn } from './table-columns';
import type { TableColumnsKey } from './table-columns-preference';
import { useColumnLayout } from './use-column-layout';
import { useListSelection, useLoadMore } from './use-list-actions';
import type { ListFilters as Filters } from './filter-params';
import type { ListFilterState } from './use-list-filters';
import { ColumnSettings } from './column-settings';
import { DemoBadge } from '../components/demo-badge';
import { ExportButton } from './export-button';
import { ListEmptyState, type EmptyTab } from '../components/list-empty-state';
import { ListFilters, type FilterSelect } from './list-filters';
import { ListFooter } from './list-footer';
import { ListLoadError } from '../components/list-load-error';
import { PageHeader } from '../components/page-header';
import { RowActions } from './row-actions';
import { SelectionActionBar } from './selection-action-bar';
import { ShipmentListCard, type ListTab } from './shipment-list-card';
import { ShipmentsTable } from './shipments-table';

/** What the view needs of a mode's infinite list query (TanStack's answer fits as it is). */
export interface ListQueryState {
  /** Undefined until a first answer. */
  data: unknown;
  isPending: boolean;
  isError: boolean;
  error: unknown;
  /** Rows from other filters, shown until the answer to the new ones arrives. */
  isPlaceholderData: boolean;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
  refetch: () => Promise<unknown>;
}

export interface ShipmentListViewProps<
  Row,
  Id extends string,
  Sort extends string,
  Tab extends string,
  Key extends string,
> {
  title: string;
  description: ReactNode;
  /** The reader's time zone: every date of the list is a day there (spec §9). */
  timeZone: string;
  /** shipmentPermission 0: rows can be selected, archived and starred (spec §6). */
  canChange: boolean;
  /** Where "New shipment" leads; null for a member who may only view. */
  newShipmentHref: string | null;
  /** Says that rows come from the demo carrier, and what it makes up. */
  demo: { isDemo: (row: Row) => boolean; explanation: string };

  tabs: readonly ListTab<Tab>[];
  tab: Tab;
  tabPath: Record<Tab, string>;
  counts: Record<Tab, number> | null;
  /** The tab shown is the archive: its rows move back rather than into it. */
  archived: boolean;
  /** A word on what the tab holds, above its rows. */
  note?: ReactNode;
  /** What the rows shown are a group of, between the filters and the rows (ocean: a bill of lading). */
  banner?: ReactNode;
  /** Between the page's header and the list (ocean: the bills still waiting for containers). */
  aside?: ReactNode;

  filters: ListFilterState<Key, Sort>;
  search: { placeholder: string; label: string };
  selects: FilterSelect<Key>[];
  /** The attention card's label when the list is narrowed to one (`?attention=`). */
  attentionLabel?: string | null;

  columns: ColumnSet<Row, Id, Sort>;
  /** False while the columns are not all known yet (the workspace's custom fields): the table waits. */
  columnsReady?: boolean;
  /** The workspace's custom fields, for their filters. */
  customFields?: readonly CustomField[];
  /** Where the user's arrangement of these columns is saved. */
  columnsKey: TableColumnsKey;
  identifierColumn: Id;
  renderCell: (column: TableColumn<Row, Id, Sort>, row: Row) => ReactNode;

  rows: Row[];
  query: ListQueryState;
  rowKey: (row: Row) => string;
  rowLabel: (row: Row) => string;
  rowName: (row: Row) => string;
  detailHref: (row: Row) => string;

  /** Moves rows into or out of the archive; answers the ids that moved. */
  archive: (ids: string[], archived: boolean) => Promise<{ updatedIds: string[] }>;
  archiving: boolean;
  /** Shares the selected rows (people and a public link); shown only where `canChange`. */
  onShare?: (rows: Row[]) => void;
  /** Every row of the current view, for the export. */
  exportRows: (onProgress: (loaded: number, total: number) => void) => Promise<Row[]>;
  /** Names the export: "ocean-shipments-active". */
  exportName: string;

  /** What the filters look at, for "No shipment in this list has that …". */
  filteredWhat: string;
  /** What the tab says when it is empty and no filter is on. */
  emptyTab: EmptyTab;
}

/**
 * A shipment list page of any mode (spec §3): the header with export and "New shipment", the tabs with
 * their counts, the filters, the table with infinite scroll and row actions, and the selection's bar.
 * Each mode brings its columns, cells, filters and API calls.
 */
export function ShipmentListView<
  Row,
  Id extends string,
  Sort extends string,
  Tab extends string,
  Key extends string,
>(props: ShipmentListViewProps<Row, Id, Sort, Tab, Key>) {
  const { rows, query, tab, archived, detailHref } = props;
  const { filters, setFilters, clearFilters, filtered, search } = props.filters;
  const navigate = useNavigate();
  const { layout, setLayout, ready: preferenceReady } = useColumnLayout(props.columns, props.columnsKey);
  const layoutReady = preferenceReady && props.columnsReady !== false;
  // A selection belongs to one list: another tab or other filters start without one.
  const { selected, setSelected, move } = useListSelection(`${tab}?${search}`, props.archive);
  const loadMore = useLoadMore(query);

  const columns = useMemo(() => visibleColumns(props.columns, layout), [props.columns, layout]);
  // A phone's card draws from every column of the mode, shown in the table or not, and adds the
  // columns the reader chose beyond the mode's default ones (references, custom fields).
  const card = useMemo(
    () => ({
      layout: props.columns.card,
      columns: props.columns.columns,
      extras: cardExtraColumns(props.columns, layout),
    }),
    [props.columns, layout],
  );
  // The same function while nothing it shows changes: the table's rows are memoised.
  const { rowName, rowKey, canChange } = props;
  const renderActions = useCallback(
    (row: Row) => (
      <RowActions
        name={rowName(row)}
        archived={archived}
        detailHref={detailHref(row)}
        onArchive={canChange ? () => void move([rowKey(row)], !archived) : undefined}
      />
    ),
    [rowName, rowKey, archived, detailHref, canChange, move],
  );
  const loading = query.isPending || !layoutReady;
  const total = props.counts ? props.counts[tab] : null;

  // The toolbar and the table are rendered again only when what they show changes: the page renders
  // again for answers they do not draw (the filters' choices, the counts), and on a
  // phone each pass over them was a long task. Hence the stable callbacks below.
  const {
    tabPath,
    selects,
    attentionLabel,
    filteredWhat,
    emptyTab,
    renderCell,
    identifierColumn,
    customFields,
  } = props;
  const searchLabels = props.search;
  const onTabChange = useCallback(
    (next: Tab) => void navigate(`${tabPath[next]}${search ? `?${search}` : ''}`),
    [navigate, tabPath, search],
  );
  const toolbar = useMemo(
    () => (
      <ListFilters
        filters={filters}
        onChange={setFilters}
        onClear={clearFilters}
        filtered={filtered}
        search={searchLabels}
        selects={selects}
        attentionLabel={attentionLabel}
        customFields={customFields}
        end={
          <ColumnSettings
            columns={props.columns}
            layout={layout}
            onChange={setLayout}
            disabled={!layoutReady}
          />
        }
      />
    ),
    [
      filters,
      setFilters,
      clearFilters,
      filtered,
      searchLabels,
      selects,
      attentionLabel,
      customFields,
      props.columns,
      layout,
      setLayout,
      layoutReady,
    ],
  );
  // The mapped selects hide from TypeScript that `sort` alone is a valid change.
  const onSort = useCallback(
    (sort: Sort) => setFilters({ sort } as Partial<Filters<Key, Sort>>),
    [setFilters],
  );
  const onOpen = useCallback((row: Row) => void navigate(detailHref(row)), [navigate, detailHref]);
  const empty = useMemo(
    () => (
      <ListEmptyState
        filtered={filtered}
        filteredWhat={filteredWhat}
        onClearFilters={clearFilters}
        empty={emptyTab}
      />
    ),
    [filtered, filteredWhat, clearFilters, emptyTab],
  );
  const { hasNextPage, isFetchingNextPage } = query;
  const footer = useMemo(
    () =>
      rows.length > 0 ? (
        <ListFooter
          shown={rows.length}
          total={filtered ? null : total}
          hasMore={hasNextPage}
          loadingMore={isFetchingNextPage}
          onLoadMore={loadMore}
        />
      ) : null,
    [rows.length, filtered, total, hasNextPage, isFetchingNextPage, loadMore],
  );

  return (
    <>
      <PageHeader
        title={props.title}
        description={props.description}
        actions={
          <>
            <ExportButton
              loadRows={props.exportRows}
              columns={columns}
              timeZone={props.timeZone}
              fileName={props.exportName}
              disabled={loading || rows.length === 0}
            />
            {props.newShipmentHref ? (
              <Button component={Link} to={props.newShipmentHref} leftSection={<IconPlus size={16} />}>
                New shipment
              </Button>
            ) : null}
          </>
        }
      />

      {props.aside}

      <ShipmentListCard
        title={props.title}
        tabs={props.tabs}
        tab={tab}
        counts={props.counts}
        onTabChange={onTabChange}
        toolbar={toolbar}
        note={props.note}
        banner={props.banner}
        badge={
          rows.some(props.demo.isDemo) ? <DemoBadge size="md" explanation={props.demo.explanation} /> : null
        }
        // New filters: the previous rows stay, under a thin bar, until the answer arrives. Background
        // polls (pending shipments) stay silent.
        refreshing={query.isPlaceholderData}
      >
        {query.isError && query.data === undefined ? (
          <ListLoadError error={query.error} onRetry={() => void query.refetch()} />
        ) : (
          <ShipmentsTable
            rows={rows}
            rowKey={props.rowKey}
            rowLabel={props.rowLabel}
            rowName={props.rowName}
            columns={columns}
            identifierColumn={identifierColumn}
            card={card}
            renderCell={renderCell}
            renderActions={renderActions}
            sort={filters.sort}
            onSort={onSort}
            selected={selected}
            onSelectedChange={props.canChange ? setSelected : undefined}
            loading={loading}
            onOpen={onOpen}
            onEndReached={loadMore}
            empty={empty}
            footer={footer}
          />
        )}
      </ShipmentListCard>

      <SelectionActionBar
        count={selected.size}
        archived={archived}
        busy={props.archiving}
        onArchive={() => void move([...selected], !archived)}
        onShare={
          props.canChange && props.onShare
            ? () => props.onShare?.(rows.filter((row) => selected.has(props.rowKey(row))))
            : undefined
        }
        onClear={() => setSelected(new Set())}
      />
    </>
  );
}
