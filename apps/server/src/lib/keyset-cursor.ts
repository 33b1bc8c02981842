import { AppError } from './app-error';

/**
 * Keyset pagination cursors: the last row's sort value and id, opaque to clients. A cursor that does
 * not decode is a 400 with a message saying to start again, never a 500.
 */
export interface Cursor {
  v: string;
  id: string;
}

export function encodeCursor(value: unknown, id: string): string {
  const v = value instanceof Date ? value.toISOString() : String(value);
  return Buffer.from(JSON.stringify({ v, id } satisfies Cursor)).toString('base64url');
}

/** The sort value and id a cursor carries: a date for date sorts, an integer for amounts, text for the others. */
export function decodeCursor(
  cursor: string,
  kind: 'date' | 'text' | 'integer',
): { value: Date | string | number; id: string } {
  try {
    const parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as Partial<Cursor>;
    if (typeof parsed.v === 'string' && typeof parsed.id === 'string' && /^[0-9a-f-]{36}$/.test(parsed.id)) {
      if (kind === 'integer') {
        if (/^-?\d{1,15}$/.test(parsed.v)) return { value: Number(parsed.v), id: parsed.id };
        throw new Error('not an integer');
      }
      const value = kind === 'date' ? new Date(parsed.v) : parsed.v;
      if (!(value instanceof Date) || !Number.isNaN(value.getTime())) return { value, id: parsed.id };
    }
  } catch {
    // fall through
  }
  throw new AppError('VALIDATION', 'The page cursor is not valid. Start from the first page.');
}
