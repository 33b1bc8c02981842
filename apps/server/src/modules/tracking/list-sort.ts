import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { parseColumnSort, type ReferenceSortKey } from '@tracklane/shared/tracking/column-sorts';
import type { Database } from '../../db/client';
import { poNumbersSortText, sortText } from '../../db/schema/tracked-items';
import {
  cursorValue,
  decodeCursor,
  type CursorValueKind,
  type KeysetSort,
  type KeysetWalk,
} from '../../lib/keyset-cursor';
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

const cut = sortText;

/**
 * A reference as a list sorts by it: the text shown in its column, cut (a party by its company's name,
 * kept on the row; the PO numbers joined). Each is what an index of the subscription table holds in
 * order, after the workspace (referenceIndexes), so every reference sort walks it.
 */
function referenceSortValue(table: SubscriptionTable, key: ReferenceSortKey): SQL | AnyPgColumn {
  switch (key) {
    case 'booking':
      return cut(table.bookingNumber);
    case 'customer_reference':
      return cut(table.customerReference);
    case 'po_numbers':
      // No PO number is no value (last), not an empty text (first).
      return poNumbersSortText(table.poNumbers);
    case 'shipper':
      return table.shipperSortName;
    case 'consignee':
      return table.consigneeSortName;
    case 'customer':
      return table.customerSortName;
    case 'forwarder':
      return table.forwarderSortName;
  }
}

/** A reference sort's walk: its value read in order from its index over the list's own rows. */
function referenceWalk(value: SQL | AnyPgColumn, table: SubscriptionTable): KeysetWalk {
  return { from: (list) => list, where: sql`true`, value: sql`${value}`, id: table.id };
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
  if (column.kind === 'ref') {
    const value = referenceSortValue(table, column.key);
    return {
      name,
      value,
      id: table.id,
      direction: column.direction,
      kind: 'text',
      nullable: true,
      walk: referenceWalk(value, table),
    };
  }
  const { value, kind, walk } = await customFieldSortValue(db, workspaceId, table, column.fieldId);
  return { name, value, id: table.id, direction: column.direction, kind, nullable: true, walk };
}

/**
 * The ids of a page of a list sorted by a column an index serves (`sort.walk`; none for another sort), as a condition on
 * `table.id` the list's page query adds to its own (which then orders those few rows as before): the
 * rows with a value, read from the index in the sort's direction after the cursor and joined to the
 * list's conditions; then, when they do not fill the page, the rows without one by id, read from the
 * tab's id index. Page 1 and a deep page each read about `rows` index entries while the list's
 * conditions keep most rows; with a selective filter PostgreSQL may start from the filter's rows
 * instead and sort them, as without the walk.
 *
 * `list` is the list's FROM (the subscription table joined as the page query joins it), `conditions`
 * its WHERE without the cursor's.
 */
export function walkedPage(
  sort: KeysetSort,
  table: SubscriptionTable,
  list: SQL,
  conditions: SQL | undefined,
  cursor: string | undefined,
  rows: number,
): SQL | undefined {
  const { walk } = sort;
  if (!walk) return undefined;
  const at = cursor ? decodeCursor(cursor, sort.kind, { sort: sort.name, nullable: true }) : undefined;
  const way = sql.raw(sort.direction === 'desc' ? 'DESC' : 'ASC');
  const after = sql.raw(sort.direction === 'desc' ? '<' : '>');
  const where = conditions ?? sql`true`;
  const limit = sql.raw(String(rows));
  // Written without NULLS LAST (no null is read) so that a descending sort scans its index backwards.
  const valued =
    at?.value === null
      ? sql`SELECT ${table.id} FROM ${table} WHERE false`
      : sql`SELECT ${table.id} FROM ${walk.from(list)} WHERE ${walk.where} AND ${walk.value} IS NOT NULL AND ${where}${
          at
            ? sql` AND (${walk.value}, ${walk.id}) ${after} (${cursorValue(sort.kind, at.value)}, ${at.id})`
            : sql``
        } ORDER BY ${walk.value} ${way}, ${walk.id} ${way} LIMIT ${limit}`;
  const without = sql`SELECT ${table.id} FROM ${list} WHERE ${walk.missing ?? sql`${sort.value} IS NULL`} AND ${where}${
    at?.value === null ? sql` AND ${table.id} ${after} ${at.id}` : sql``
  } ORDER BY ${table.id} ${way} LIMIT ${limit}`;
  return sql`${table.id} = ANY(ARRAY(SELECT page.id FROM ((${valued}) UNION ALL (${without})) page LIMIT ${limit}))`;
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
