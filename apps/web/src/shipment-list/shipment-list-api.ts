import type { QueryValue } from '../lib/api-client';
import type { ListFilters, ListFiltersConfig } from './filter-params';

/*
 * A shipment list as every mode's API serves it: keyset pages of one tab under the list's filters
 * (each select sent under its own name), and the tabs' counts with every page.
 */

export interface ListPageRequest<Key extends string, Sort extends string, Tab extends string> {
  status: Tab;
  filters: ListFilters<Key, Sort>;
  cursor: string | null;
  limit: number;
}

/** The query string of one page: `?status=active&limit=50&sort=created_desc&carrier=ups…`. */
export function listPageQuery<Key extends string, Sort extends string, Tab extends string>(
  config: ListFiltersConfig<Key, Sort>,
  { status, filters, cursor, limit }: ListPageRequest<Key, Sort, Tab>,
): Record<string, QueryValue> {
  const selects = Object.fromEntries(config.selects.map((key) => [key, filters[key]]));
  return {
    status,
    limit,
    cursor,
    sort: filters.sort,
    search: filters.search.trim() || undefined,
    ...selects,
    cf: filters.customFilters.length ? filters.customFilters : undefined,
    favorite: filters.favoritesOnly ? 'true' : undefined,
    attention: filters.attention ?? undefined,
  };
}

/** What an export needs of a page: its rows, the tab's count, and where the next page starts. */
export interface PageContent<Item> {
  items: Item[];
  total: number;
  nextCursor: string | null;
}

/**
 * Every row of a list, page after page (the caller asks for the largest page the server gives);
 * `onProgress` hears the running count and the tab's count, for an export's progress.
 */
export async function listAllPages<Item>(
  loadPage: (cursor: string | null) => Promise<PageContent<Item>>,
  onProgress?: (loaded: number, total: number) => void,
): Promise<Item[]> {
  const all: Item[] = [];
  let cursor: string | null = null;
  do {
    const page = await loadPage(cursor);
    all.push(...page.items);
    onProgress?.(all.length, page.total);
    cursor = page.nextCursor;
  } while (cursor);
  return all;
}
