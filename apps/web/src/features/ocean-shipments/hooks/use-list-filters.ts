import { OCEAN_SORTS, type OceanSort } from '@tracklane/shared/ocean-shipments/ocean-shipments.schema';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { DEFAULT_FILTERS, type OceanListFilters } from '../api/list-ocean-shipments';

const isSort = (value: string | null): value is OceanSort =>
  value !== null && (OCEAN_SORTS as readonly string[]).includes(value);

/** Filters as URL parameters: they survive a reload, a shared link, and the switch between tabs. */
export function filtersFromParams(params: URLSearchParams): OceanListFilters {
  const sort = params.get('sort');
  return {
    search: params.get('q') ?? '',
    carrier: params.get('carrier') || null,
    pol: params.get('pol') || null,
    pod: params.get('pod') || null,
    favoritesOnly: params.get('favorites') === '1',
    sort: isSort(sort) ? sort : DEFAULT_FILTERS.sort,
  };
}

export function paramsFromFilters(filters: OceanListFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.search.trim()) params.set('q', filters.search.trim());
  if (filters.carrier) params.set('carrier', filters.carrier);
  if (filters.pol) params.set('pol', filters.pol);
  if (filters.pod) params.set('pod', filters.pod);
  if (filters.favoritesOnly) params.set('favorites', '1');
  if (filters.sort !== DEFAULT_FILTERS.sort) params.set('sort', filters.sort);
  return params;
}

/** True when something narrows the list (the sort does not). */
export const isFiltered = (filters: OceanListFilters) =>
  Boolean(filters.search.trim() || filters.carrier || filters.pol || filters.pod || filters.favoritesOnly);

export function useListFilters() {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => filtersFromParams(params), [params]);
  const setFilters = useCallback(
    (change: Partial<OceanListFilters>) =>
      setParams((current) => paramsFromFilters({ ...filtersFromParams(current), ...change }), {
        replace: true,
      }),
    [setParams],
  );
  const clearFilters = useCallback(
    () =>
      setParams(
        (current) => paramsFromFilters({ ...DEFAULT_FILTERS, sort: filtersFromParams(current).sort }),
        { replace: true },
      ),
    [setParams],
  );
  return { filters, setFilters, clearFilters, search: params.toString() };
}
