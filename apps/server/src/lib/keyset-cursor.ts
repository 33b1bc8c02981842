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

/** What a keyset cursor carries: the last row's sort value and its id. */
interface Cursor {
  v: string;
  id: string;
}

/** The sort value's type: a timestamptz, an int4 or text. */
export type CursorValueKind = 'date' | 'text' | 'integer';

/** Exactly what `toISOString` writes for the years 0001–9999. */
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const INTEGER = /^-?\d{1,10}$/;
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

/** The value as its column takes it, or null when the column could not. */
function readValue(kind: CursorValueKind, raw: unknown): Date | string | number | null {
  if (typeof raw !== 'string') return null;
  switch (kind) {
    case 'date': {
      if (!ISO_INSTANT.test(raw)) return null;
      const date = new Date(raw);
      return isStorableDate(date) ? date : null;
    }
    case 'integer': {
      if (!INTEGER.test(raw)) return null;
      const value = Number(raw);
      return isInt4(value) ? value : null;
    }
    case 'text':
      return raw.length <= TEXT_MAX_LENGTH && !hasDisallowedText(raw) ? raw : null;
  }
}

export function encodeCursor(value: unknown, id: string): string {
  const v = value instanceof Date ? value.toISOString() : String(value);
  return Buffer.from(JSON.stringify({ v, id } satisfies Cursor)).toString('base64url');
}

/** The sort value and id a keyset cursor carries: a date for date sorts, an integer for amounts, text for the others. */
export function decodeCursor(
  cursor: string,
  kind: CursorValueKind,
): { value: Date | string | number; id: string } {
  const parsed = readJson(cursor);
  const value = parsed ? readValue(kind, parsed.v) : null;
  if (parsed && value !== null && isUuid(parsed.id)) return { value, id: parsed.id };
  throw new AppError('VALIDATION', BAD_CURSOR_MESSAGE);
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
