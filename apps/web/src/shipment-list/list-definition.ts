import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType, ReactNode } from 'react';
import type { EmptyTab } from '../components/list-empty-state';
import type { ListFilters, ListFiltersConfig } from './filter-params';
import type { FilterSelect } from './list-filters';
import type { ListTab } from './shipment-list-card';
import type { ListQueryState } from './shipment-list-view';
import type { ColumnSet } from './table-columns';
import type { TableColumnsKey } from './table-columns-preference';

/** What a row's cell draws with: the row, the reader's zone, its detail page and its star. */
export interface ListCellContext<Row> {
  shipment: Row;
  timeZone: string;
  detailHref: string;
  onToggleFavorite: () => void;
}

/** A mode's list query as the page reads it: the view's state plus its pages. */
export interface ListQuery<Page> extends ListQueryState {
  data: { pages: Page[] } | undefined;
}

/** What the page shows around the rows that only some modes have (a banner, an aside, a tab's note). */
export interface ListExtras {
  note?: ReactNode;
  banner?: ReactNode;
  aside?: ReactNode;
}

/**
 * Everything a tracking mode brings to its shipment list (spec §3): its tabs and their paths, the
 * filters, sorts and columns, how a row is named, drawn and opened, its API calls (the list, its
 * counts, archive, favourite, export) and its words. ShipmentListPage is written once over it; a
 * mode's folder (src/modes/<mode>/) supplies one. The `use…` members are hooks: the page calls them
 * on every render, so a definition is a constant.
 */
export interface ShipmentListDefinition<
  Row,
  Page,
  Tab extends string,
  Id extends string,
  Sort extends string,
  Key extends string,
> {
  /** The mode's name in code: its dashboard (an attention rule's label) and the list's identity. */
  mode: string;
  tabs: readonly ListTab<Tab>[];
  tabPath: Record<Tab, string>;
  title: Record<Tab, string>;
  description: (timeZone: string) => ReactNode;
  newShipmentHref: string;
  demo: { isDemo: (row: Row) => boolean; explanation: string };
  search: { placeholder: string; label: string };
  filters: ListFiltersConfig<Key, Sort>;
  columns: ColumnSet<Row, Id, Sort>;
  columnsKey: TableColumnsKey;
  identifierColumn: Id;
  Cell: ComponentType<{ column: Id; context: ListCellContext<Row> }>;

  rowKey: (row: Row) => string;
  rowLabel: (row: Row) => string;
  rowName: (row: Row) => string;
  detailHref: (row: Row, timeZone: string) => string;
  /** The reader's own star on the row. */
  isFavorite: (row: Row) => boolean;
  /** The carrier a row waits a connection for (spec: no data source), or null. */
  unconnectedCarrier: (row: Row) => string | null;

  /** The list's first page, for the route's loader: a cached answer as it is, else asked for. */
  prefetch: (queryClient: QueryClient, tab: Tab, filters: ListFilters<Key, Sort>) => Promise<unknown>;
  useList: (tab: Tab, filters: ListFilters<Key, Sort>) => ListQuery<Page>;
  rowsOf: (pages: Page[] | undefined) => Row[];
  counts: (lastPage: Page) => Record<Tab, number>;
  /** The selects' choices. */
  useSelects: (filters: ListFilters<Key, Sort>) => FilterSelect<Key>[];
  /** The banner, aside and note of the page, beside the ones every mode has. */
  useExtras?: (input: ListExtrasInput<Row, Tab, Key, Sort>) => ListExtras;
  useArchive: () => {
    archive: (ids: string[], archived: boolean) => Promise<{ updatedIds: string[] }>;
    isPending: boolean;
  };
  useFavorite: () => (ids: string[], favorite: boolean, onError: (error: unknown) => void) => void;
  exportAll: (
    tab: Tab,
    filters: ListFilters<Key, Sort>,
    onProgress: (loaded: number, total: number) => void,
  ) => Promise<Row[]>;
  exportName: (tab: Tab) => string;
  /** What the filters look at, for "No shipment in this list has that …". */
  filteredWhat: string;
  emptyTab: (tab: Tab, counts: Record<Tab, number> | null, canCreate: boolean) => EmptyTab;
}

export interface ListExtrasInput<Row, Tab extends string, Key extends string, Sort extends string> {
  tab: Tab;
  rows: Row[];
  filters: ListFilters<Key, Sort>;
  setFilters: (change: Partial<ListFilters<Key, Sort>>) => void;
  canCreate: boolean;
}

/** Any mode's list definition, as a registry holds them. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyListDefinition = ShipmentListDefinition<any, any, any, any, any, any>;
