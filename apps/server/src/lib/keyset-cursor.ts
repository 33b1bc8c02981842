import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { isInt4, isStorableDate, isUuid } from '@tracklane/shared/validation/database-ranges';
import { AppError } from './app-error';
import { hasDisallowedText } from './allowed-text';

/*
 * Page cursors, opaque to clients: base64url JSON of where the last page ended. Every list decodes its
 * cursor here, and a cursor is only accepted when each value in it is one its column can be compared
 * with (a uuid, a date in the years 0001–9999, an int4, text PostgreSQL can store): anything else is a
 * 400 saying to start again, never a query PostgreSQL refuses (a 500).
 */

export const BAD_CURSOR_MESSAGE = 'The page cursor is not valid. Start from the first page.';

/**
 * What a keyset cursor carries: the last row's sort value (null for a row without one, in a sort
 * whose value may be missing), its id, and the name of the sort it was made for (`s`, absent for a
 * feed with one order): a cursor is only taken back by the sort that made it.
 */
interface Cursor {
  v: string | null;
  id: string;
  s?: string;
}

/**
 * The sort value's type: a timestamptz (`date`), a calendar day (`day`, YYYY-MM-DD), an int4, a
 * double (`number`) or text.
 */
export type CursorValueKind = 'date' | 'day' | 'text' | 'integer' | 'number';

/** Exactly what `toISOString` writes for the years 0001–9999. */
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const INTEGER = /^-?\d{1,10}$/;
/** What `String(number)` writes for a finite double. */
const NUMBER = /^-?(?:\d+(?:\.\d+)?)(?:e[+-]\d{1,3})?$/;
const TEXT_MAX_LENGTH = 300;

function readJson(cursor: string): Record<string, unknown> | null {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/** The value as its column takes it, or undefined when the column could not. */
function readValue(kind: CursorValueKind, raw: unknown): Date | string | number | undefined {
  if (typeof raw !== 'string') return undefined;
  switch (kind) {
    case 'date': {
      if (!ISO_INSTANT.test(raw)) return undefined;
      const date = new Date(raw);
      return isStorableDate(date) ? date : undefined;
    }
    case 'day': {
      if (!ISO_DAY.test(raw)) return undefined;
      const date = new Date(`${raw}T00:00:00.000Z`);
      return isStorableDate(date) && date.toISOString().slice(0, 10) === raw ? raw : undefined;
    }
    case 'integer': {
      if (!INTEGER.test(raw)) return undefined;
      const value = Number(raw);
      return isInt4(value) ? value : undefined;
    }
    case 'number': {
      if (!NUMBER.test(raw)) return undefined;
      const value = Number(raw);
      return Number.isFinite(value) ? value : undefined;
    }
    case 'text':
      return raw.length <= TEXT_MAX_LENGTH && !hasDisallowedText(raw) ? raw : undefined;
  }
}

/** A cursor after the row with this sort value (null: it has none) and id, for the sort named `sort`. */
export function encodeCursor(value: Date | string | number | null, id: string, sort?: string): string {
  const v = value === null ? null : value instanceof Date ? value.toISOString() : String(value);
  const cursor: Cursor = sort === undefined ? { v, id } : { v, id, s: sort };
  return Buffer.from(JSON.stringify(cursor)).toString('base64url');
}

interface DecodeOptions {
  /** The sort's name: the cursor must have been made for it. */
  sort?: string;
  /** Rows may have no sort value: a cursor may carry null. */
  nullable?: boolean;
}

/**
 * The sort value and id a keyset cursor carries: a date for date sorts, an integer for amounts, text for
 * the others; null only in a `nullable` sort. A cursor of another sort, or one whose value its column
 * could not compare, is a 400.
 */
export function decodeCursor(
  cursor: string,
  kind: CursorValueKind,
  options?: DecodeOptions & { nullable?: false },
): { value: Date | string | number; id: string };
export function decodeCursor(
  cursor: string,
  kind: CursorValueKind,
  options: DecodeOptions,
): { value: Date | string | number | null; id: string };
export function decodeCursor(
  cursor: string,
  kind: CursorValueKind,
  { sort, nullable = false }: DecodeOptions = {},
): { value: Date | string | number | null; id: string } {
  const parsed = readJson(cursor);
  if (parsed && isUuid(parsed.id) && parsed.s === sort) {
    if (parsed.v === null && nullable) return { value: null, id: parsed.id };
    const value = readValue(kind, parsed.v);
    if (value !== undefined) return { value, id: parsed.id };
  }
  throw new AppError('VALIDATION', BAD_CURSOR_MESSAGE);
}

/**
 * How a list orders its rows and pages through them (keyset): by `value`, then by `id` the same way.
 * A `nullable` sort puts rows without a value last in both directions (`NULLS LAST`), ordered by id
 * among themselves.
 */
export interface KeysetSort {
  /** The name a cursor carries (the `sort` parameter as sent). */
  name: string;
  value: SQL | AnyPgColumn;
  id: AnyPgColumn;
  direction: 'asc' | 'desc';
  kind: CursorValueKind;
  nullable: boolean;
  /**
   * For a column sort an index serves (list-sort.ts, walkedPage): where the rows with a value are read
   * in the sort's order. Without it, the page is found by computing `value` for every row the list's
   * conditions keep.
   */
  walk?: KeysetWalk;
}

/**
 * A nullable sort's rows with a value as an index gives them, in order: `from` (the list's FROM, given
 * as `list`, joined to where the value is), the index's columns for the value and the row's id, equal
 * to `value` and `id` wherever `where` holds and the value is not null.
 */
export interface KeysetWalk {
  from: (list: SQL) => SQL;
  where: SQL;
  value: SQL;
  id: SQL | AnyPgColumn;
  /**
   * The list's rows without a value, when the sort's `value IS NULL` would hide from PostgreSQL how
   * many there are (a look-up's null): an anti-join it estimates from the table's statistics.
   */
  missing?: SQL;
}

const CAST: Record<CursorValueKind, SQL> = {
  date: sql.raw('timestamptz'),
  day: sql.raw('date'),
  text: sql.raw('text'),
  integer: sql.raw('int4'),
  number: sql.raw('float8'),
};

/** A cursor's value as SQL of its kind's type. */
export const cursorValue = (kind: CursorValueKind, value: Date | string | number) =>
  sql`${value}::${CAST[kind]}`;

/** ORDER BY of a keyset sort. */
export function keysetOrder(sort: KeysetSort): SQL[] {
  const way = sort.direction === 'desc' ? sql.raw('DESC') : sql.raw('ASC');
  return sort.nullable
    ? [sql`${sort.value} ${way} NULLS LAST`, sql`${sort.id} ${way}`]
    : [sql`${sort.value} ${way}`, sql`${sort.id} ${way}`];
}

/** WHERE of the page after `cursor` (decoded here: a bad one is a 400). */
export function keysetAfter(sort: KeysetSort, cursor: string): SQL {
  const { value, id } = decodeCursor(cursor, sort.kind, { sort: sort.name, nullable: sort.nullable });
  const after = sort.direction === 'desc' ? sql.raw('<') : sql.raw('>');
  if (!sort.nullable) return sql`(${sort.value}, ${sort.id}) ${after} (${value}, ${id})`;
  // Past the last row without a value: only other rows without one, further by id.
  if (value === null) return sql`(${sort.value} IS NULL AND ${sort.id} ${after} ${id})`;
  const v = cursorValue(sort.kind, value);
  // Rows without a value follow every row with one.
  return sql`(${sort.value} ${after} ${v} OR (${sort.value} = ${v} AND ${sort.id} ${after} ${id}) OR ${sort.value} IS NULL)`;
}

/**
 * WHERE of the rows up to and including the row `cursor` names (decoded here), for a sort whose rows
 * all have a value: what a page may read before that row, as a range of the sort's index.
 */
export function keysetThrough(sort: KeysetSort, cursor: string): SQL {
  if (sort.nullable) throw new Error('keysetThrough: a sort whose rows all have a value');
  const { value, id } = decodeCursor(cursor, sort.kind, { sort: sort.name });
  const through = sort.direction === 'desc' ? sql.raw('>=') : sql.raw('<=');
  return sql`(${sort.value}, ${sort.id}) ${through} (${value}, ${id})`;
}

/** A cursor after a row of a `bigserial` table, for feeds that run in the order rows were stored. */
export function encodeSerialCursor(id: number): string {
  return Buffer.from(JSON.stringify({ after: id })).toString('base64url');
}

/** The row id a serial cursor carries; `message` is the refusal, in the feed's own words. */
export function decodeSerialCursor(cursor: string, message = BAD_CURSOR_MESSAGE): number {
  const after = readJson(cursor)?.after;
  // Safe integers are well inside bigint; past them JSON numbers are no longer exact.
  if (typeof after === 'number' && Number.isSafeInteger(after) && after >= 0) return after;
  throw new AppError('VALIDATION', message);
}
