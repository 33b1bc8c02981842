import { describe, expect, it } from 'vitest';
import {
  defaultFilters,
  filtersFromParams,
  isFiltered,
  paramsFromFilters,
  type ListFiltersConfig,
} from './filter-params';

const config: ListFiltersConfig<'carrier' | 'parcelStatus', 'created_desc' | 'delivery_asc'> = {
  selects: ['carrier', 'parcelStatus'],
  sorts: ['created_desc', 'delivery_asc'],
  defaultSort: 'created_desc',
};

describe('list filters in the URL', () => {
  it('starts with nothing narrowing the list and the default sort', () => {
    const filters = defaultFilters(config);
    expect(filters).toEqual({
      search: '',
      favoritesOnly: false,
      sort: 'created_desc',
      attention: null,
      customFilters: [],
      carrier: null,
      parcelStatus: null,
    });
    expect(isFiltered(config, filters)).toBe(false);
    expect(paramsFromFilters(config, filters).toString()).toBe('');
  });

  it('writes only what differs from the defaults, and reads it back', () => {
    const filters = {
      ...defaultFilters(config),
      search: '  1Z999 ',
      parcelStatus: 'delivered',
      favoritesOnly: true,
      sort: 'delivery_asc' as const,
    };
    const params = paramsFromFilters(config, filters);
    expect(params.toString()).toBe('q=1Z999&parcelStatus=delivered&favorites=1&sort=delivery_asc');
    expect(filtersFromParams(config, params)).toEqual({ ...filters, search: '1Z999' });
  });

  it('ignores a sort the list does not know and empty selects', () => {
    const filters = filtersFromParams(config, new URLSearchParams('sort=arrival_asc&carrier=&other=x'));
    expect(filters).toEqual(defaultFilters(config));
  });

  it('counts a select, a search or favourites as filtering, but not the sort', () => {
    const base = defaultFilters(config);
    expect(isFiltered(config, { ...base, sort: 'delivery_asc' })).toBe(false);
    expect(isFiltered(config, { ...base, carrier: 'ups' })).toBe(true);
    expect(isFiltered(config, { ...base, search: ' x ' })).toBe(true);
    expect(isFiltered(config, { ...base, search: '   ' })).toBe(false);
    expect(isFiltered(config, { ...base, favoritesOnly: true })).toBe(true);
    expect(isFiltered(config, { ...base, attention: 'late' })).toBe(true);
  });

  it('reads an attention rule the list knows, and drops any other', () => {
    const withRules = { ...config, attentionRules: ['late', 'exception'] };
    const filters = filtersFromParams(withRules, new URLSearchParams('attention=late'));
    expect(filters.attention).toBe('late');
    expect(paramsFromFilters(withRules, filters).toString()).toBe('attention=late');
    expect(filtersFromParams(withRules, new URLSearchParams('attention=lfdSoon')).attention).toBeNull();
    expect(filtersFromParams(config, new URLSearchParams('attention=late')).attention).toBeNull();
  });

  it('keeps custom field filters (repeated `cf`) and a column sort in the URL', () => {
    const id = '6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b';
    const filters = {
      ...defaultFilters(config),
      customFilters: [`${id}:PO-47*`, `${id.replace('6f', '7f')}:3..10`],
      sort: `cf.${id}.desc` as 'created_desc',
    };
    const params = paramsFromFilters(config, filters);
    expect(params.getAll('cf')).toEqual(filters.customFilters);
    expect(params.get('sort')).toBe(`cf.${id}.desc`);
    expect(filtersFromParams(config, params)).toEqual(filters);
    expect(isFiltered(config, filters)).toBe(true);
    expect(filtersFromParams(config, new URLSearchParams('sort=ref.booking.asc')).sort).toBe(
      'ref.booking.asc',
    );
    // Neither a malformed column sort nor a `cf` without its field is kept.
    expect(filtersFromParams(config, new URLSearchParams('sort=cf.x.asc&cf=nocolon'))).toEqual(
      defaultFilters(config),
    );
  });
});
