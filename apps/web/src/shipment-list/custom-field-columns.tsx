import type { CustomField } from '@tracklane/shared/custom-fields/custom-fields.schema';
import type {
  CustomFieldValue,
  ShipmentCustomFields,
} from '@tracklane/shared/custom-fields/custom-field-values';
import { customFieldSort, parseColumnSort } from '@tracklane/shared/tracking/column-sorts';
import { formatDay } from '../lib/dates';
import { customFieldHeaderText } from '../lib/intake-custom-fields';
import type { ExportCell } from './table-export';
import { bothWays, type ColumnSet, type TableColumn } from './table-columns';
import { MissingValue, TextCell } from './table-cells';
import classes from './shipments-table.module.css';

/*
 * The workspace's custom fields as optional columns of every mode's list (ADR 0054): one column per
 * field, `cf.<fieldId>`, after the mode's own and hidden until the reader shows it (the choice is
 * saved with the rest of the column preference). A deleted field's column is simply no longer in the
 * set: the saved preference forgets it (layoutFromPreference). Each sorts on the server both ways.
 */

export type CustomColumnId = `cf.${string}`;

export const customColumnId = (fieldId: string): CustomColumnId => `cf.${fieldId}`;

/** The field a column shows, or null for a mode's own column. */
export const fieldIdOfColumn = (columnId: string): string | null =>
  columnId.startsWith('cf.') ? columnId.slice(3) : null;

type WithCustomFields = { customFields?: ShipmentCustomFields };

const NUMBER_FORMAT = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 6 });

/** A value as its cell and the CSV write it: a number grouped, a day as DD/MM/YYYY, choices joined. */
export function customValueText(field: Pick<CustomField, 'type'>, value: CustomFieldValue | undefined) {
  if (value === undefined) return '';
  if (Array.isArray(value)) return value.join(', ');
  if (field.type === 'number' && typeof value === 'number') return NUMBER_FORMAT.format(value);
  if (field.type === 'date' && typeof value === 'string') return formatDay(value);
  return String(value);
}

/** A value as the export writes it: a number as a number, a date as a date, the rest as text. */
export function customValueExport(
  field: Pick<CustomField, 'type'>,
  value: CustomFieldValue | undefined,
): ExportCell {
  if (field.type === 'number') return typeof value === 'number' ? { number: value } : '';
  if (field.type === 'date') return { day: typeof value === 'string' ? value : null };
  if (Array.isArray(value)) return value.join(', ');
  return value === undefined ? '' : String(value);
}

/** A custom field's column. */
export function customFieldColumn<Row extends WithCustomFields, Sort extends string>(
  field: CustomField,
): TableColumn<Row, CustomColumnId, Sort> {
  const valueOf = (row: Row) => row.customFields?.[field.id];
  return {
    id: customColumnId(field.id),
    label: field.name,
    hideable: true,
    width:
      field.type === 'number' || field.type === 'date'
        ? { min: 80, preferred: 104 }
        : { min: 96, preferred: 144 },
    // The server sorts every mode's list by any of the workspace's fields (column-sorts.ts).
    sorts: bothWays(customFieldSort(field.id, 'asc'), customFieldSort(field.id, 'desc')) as {
      first: Sort;
      second: Sort;
    },
    text: (row) => customValueText(field, valueOf(row)),
    // Prefixed, so that a field named like a built-in column ("Tags") imports back into the field.
    exportFields: [
      { label: customFieldHeaderText(field.name), value: (row) => customValueExport(field, valueOf(row)) },
    ],
  };
}

/**
 * A mode's column set with the workspace's fields after its own columns, hidden by default, in the
 * fields' order.
 */
export function withCustomFieldColumns<Row extends WithCustomFields, Id extends string, Sort extends string>(
  set: ColumnSet<Row, Id, Sort>,
  fields: readonly CustomField[],
): ColumnSet<Row, Id | CustomColumnId, Sort> {
  if (!fields.length) return set as ColumnSet<Row, Id | CustomColumnId, Sort>;
  const custom = fields.map((field) => customFieldColumn<Row, Sort>(field));
  const ids = custom.map((column) => column.id);
  return {
    ids: [...set.ids, ...ids],
    columns: { ...set.columns, ...Object.fromEntries(custom.map((column) => [column.id, column])) } as Record<
      Id | CustomColumnId,
      TableColumn<Row, Id | CustomColumnId, Sort>
    >,
    defaultLayout: {
      order: [...set.defaultLayout.order, ...ids],
      hidden: [...set.defaultLayout.hidden, ...ids],
    },
    card: set.card,
  };
}

/**
 * The sort and `cf` filters the list can ask for with these fields: a sort or a filter by a field
 * since deleted (a saved link, another admin's change) falls away rather than being refused.
 */
export function withoutDeletedFields<Filters extends { sort: string; customFilters: string[] }>(
  filters: Filters,
  fields: readonly CustomField[] | undefined,
  defaultSort: Filters['sort'],
): Filters {
  if (!fields) return filters;
  const known = new Set(fields.map((field) => field.id));
  const column = parseColumnSort(filters.sort);
  const sortGone = column?.kind === 'cf' && !known.has(column.fieldId);
  const customFilters = filters.customFilters.filter((filter) =>
    known.has(filter.slice(0, filter.indexOf(':')).toLowerCase()),
  );
  if (!sortGone && customFilters.length === filters.customFilters.length) return filters;
  return { ...filters, sort: sortGone ? defaultSort : filters.sort, customFilters };
}

/** A custom field's cell: a link opens in a new tab; the rest is text cut at the column's edge. */
export function CustomFieldCell({ field, row }: { field: CustomField; row: WithCustomFields }) {
  const value = row.customFields?.[field.id];
  if (value === undefined) return <MissingValue />;
  if (field.type === 'link' && typeof value === 'string')
    return (
      <a
        href={value}
        target="_blank"
        rel="noopener noreferrer"
        className={classes.cut}
        title={value}
        onClick={(event) => event.stopPropagation()}
      >
        {value.replace(/^https?:\/\//, '')}
      </a>
    );
  return <TextCell text={customValueText(field, value)} />;
}
