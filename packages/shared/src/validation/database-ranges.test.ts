import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isInt4, isStorableDate, isUuid, storableDateTime } from './database-ranges';

describe('database ranges', () => {
  const schema = storableDateTime('not a date-time', 'out of range');
  const message = (value: string) => {
    const result = schema.safeParse(value);
    return result.success ? null : result.error.issues[0]?.message;
  };

  it.each([
    ['0001-01-01T00:00:00Z', null],
    ['9999-12-31T23:59:59.999Z', null],
    ['2026-03-01T22:05:00+01:00', null],
    ['0000-12-31T23:59:59Z', 'out of range'],
    ['0001-01-01T00:00:00+01:00', 'out of range'],
    ['9999-12-31T23:59:59-05:00', 'out of range'],
    ['yesterday', 'not a date-time'],
    ['2026-03-01', 'not a date-time'],
  ])('%s → %s', (value, expected) => {
    expect(message(value)).toBe(expected);
  });

  it('takes exactly the instants of the years 0001 to 9999', () => {
    fc.assert(
      fc.property(fc.date({ noInvalidDate: true }), (date) => {
        const year = date.getUTCFullYear();
        expect(isStorableDate(date)).toBe(year >= 1 && year <= 9999);
      }),
    );
    expect(isStorableDate(new Date(Number.NaN))).toBe(false);
  });

  it('int4 and uuid', () => {
    expect([2_147_483_647, -2_147_483_648, 0].every(isInt4)).toBe(true);
    expect([2_147_483_648, -2_147_483_649, 1.5, Number.NaN, 123_456_789_012_345].some(isInt4)).toBe(false);
    expect(isUuid('2B1E6A53-8c4f-4d0e-9a61-7f3c2d1b0e9a')).toBe(true);
    for (const bad of ['0'.repeat(36), '0'.repeat(32), '2b1e6a53-8c4f-4d0e-9a61-7f3c2d1b0e9a-', 42, null])
      expect(isUuid(bad)).toBe(false);
  });
});
