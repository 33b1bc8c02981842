import { z } from 'zod';

/*
 * The ranges PostgreSQL's column types take, for values that come from outside (query strings, page
 * cursors, bodies). A value outside them is refused with a 400 and a message here, before it reaches a
 * query, where PostgreSQL would fail on it and the answer would be a 500.
 */

/**
 * Dates are held to the years 0001 to 9999 (UTC): well inside timestamptz (4713 BC to 294276 AD), and
 * what ISO 8601 writes with four digits, so that `Date#toISOString`, drizzle and every client spell
 * each accepted instant the same way. Lists use 9999-12-31 for "unknown", which stays inside.
 */
export const EARLIEST_DATE_MS = Date.parse('0001-01-01T00:00:00.000Z');
export const LATEST_DATE_MS = Date.parse('9999-12-31T23:59:59.999Z');
export const DATE_RANGE_TEXT = 'between 0001-01-01 and 9999-12-31 (UTC)';

/** PostgreSQL `integer` (int4). */
export const INT4_MIN = -2_147_483_648;
export const INT4_MAX = 2_147_483_647;

/** The layout PostgreSQL's `uuid` reads and writes: 32 hex digits as 8-4-4-4-12. */
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether the date is a valid instant in the years 0001 to 9999 (UTC). */
export function isStorableDate(date: Date): boolean {
  const ms = date.getTime();
  return ms >= EARLIEST_DATE_MS && ms <= LATEST_DATE_MS;
}

/** Whether the number fits a PostgreSQL `integer` column. */
export function isInt4(value: number): boolean {
  return Number.isInteger(value) && value >= INT4_MIN && value <= INT4_MAX;
}

/** Whether the value can be compared with a `uuid` column without PostgreSQL refusing it. */
export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID_PATTERN.test(value);
}

/**
 * An RFC 3339 date-time with an offset whose instant lies in the years 0001 to 9999 (UTC). `message`
 * is for a value that is not such a date-time; `rangeMessage` for one outside the years.
 */
export function storableDateTime(message: string, rangeMessage: string) {
  return z.iso
    .datetime({ offset: true, message })
    .refine((value) => isStorableDate(new Date(value)), { message: rangeMessage });
}
