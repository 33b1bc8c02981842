import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  parseColumnSort,
  SORT_TEXT_LENGTH,
  type ReferenceSortKey,
} from '@tracklane/shared/tracking/column-sorts';
import type { Database } from '../../db/client';
import { companies } from '../../db/schema/companies';
import type { CursorValueKind, KeysetSort } from '../../lib/keyset-cursor';
import { customFieldSortValue } from '../custom-fields/custom-field-sort';
import type { SubscriptionTable } from './tracking-mode';

/*
 * A list's sort (ADR 0054), whatever the mode: one of the mode's named sorts (a column of its own
 * table, never null), or a column of the workspace's own: a custom field or a reference, which a
 * shipment may lack (those rows come last, both ways). Either is a KeysetSort, paged by the one
 * keyset cursor mechanism.
 */

/** A named sort of a mode: its column and direction. */
export interface NamedSort {
  column: AnyPgColumn;
  direction: 'asc' | 'desc';
  kind: CursorValueKind;
}

const cut = (text: SQL | AnyPgColumn) => sql`left(${text}, ${sql.raw(String(SORT_TEXT_LENGTH))})`;

/** A reference as a list sorts by it: the text shown in its column (a party by its company's name). */
function referenceSortValue(table: SubscriptionTable, key: ReferenceSortKey): SQL {
  const party = (column: AnyPgColumn) =>
    sql`(SELECT ${cut(companies.name)} FROM ${companies} WHERE ${companies.id} = ${column})`;
  switch (key) {
    case 'booking':
      return cut(table.bookingNumber);
    case 'customer_reference':
      return cut(table.customerReference);
    case 'po_numbers':
      // No PO number is no value (last), not an empty text (first).
      return cut(sql`NULLIF(array_to_string(${table.poNumbers}, ', '), '')`);
    case 'shipper':
      return party(table.shipperId);
    case 'consignee':
      return party(table.consigneeId);
    case 'customer':
      return party(table.customerId);
    case 'forwarder':
      return party(table.forwarderId);
  }
}

/**
 * The sort `name` of a list over `table`: a named sort of the mode's (`named`), or a custom field's or
 * a reference's column. A custom field not of the workspace is a 400 (customFieldSortValue).
 */
export async function resolveListSort(
  db: Database,
  workspaceId: string,
  table: SubscriptionTable,
  named: Record<string, NamedSort>,
  name: string,
): Promise<KeysetSort> {
  const own = Object.hasOwn(named, name) ? named[name] : undefined;
  if (own)
    return {
      name,
      value: own.column,
      id: table.id,
      direction: own.direction,
      kind: own.kind,
      nullable: false,
    };
  const column = parseColumnSort(name);
  // The query schema lets no other through.
  if (!column) throw new Error(`Unknown sort ${name}`);
  if (column.kind === 'ref')
    return {
      name,
      value: referenceSortValue(table, column.key),
      id: table.id,
      direction: column.direction,
      kind: 'text',
      nullable: true,
    };
  const { value, kind } = await customFieldSortValue(db, workspaceId, table, column.fieldId);
  return { name, value, id: table.id, direction: column.direction, kind, nullable: true };
}

/** The named sort alone, for a caller that resolves no column sort (a benchmark, a count). */
export function namedListSort(
  table: SubscriptionTable,
  named: Record<string, NamedSort>,
  name: string,
): KeysetSort {
  const own = named[name];
  if (!own) throw new Error(`Not a named sort: ${name}`);
  return { name, value: own.column, id: table.id, direction: own.direction, kind: own.kind, nullable: false };
}

/**
 * What a page selects beside its rows for its next cursor: the last row's sort value (a named sort's
 * column as the column reads; a day as its text).
 */
export const sortValueColumn = (sort: KeysetSort): SQL | AnyPgColumn =>
  sort.kind === 'day' ? sql`(${sort.value})::text` : sort.value;
