import { describe, expect, it } from 'vitest';
import { isSearchable, SEARCH_MESSAGES, searchTerms } from './search-query';
import { searchQuerySchema } from './search.schema';

describe('searchTerms', () => {
  it('normalises the query as intake stores each number, and a tag without case', () => {
    expect(searchTerms(' msku 123-456.7/ ')).toEqual({
      container: 'MSKU1234567',
      mbl: 'MSKU1234567',
      parcel: 'MSKU123456.7/',
      tag: 'msku 123-456.7/',
      reference: 'MSKU 123-456.7/',
    });
    expect(searchTerms('1z 5r8–9390')).toMatchObject({ parcel: '1Z5R89390' });
    expect(searchTerms('  Customer   A ')).toMatchObject({ tag: 'customer a', reference: 'CUSTOMER A' });
  });
});

describe('what may be searched', () => {
  it('needs two characters once separators are removed, and at most 60', () => {
    expect(isSearchable('ms')).toBe(true);
    expect(isSearchable('m')).toBe(false);
    expect(isSearchable(' - / ')).toBe(false);
    expect(isSearchable('m-')).toBe(false);
    expect(isSearchable('a'.repeat(60))).toBe(true);
    expect(isSearchable('a'.repeat(61))).toBe(false);
  });

  it('answers with the message the server sends', () => {
    const first = (q: unknown) => searchQuerySchema.safeParse({ q }).error?.issues[0]?.message;
    expect(first('m')).toBe(SEARCH_MESSAGES.tooShort);
    expect(first('--')).toBe(SEARCH_MESSAGES.tooShort);
    expect(first(undefined)).toBe(SEARCH_MESSAGES.tooShort);
    expect(first('x'.repeat(61))).toBe(SEARCH_MESSAGES.tooLong);
    expect(searchQuerySchema.parse({ q: '  tghu1 ' })).toEqual({ q: 'tghu1' });
  });
});
