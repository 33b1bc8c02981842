import { isColumnSort } from '@tracklane/shared/tracking/column-sorts';

/*
 * What narrows a shipment list, whatever the mode: a search, a few selects (carrier, port, parcel
 * status…), custom field filters, favourites only, and the sort (a named one, or a custom field's or
 * reference's column: column-sorts.ts). Held in the URL so that filters survive a reload, a shared
 * link and the switch between tabs.
 */

export type ListFilters<Key extends string, Sort extends string> = {
  search: string;
  favoritesOnly: boolean;
  sort: Sort;
  /** A dashboard attention rule (`?attention=lfdSoon`): exactly the shipments its card counts. */
  attention: string | null;
  /**
   * Filters by custom field as the API takes them (`cf=<fieldId>:<value>`, custom-field-filters.ts),
   * one per field, in the order they were added.
   */
  customFilters: string[];
} & { [K in Key]: string | null };

export interface ListFiltersConfig<Key extends string, Sort extends string> {
  /** The list's selects, each held in the URL under its own name: `?carrier=MSCU&pol=CNSHA`. */
  selects: readonly Key[];
  sorts: readonly Sort[];
  defaultSort: Sort;
  /** The dashboard's attention rules this list can be narrowed to; any other value is ignored. */
  attentionRules?: readonly string[];
}

/** Names of the URL parameters the filters other than the selects use. */
const PARAM = {
  search: 'q',
  favorites: 'favorites',
  sort: 'sort',
  attention: 'attention',
  custom: 'cf',
} as const;

export function defaultFilters<Key extends string, Sort extends string>(
  config: ListFiltersConfig<Key, Sort>,
): ListFilters<Key, Sort> {
  const selects = Object.fromEntries(config.selects.map((key) => [key, null])) as { [K in Key]: null };
  return {
    search: '',
    favoritesOnly: false,
    sort: config.defaultSort,
    attention: null,
    customFilters: [],
    ...selects,
  };
}

export function filtersFromParams<Key extends string, Sort extends string>(
  config: ListFiltersConfig<Key, Sort>,
  params: URLSearchParams,
): ListFilters<Key, Sort> {
  const sort = params.get(PARAM.sort);
  const attention = params.get(PARAM.attention);
  const selects = Object.fromEntries(config.selects.map((key) => [key, params.get(key) || null])) as {
    [K in Key]: string | null;
  };
  return {
    search: params.get(PARAM.search) ?? '',
    favoritesOnly: params.get(PARAM.favorites) === '1',
    sort:
      sort !== null && ((config.sorts as readonly string[]).includes(sort) || isColumnSort(sort))
        ? (sort as Sort)
        : config.defaultSort,
    attention: attention !== null && config.attentionRules?.includes(attention) ? attention : null,
    customFilters: params.getAll(PARAM.custom).filter((filter) => filter.includes(':')),
    ...selects,
  };
}

export function paramsFromFilters<Key extends string, Sort extends string>(
  config: ListFiltersConfig<Key, Sort>,
  filters: ListFilters<Key, Sort>,
): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.search.trim()) params.set(PARAM.search, filters.search.trim());
  for (const key of config.selects) {
    const value = filters[key];
    if (value) params.set(key, value);
  }
  for (const filter of filters.customFilters) params.append(PARAM.custom, filter);
  if (filters.favoritesOnly) params.set(PARAM.favorites, '1');
  if (filters.sort !== config.defaultSort) params.set(PARAM.sort, filters.sort);
  if (filters.attention) params.set(PARAM.attention, filters.attention);
  return params;
}

/** True when something narrows the list (the sort does not). */
export const isFiltered = <Key extends string, Sort extends string>(
  config: ListFiltersConfig<Key, Sort>,
  filters: ListFilters<Key, Sort>,
) =>
  Boolean(
    filters.search.trim() ||
    filters.favoritesOnly ||
    filters.attention ||
    filters.customFilters.length > 0 ||
    config.selects.some((key) => filters[key]),
  );
