import { and, inArray, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  encodeCursor,
  keysetAfter,
  keysetOrder,
  keysetThrough,
  type KeysetSort,
} from '../../lib/keyset-cursor';
import { sortValueColumn } from '../tracking/list-sort';
import type { SubscriptionTable } from '../tracking/tracking-mode';
import type { CustomListConditions, FewMatches } from './custom-field-values.service';

/**
 * Rows of the list's order a page checks one by one (a per-row probe of a custom field's value)
 * before it reads the matches by id instead. Matches spread over the list fill a page well inside it
 * (a filter matching 3% of the list fills 50 rows in about 1,700); matches that sit deep in the
 * order (a booking date two months back on a list newest first) would otherwise be walked to.
 */
export const WALK_WINDOW = 1500;

/** Sees a statement before it runs (its SQL: `toSQL()`). */
export type StatementTrace = (statement: { toSQL(): { sql: string; params: unknown[] } }) => void;

/**
 * How a list request reads its page: `trace` sees each statement but the page's own (which the
 * caller's `read` runs); `few` and `windowRows` replace the thresholds (FEW_MATCHING_VALUES,
 * FEW_SEARCH_MATCHES, WALK_WINDOW) so that a test can make each shape happen on a few rows.
 */
export interface ListReadOptions {
  trace?: StatementTrace;
  few?: FewMatches;
  windowRows?: number;
}

/** The list a page is read from, as far as the window needs it. */
export interface ListWindow {
  table: SubscriptionTable;
  /** The list's tenancy and tab: every row the page may show meets it. */
  where: SQL;
  sort: KeysetSort;
  cursor: string | undefined;
  limit: number;
}

/**
 * A page of a list with custom field conditions (customListConditions): `read` runs the list's page
 * query with the conditions given (and reads `limit + 1` rows at most; `scan`: its ids chosen by
 * scanning the tab, pageChosenById). Conditions read by id need nothing more. A per-row check walks
 * the list's order, which costs a probe per row passed over: it is first bounded to the WALK_WINDOW
 * rows after the cursor (for a sort whose rows all have a value); when those hold the whole page it is
 * the answer (every row beyond comes after them). Otherwise the matches sit deeper in the order. When
 * every condition is a filter with many matches (more than FEW_MATCHING_VALUES each), reading them by
 * id would cost a primary key probe each; the page is read by scanning the tab once instead, each
 * filter's matches hashed (`scanned`). Otherwise (a condition with few matches, or a search) it is
 * read again with every condition reading its matches by id and sorting them.
 */
export async function readCustomFilteredPage<Row>(
  db: Database,
  conditions: CustomListConditions,
  window: ListWindow,
  read: (filters: readonly SQL[], search: SQL | undefined, scan?: boolean) => PromiseLike<Row[]>,
  { trace, windowRows = WALK_WINDOW }: ListReadOptions = {},
): Promise<Row[]> {
  const { filters, search } = conditions;
  if (!conditions.walks || window.sort.nullable) return read(filters, search);
  const end = await windowEnd(db, window, windowRows, trace);
  // The list past the cursor is no longer than the window: the walk is bounded already.
  if (!end) return read(filters, search);
  const rows = await read([...filters, keysetThrough(window.sort, end)], search);
  if (rows.length > window.limit) return rows;
  if (conditions.scanned) return read(conditions.scanned, undefined, true);
  return read(conditions.byId.filters, conditions.byId.search);
}

/** The cursor of the window's last row (`windowRows` rows of the list after the cursor), if the list goes that far. */
async function windowEnd(
  db: Database,
  { table, where, sort, cursor }: ListWindow,
  windowRows: number,
  trace?: StatementTrace,
) {
  const query = db
    .select({ value: sortValueColumn(sort), id: sort.id })
    .from(table)
    .where(and(where, cursor ? keysetAfter(sort, cursor) : undefined))
    .orderBy(...keysetOrder(sort))
    .offset(windowRows - 1)
    .limit(1);
  trace?.(query);
  const [row] = await query;
  return row ? encodeCursor(row.value as Date | string | number, row.id as string, sort.name) : undefined;
}

/**
 * The WHERE of a page with custom field conditions: its rows are chosen first by id alone (the list's
 * own conditions, order and limit over the subscription table), and only those rows are then joined
 * to their tracked items and read with the selection's per-row look-ups. Otherwise a condition
 * reading its matches by id has every match joined and looked up before the sort keeps a page of them.
 * `tab` (the list's tenancy and tab) holds on the outer rows as well.
 *
 * `scan` (conditions as semi-joins, CustomListConditions' `scanned`): the ids are chosen from the tab's
 * rows read whole (an index-only or sequential scan), each semi-join's matches hashed, then sorted. The
 * tab is read in a subquery PostgreSQL cannot look into (OFFSET 0): with the ordered table beside them
 * it would walk the list's order probing each row (the matches may sit deep) or probe the table once
 * per match, as it misjudges how many a filter matches (customListConditions).
 */
export function pageChosenById(
  db: Database,
  table: SubscriptionTable,
  tab: SQL,
  where: SQL | undefined,
  sort: KeysetSort,
  rows: number,
  scan = false,
): SQL {
  // Inside the subquery the table's name stands for the subquery's own rows, so every condition
  // written over the table reads them (in the scan's, the rows of the tab's subquery named after it).
  if (scan) {
    const chosen = sql`SELECT ${table.id} FROM (SELECT * FROM ${table} WHERE ${tab} OFFSET 0) AS ${table}
      WHERE ${where ?? sql`true`} ORDER BY ${sql.join(keysetOrder(sort), sql`, `)} LIMIT ${rows}`;
    return and(tab, sql`${table.id} IN (${chosen})`)!;
  }
  const chosen = db
    .select({ id: table.id })
    .from(table)
    .where(where)
    .orderBy(...keysetOrder(sort))
    .limit(rows);
  return and(tab, inArray(table.id, chosen))!;
}
