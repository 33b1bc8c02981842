import { describe, expect, it } from 'vitest';
import { parseTimestamptz } from './row-reader';

describe('parseTimestamptz', () => {
  it('reads what PostgreSQL writes for a timestamptz as new Date does', () => {
    for (const text of [
      '2026-11-24 06:21:50+00',
      '2026-11-24 06:21:50.1+00',
      '2026-11-24 06:21:50.12+00',
      '2026-11-24 06:21:50.123+00',
      '2026-11-24 06:21:50.1239+00',
      '2026-11-24 06:21:50.999999+00',
      '2026-02-28 23:59:59.5-03',
      '2024-02-29 00:00:00+05:30',
      '9999-12-31 00:00:00+00',
      '1970-01-01 00:00:00-12',
    ]) {
      expect(parseTimestamptz(text).getTime(), text).toBe(new Date(text).getTime());
    }
    expect(parseTimestamptz('2026-11-24 06:21:50.123456+00').toISOString()).toBe('2026-11-24T06:21:50.123Z');
    expect(parseTimestamptz('2026-11-24 06:21:50+05:30').toISOString()).toBe('2026-11-24T00:51:50.000Z');
    // A local mean time offset, with seconds (PostgreSQL writes them for old dates; new Date cannot).
    expect(parseTimestamptz('1883-11-18 12:03:58+00:03:58').toISOString()).toBe('1883-11-18T12:00:00.000Z');
  });

  it('leaves the rare forms to new Date', () => {
    for (const text of ['infinity', '-infinity', '0099-01-01 00:00:00+00', '2026-1x-24 06:21:50+00']) {
      const parsed = parseTimestamptz(text).getTime();
      const expected = new Date(text).getTime();
      if (Number.isNaN(expected)) expect(parsed, text).toBeNaN();
      else expect(parsed, text).toBe(expected);
    }
  });
});
