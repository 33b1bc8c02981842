import type { SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { KeysetSort } from '../../lib/keyset-cursor';
import { readRows, type ReadableSelect } from '../../lib/row-reader';
import { customListConditions } from '../custom-fields/custom-field-values.service';
import { readCustomFilteredPage, type ListReadOptions } from '../custom-fields/custom-field-list-page';
import type { SubscriptionTable } from './tracking-mode';

/** Of a list request, what reading its rows needs beside the mode's own parts. */
export interface ListRowsQuery {
  cf?: string | readonly string[];
  search?: string;
  cursor?: string;
  limit: number;
}

/** A mode's list, as far as reading a page's rows needs it. */
export interface ListRowsParts<Row> {
  /** The mode's subscription table. */
  table: SubscriptionTable;
  /** Resolves the list's sort (a named one, or a custom field's or reference's column). */
  sort: () => Promise<KeysetSort>;
  /** The list's tenancy and tab: every row the page may show meets it. */
  where: SQL;
  /**
   * The mode's page query with the custom filters and search given, unexecuted; `scan`: its ids chosen
   * by scanning the tab (pageChosenById).
   */
  page: (
    filters: readonly SQL[],
    sort: KeysetSort,
    search: SQL | undefined,
    scan: boolean,
  ) => { selection: Record<string, Record<string, unknown>>; query: ReadableSelect<Row> };
}

/**
 * The rows of a list request's page (`limit + 1` at most), for either mode: its custom field
 * conditions resolved (customListConditions) and read as readCustomFilteredPage shapes them. `trace`
 * sees each statement run (ListReadOptions; the benchmark times them through a bare client).
 */
export async function readListRows<Row>(
  db: Database,
  workspaceId: string,
  query: ListRowsQuery,
  { table, sort: resolveSort, where, page }: ListRowsParts<Row>,
  options: ListReadOptions = {},
): Promise<Row[]> {
  const conditions = await customListConditions(db, workspaceId, table, query.cf, query.search, options.few);
  const sort = await resolveSort();
  const window = { table, where, sort, cursor: query.cursor, limit: query.limit };
  return readCustomFilteredPage(
    db,
    conditions,
    window,
    (filters, search, scan = false) => {
      const { selection, query: statement } = page(filters, sort, search, scan);
      options.trace?.(statement);
      return readRows(db, selection, statement);
    },
    options,
  );
}
