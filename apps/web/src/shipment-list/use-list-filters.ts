import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import {
  defaultFilters,
  filtersFromParams,
  isFiltered,
  paramsFromFilters,
  type ListFilters,
  type ListFiltersConfig,
} from './filter-params';

/** A list's filters as the page holds them: their values, how to change them, and the query string. */
export interface ListFilterState<Key extends string, Sort extends string> {
  filters: ListFilters<Key, Sort>;
  setFilters: (change: Partial<ListFilters<Key, Sort>>) => void;
  clearFilters: () => void;
  /** Something narrows the list (the sort does not). */
  filtered: boolean;
  /** The query string, to carry the filters to another tab of the same list. */
  search: string;
}

/**
 * A list's filters, read from and written to the URL (replacing the history entry: typing a search is
 * not a trail of pages to go back through). `search` is the query string, to carry the filters to
 * another tab of the same list.
 */
export function useListFilters<Key extends string, Sort extends string>(
  config: ListFiltersConfig<Key, Sort>,
): ListFilterState<Key, Sort> {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => filtersFromParams(config, params), [config, params]);
  const setFilters = useCallback(
    (change: Partial<ListFilters<Key, Sort>>) =>
      setParams(
        (current) => paramsFromFilters(config, { ...filtersFromParams(config, current), ...change }),
        {
          replace: true,
        },
      ),
    [config, setParams],
  );
  const clearFilters = useCallback(
    () =>
      setParams(
        (current) =>
          paramsFromFilters(config, {
            ...defaultFilters(config),
            sort: filtersFromParams(config, current).sort,
          }),
        { replace: true },
      ),
    [config, setParams],
  );
  return {
    filters,
    setFilters,
    clearFilters,
    filtered: isFiltered(config, filters),
    search: params.toString(),
  };
}
