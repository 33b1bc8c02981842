import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  browserTimeZone,
  EMPTY_DATE,
  formatDate,
  formatDateTime,
  formatDay,
  instantOfWallTime,
  isValidTimeZone,
  wallTime,
} from './dates';

// 16:30 UTC on 31 Dec 2024: already 1 Jan in Shanghai (UTC+8), still 31 Dec in New York (UTC-5).
const NEW_YEAR_EVE = '2024-12-31T16:30:00Z';

describe('formatDate', () => {
  it('writes day/month/year in the given zone, across midnight', () => {
    expect(formatDate(NEW_YEAR_EVE, 'Asia/Shanghai')).toBe('01/01/2025');
    expect(formatDate(NEW_YEAR_EVE, 'America/New_York')).toBe('31/12/2024');
  });

  it('accepts Date objects and epoch milliseconds', () => {
    const date = new Date('2025-03-05T08:00:00Z');
    expect(formatDate(date, 'UTC')).toBe('05/03/2025');
    expect(formatDate(date.getTime(), 'UTC')).toBe('05/03/2025');
  });

  it('shows a dash for missing or unreadable dates', () => {
    expect(formatDate(null, 'UTC')).toBe(EMPTY_DATE);
    expect(formatDate(undefined, 'UTC')).toBe(EMPTY_DATE);
    expect(formatDate('not a date', 'UTC')).toBe(EMPTY_DATE);
  });
});

describe('formatDay', () => {
  it('writes a calendar day of no zone as day/month/year, whatever the reader’s zone', () => {
    expect(formatDay('2026-11-30')).toBe('30/11/2026');
    expect(formatDay(null)).toBe(EMPTY_DATE);
    expect(formatDay('2026-11-30T00:00:00Z')).toBe(EMPTY_DATE);
  });
});

describe('formatDateTime', () => {
  it('uses a 24-hour clock in the given zone', () => {
    expect(formatDateTime(NEW_YEAR_EVE, 'Asia/Shanghai')).toBe('01/01/2025 00:30');
    expect(formatDateTime(NEW_YEAR_EVE, 'America/New_York')).toBe('31/12/2024 11:30');
    expect(formatDateTime('2025-07-01T21:05:00Z', 'UTC')).toBe('01/07/2025 21:05');
  });

  it('follows daylight saving time', () => {
    // New York is UTC-4 in July, UTC-5 in January.
    expect(formatDateTime('2025-07-01T12:00:00Z', 'America/New_York')).toBe('01/07/2025 08:00');
    expect(formatDateTime('2025-01-01T12:00:00Z', 'America/New_York')).toBe('01/01/2025 07:00');
  });

  it('never prints 24:00 for midnight', () => {
    expect(formatDateTime('2025-02-01T00:00:00Z', 'UTC')).toBe('01/02/2025 00:00');
  });

  it('falls back to the browser zone for an unknown zone instead of throwing', () => {
    expect(formatDateTime(NEW_YEAR_EVE, 'Mars/Olympus')).toBe(
      formatDateTime(NEW_YEAR_EVE, browserTimeZone()),
    );
  });
});

describe('time zones', () => {
  it('reads the browser zone as an IANA name', () => {
    expect(isValidTimeZone(browserTimeZone())).toBe(true);
  });

  it('tells real zones from made-up ones', () => {
    expect(isValidTimeZone('Asia/Shanghai')).toBe(true);
    expect(isValidTimeZone('Mars/Olympus')).toBe(false);
  });
});

describe('time zones through Temporal, where the browser has it', () => {
  afterEach(() => vi.unstubAllGlobals());
  const temporal = (known: string[]) =>
    vi.stubGlobal('Temporal', {
      Now: {
        timeZoneId: () => 'Europe/Oslo',
        zonedDateTimeISO: (zone: string) => {
          if (!known.includes(zone)) throw new RangeError(`Unknown zone ${zone}`);
          return {};
        },
      },
    });

  it('names the browser zone and checks zones without building a date formatter', () => {
    temporal(['Europe/Oslo', 'Africa/Accra']);
    expect(browserTimeZone()).toBe('Europe/Oslo');
    expect(isValidTimeZone('Africa/Accra')).toBe(true);
    expect(isValidTimeZone('Venus/Maxwell')).toBe(false);
  });

  it('formats in UTC a zone Temporal knows and the formatter does not, rather than throwing', () => {
    temporal(['Europe/Oslo', 'Pluto/Sputnik']);
    expect(formatDateTime(NEW_YEAR_EVE, 'Pluto/Sputnik')).toBe('31/12/2024 16:30');
  });
});

describe('formatters', () => {
  it('builds one formatter per zone and form, however many dates a table formats', () => {
    const Original = Intl.DateTimeFormat;
    let built = 0;
    class Counting extends Original {
      constructor(...args: ConstructorParameters<typeof Original>) {
        super(...args);
        built++;
      }
    }
    Intl.DateTimeFormat = Counting as typeof Original;
    try {
      for (let day = 1; day <= 28; day++) {
        formatDate(`2026-02-${String(day).padStart(2, '0')}T12:00:00Z`, 'America/Bogota');
        formatDateTime(`2026-02-${String(day).padStart(2, '0')}T12:00:00Z`, 'America/Bogota');
      }
      // Each form (date, date and time): the zone checked once and the formatter built once.
      expect(built).toBeLessThanOrEqual(4);
    } finally {
      Intl.DateTimeFormat = Original;
    }
  });
});

describe('wall times', () => {
  it('read an instant on a zone’s clock and back, across the change of clocks', () => {
    expect(wallTime('2026-12-31T08:00:00Z', 'Europe/Amsterdam')).toBe('2026-12-31T09:00');
    expect(instantOfWallTime('2026-12-31T09:00', 'Europe/Amsterdam')).toBe('2026-12-31T08:00:00.000Z');
    // Summer time: two hours ahead of UTC.
    expect(instantOfWallTime('2026-07-01T09:00', 'Europe/Amsterdam')).toBe('2026-07-01T07:00:00.000Z');
    expect(instantOfWallTime('2026-03-01T06:00', 'America/Los_Angeles')).toBe('2026-03-01T14:00:00.000Z');
    expect(instantOfWallTime('2026-02-30T06:00', 'UTC')).toBeNull();
    expect(instantOfWallTime('tomorrow', 'UTC')).toBeNull();
  });
});
