import type { PartyRole, ShipmentReferences } from '@tracklane/shared/references/references.schema';
import {
  referenceSort,
  type ColumnSort,
  type ReferenceSortKey,
} from '@tracklane/shared/tracking/column-sorts';
import { formatDate } from '../lib/dates';
import { dateField, type ExportField } from './table-export';

/*
 * A shipment table's data columns (spec §3 "tracking table columns (hidden columns, order)"), whatever
 * the mode: each mode defines its columns once (a ColumnSet) and the functions here hide, reorder and
 * restore them. The selection checkbox and the row actions are fixed around them.
 */

export interface ColumnSorts<Sort extends string> {
  /** The server sort a click asks for first, and the one the second click toggles to. */
  first: Sort;
  second?: Sort;
}

export interface TableColumn<Row, Id extends string = string, Sort extends string = string> {
  id: Id;
  label: string;
  /** The column that identifies the row (container, tracking number) cannot be hidden. */
  hideable: boolean;
  sorts?: ColumnSorts<Sort>;
  /**
   * The column's width in a wide screen's table, padding included (px): `preferred` where the table has
   * room, down to `min` where it has not (column-widths.ts); a cell's longer content is cut with an
   * ellipsis and says itself in full on hover. Below every column's `min` the table scrolls sideways.
   */
  width: { min: number; preferred: number };
  /** The cell as plain text, for the CSV and XLSX exports. */
  text: (row: Row, timeZone: string) => string;
  /** What the exports write instead of the text (typed dates, actual and estimate apart). */
  exportFields?: ExportField<Row>[];
}

export interface ColumnLayout<Id extends string = string> {
  /** Every column, in the user's order. */
  order: Id[];
  hidden: Id[];
}

/**
 * What a phone shows of a row: a card drawn from the mode's own columns (their cells, whatever the
 * user hides or moves in the table), so each mode says which of its fields play which part.
 */
export interface CardLayout<Row, Id extends string> {
  /** The row's identifier (its cell carries the favourite star and the link to the detail). */
  identifier: Id;
  /** Said beside the identifier: the bill of lading of a container, the carrier of a parcel. */
  detail: Id;
  status: Id;
  /** The date that matters now for this row: the column whose cell the card shows, under its label. */
  date: (row: Row) => Id;
  /** The chip that says why the row needs attention (the dashboard's rule), or null. */
  attention: (row: Row) => string | null;
}

export interface ColumnSet<Row, Id extends string, Sort extends string> {
  /** Every column id, in the default order. */
  ids: readonly Id[];
  columns: Record<Id, TableColumn<Row, Id, Sort>>;
  defaultLayout: ColumnLayout<Id>;
  card: CardLayout<Row, Id>;
}

/** One column as a mode writes it: `columnSet` gives it its id and says whether it can be hidden. */
export type ColumnSpec<Row, Sort extends string> = Omit<TableColumn<Row, string, Sort>, 'id' | 'hideable'>;

/**
 * A mode's column set from its columns alone, written once for every mode. The columns' order is the
 * table's default order; the card's identifier is the column that names the row, the one column that
 * cannot be hidden; `hidden` are those hidden by default. Called in two steps so that the mode names its
 * row and sorts and the column ids come from its columns: `columnSet<Row, Sort>()({ columns, … })`.
 */
export const columnSet =
  <Row, Sort extends string>() =>
  <Id extends string>(spec: {
    columns: Record<Id, ColumnSpec<Row, Sort>>;
    hidden: readonly NoInfer<Id>[];
    card: CardLayout<Row, NoInfer<Id>>;
  }): ColumnSet<Row, Id, Sort> => {
    const ids = Object.keys(spec.columns) as Id[];
    const columns = Object.fromEntries(
      ids.map((id) => [id, { id, hideable: id !== spec.card.identifier, ...spec.columns[id] }]),
    ) as Record<Id, TableColumn<Row, Id, Sort>>;
    return { ids, columns, defaultLayout: { order: [...ids], hidden: [...spec.hidden] }, card: spec.card };
  };

/** The tags column, as every mode's rows have tags; in the mode's widths. */
export const tagsColumn = <Row extends { tags: readonly string[] }, Sort extends string>(
  width: TableColumn<Row>['width'],
): ColumnSpec<Row, Sort> => ({ label: 'Tags', width, text: (row) => row.tags.join(', ') });

/** The reference columns' ids, as every mode's column set lists them. */
export const REFERENCE_COLUMN_IDS = [
  'booking',
  'customerReference',
  'poNumbers',
  'shipper',
  'consignee',
  'customer',
  'forwarder',
] as const;
type ReferenceColumnId = (typeof REFERENCE_COLUMN_IDS)[number];

export const isReferenceColumn = (id: string) => (REFERENCE_COLUMN_IDS as readonly string[]).includes(id);

/** A column the server sorts both ways by a sort of column-sorts.ts: ascending first. */
export const bothWays = (asc: ColumnSort, desc: ColumnSort) => ({ first: asc, second: desc });

const byReference = (key: ReferenceSortKey) =>
  bothWays(referenceSort(key, 'asc'), referenceSort(key, 'desc'));

/**
 * The workspace's own references as columns (booking, customer reference, PO numbers, parties), as
 * every mode's rows carry them: a mode lists them last and hidden by default, and the list page draws
 * their cells for every mode (they are text). Each sorts on the server (`ref.<key>.asc|desc`).
 */
export function referenceColumns<
  Row extends { references?: ShipmentReferences },
  Sort extends string,
>(): Record<ReferenceColumnId, ColumnSpec<Row, Sort | ColumnSort>> {
  const width = { min: 88, preferred: 128 };
  const party = (role: PartyRole, label: string): ColumnSpec<Row, Sort | ColumnSort> => ({
    label,
    width,
    sorts: byReference(role),
    text: (row) => row.references?.[role]?.name ?? '',
  });
  return {
    booking: {
      label: 'Booking',
      width,
      sorts: byReference('booking'),
      text: (row) => row.references?.bookingNumber ?? '',
    },
    customerReference: {
      label: 'Customer ref.',
      width,
      sorts: byReference('customer_reference'),
      text: (row) => row.references?.customerReference ?? '',
    },
    poNumbers: {
      label: 'PO numbers',
      width,
      sorts: byReference('po_numbers'),
      text: (row) => row.references?.poNumbers.join(', ') ?? '',
    },
    shipper: party('shipper', 'Shipper'),
    consignee: party('consignee', 'Consignee'),
    customer: party('customer', 'Customer'),
    forwarder: party('forwarder', 'Forwarder'),
  };
}

/** When the row was added to the workspace, newest first by the mode's `sort`. */
export const addedColumn = <Row extends { createdAt: string }, Sort extends string>(
  sort: Sort,
): ColumnSpec<Row, Sort> => ({
  label: 'Added',
  width: { min: 80, preferred: 96 },
  sorts: { first: sort },
  text: (row, timeZone) => formatDate(row.createdAt, timeZone),
  exportFields: [dateField('Added', (row) => row.createdAt)],
});

const isColumnOf =
  <Id extends string>(ids: readonly Id[]) =>
  (id: string): id is Id =>
    (ids as readonly string[]).includes(id);

/**
 * A saved preference made safe: unknown ids dropped (a column removed since), columns added since
 * placed where the default order puts them and hidden if they are by default, unhideable columns
 * never hidden.
 */
export function layoutFromPreference<Row, Id extends string, Sort extends string>(
  set: ColumnSet<Row, Id, Sort>,
  preference: { hidden: string[]; order: string[] } | null,
): ColumnLayout<Id> {
  if (!preference) return set.defaultLayout;
  const known = isColumnOf(set.ids);
  const order = [...new Set(preference.order.filter(known))];
  set.ids.forEach((id, defaultIndex) => {
    if (order.includes(id)) return;
    const before = set.ids.slice(0, defaultIndex).findLast((other) => order.includes(other));
    order.splice(before === undefined ? 0 : order.indexOf(before) + 1, 0, id);
  });
  // A column added since the preference was saved keeps its default visibility.
  const added = set.defaultLayout.hidden.filter((id) => !preference.order.includes(id));
  const hidden = [...new Set([...preference.hidden.filter(known), ...added])].filter(
    (id) => set.columns[id].hideable,
  );
  return { order, hidden };
}

export const visibleColumns = <Row, Id extends string, Sort extends string>(
  set: ColumnSet<Row, Id, Sort>,
  layout: ColumnLayout<Id>,
): TableColumn<Row, Id, Sort>[] =>
  layout.order.filter((id) => !layout.hidden.includes(id)).map((id) => set.columns[id]);

/**
 * What a phone's card shows under its own parts: the columns the reader chose to show that the mode
 * hides by default (a reference, a custom field, the vessel), in the reader's order. The card's own
 * parts (identifier, detail, status) are never drawn twice.
 */
export function cardExtraColumns<Row, Id extends string, Sort extends string>(
  set: ColumnSet<Row, Id, Sort>,
  layout: ColumnLayout<Id>,
): TableColumn<Row, Id, Sort>[] {
  const { identifier, detail, status } = set.card;
  const own: readonly Id[] = [identifier, detail, status];
  return visibleColumns(set, layout).filter(
    (column) => set.defaultLayout.hidden.includes(column.id) && !own.includes(column.id),
  );
}

export const isDefaultLayout = <Id extends string>(
  set: { defaultLayout: ColumnLayout<Id> },
  layout: ColumnLayout<Id>,
) => JSON.stringify(layout) === JSON.stringify(set.defaultLayout);

export function toggleColumn<Row, Id extends string, Sort extends string>(
  set: ColumnSet<Row, Id, Sort>,
  layout: ColumnLayout<Id>,
  id: Id,
): ColumnLayout<Id> {
  if (!set.columns[id].hideable) return layout;
  const hidden = layout.hidden.includes(id)
    ? layout.hidden.filter((other) => other !== id)
    : [...layout.hidden, id];
  return { ...layout, hidden };
}

export function moveColumn<Id extends string>(
  layout: ColumnLayout<Id>,
  id: Id,
  by: -1 | 1,
): ColumnLayout<Id> {
  const from = layout.order.indexOf(id);
  const to = from + by;
  if (from === -1 || to < 0 || to >= layout.order.length) return layout;
  const order = [...layout.order];
  order.splice(from, 1);
  order.splice(to, 0, id);
  return { ...layout, order };
}

/** The sort a click on a column's header asks for, given the current one. */
export function nextSort<Sort extends string>(
  column: { sorts?: ColumnSorts<Sort> },
  current: Sort,
): Sort | null {
  if (!column.sorts) return null;
  const { first, second } = column.sorts;
  return current === first && second ? second : first;
}

/** Which way a sorted column goes, for screen readers; undefined when the list is sorted by another. */
export function sortDirection<Sort extends string>(
  column: { sorts?: ColumnSorts<Sort> },
  sort: Sort,
): 'ascending' | 'descending' | undefined {
  if (column.sorts?.first === sort)
    return sort.endsWith('_desc') || sort.endsWith('.desc') ? 'descending' : 'ascending';
  if (column.sorts?.second === sort) return 'descending';
  return undefined;
}
