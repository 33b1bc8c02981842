import { Column, is, SQL, type DriverValueDecoder } from 'drizzle-orm';
import { PgTimestamp } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Database } from '../db/client';

/**
 * A faster way to run a hot select built with drizzle (the list pages). Drizzle builds the
 * statement as ever; what this replaces is how its rows are read. Drizzle's `mapResultRow` walks every
 * column of every row generically (entity checks, path iterators, a `Date` parsed from text per
 * timestamp) and was the largest share of the list API's own CPU time after the socket writes. A
 * reader is compiled once per selection object: its columns in the order drizzle selects them, each
 * with its decoder, and timestamps parsed by {@link parseTimestamptz}. `row-reader.test.ts` holds it to
 * drizzle's own answer for the same query.
 */

/** A drizzle select, unexecuted: its SQL and (for typing) what it resolves to. */
export interface ReadableSelect<Row> extends PromiseLike<Row[]> {
  toSQL(): { sql: string; params: unknown[] };
}

type Decode = (value: unknown) => unknown;
/** A selected object's keys and decoders, in drizzle's column order (the object's keys). */
type Columns = readonly (readonly [key: string, decode: Decode])[];

/** Compiled once per selected object (a module constant), so a request's reader costs a lookup. */
const compiled = new WeakMap<object, Columns>();

/** Timestamps arrive as PostgreSQL's text (as drizzle asks for them) and are parsed here; all else as pg parses it. */
const TEXT_TYPES = new Set<number>([
  pg.types.builtins.TIMESTAMPTZ,
  pg.types.builtins.TIMESTAMP,
  pg.types.builtins.DATE,
  pg.types.builtins.INTERVAL,
  1115, // timestamp[]
  1182, // date[]
  1185, // timestamptz[]
  1187, // interval[]
  1231, // numeric[]
]);
const asText = (value: string) => value;
const typeParsers = {
  getTypeParser(typeId: number): (value: string) => unknown {
    if (TEXT_TYPES.has(typeId)) return asText;
    return pg.types.getTypeParser(typeId, 'text') as (value: string) => unknown;
  },
};

const digits = (s: string, from: number, to: number): number => {
  let n = 0;
  for (let i = from; i < to; i++) {
    const d = s.charCodeAt(i) - 48;
    if (d < 0 || d > 9) return NaN;
    n = n * 10 + d;
  }
  return n;
};

/**
 * PostgreSQL's text of a `timestamptz` (ISO DateStyle: `2026-11-24 06:21:50.123456+00`, an offset of
 * `±HH`, `±HH:MM` or `±HH:MM:SS`) as a `Date`, without the string parsing of `new Date(text)`;
 * milliseconds are kept, finer digits dropped, as `Date` does. Anything else (BC dates, `infinity`,
 * five-digit years) is left to `new Date`, which is what drizzle does for every value.
 */
export function parseTimestamptz(text: string): Date {
  const n = text.length;
  if (n >= 22 && text.charCodeAt(4) === 45 && text.charCodeAt(10) === 32) {
    const year = digits(text, 0, 4);
    let i = 19;
    let ms = 0;
    if (text.charCodeAt(i) === 46) {
      let scale = 100;
      for (i++; i < n; i++) {
        const d = text.charCodeAt(i) - 48;
        if (d < 0 || d > 9) break;
        ms += d * scale;
        scale /= 10;
      }
      ms = Math.floor(ms);
    }
    const sign = text.charCodeAt(i) === 43 ? 1 : text.charCodeAt(i) === 45 ? -1 : 0;
    const rest = n - i - 1;
    if (sign && year >= 100 && (rest === 2 || rest === 5 || rest === 8)) {
      const offset =
        digits(text, i + 1, i + 3) * 3600 +
        (rest >= 5 ? digits(text, i + 4, i + 6) * 60 : 0) +
        (rest === 8 ? digits(text, i + 7, i + 9) : 0);
      const time =
        Date.UTC(
          year,
          digits(text, 5, 7) - 1,
          digits(text, 8, 10),
          digits(text, 11, 13),
          digits(text, 14, 16),
          digits(text, 17, 19),
          ms,
        ) -
        sign * offset * 1000;
      if (!Number.isNaN(time)) return new Date(time);
    }
  }
  return new Date(text);
}

function decoderOf(field: unknown): Decode {
  if (is(field, PgTimestamp) && field.withTimezone) {
    return (value) => (typeof value === 'string' ? parseTimestamptz(value) : value);
  }
  if (is(field, Column)) return (value) => field.mapFromDriverValue(value);
  if (is(field, SQL)) {
    // `.mapWith()`'s decoder, public in drizzle's JavaScript though not in its types.
    const { decoder } = field as unknown as { decoder: DriverValueDecoder<unknown, unknown> };
    return (value) => decoder.mapFromDriverValue(value);
  }
  throw new TypeError('readRows selects objects of columns and sql`` expressions');
}

function columnsOf(fields: Record<string, unknown>): Columns {
  let columns = compiled.get(fields);
  if (!columns) {
    columns = Object.entries(fields).map(([key, field]) => [key, decoderOf(field)] as const);
    compiled.set(fields, columns);
  }
  return columns;
}

/**
 * Runs `query`, built as `db.select(selection)…`, on the pool behind `db` and reads its rows as drizzle
 * would (for inner joins: a nested object is never nulled). `selection` is an object of objects of
 * columns and sql`` expressions (`{ s: {...}, c: {...} }`); each inner object's decoders are compiled
 * once (keep them module constants; one built per request costs its own compiling).
 */
export async function readRows<Row>(
  db: Database,
  selection: Record<string, Record<string, unknown>>,
  query: ReadableSelect<Row>,
): Promise<Row[]> {
  // The pool drizzle was made with; a transaction has none, and is read by drizzle.
  const client = (db as { $client?: pg.Pool }).$client;
  if (!client) return query;
  const groups = Object.entries(selection).map(([key, fields]) => [key, columnsOf(fields)] as const);
  const { sql, params } = query.toSQL();
  const result = await client.query<unknown[]>({
    text: sql,
    values: params,
    rowMode: 'array',
    types: typeParsers,
  });
  return result.rows.map((row: unknown[]) => {
    const out: Record<string, Record<string, unknown>> = {};
    let index = 0;
    for (const [key, columns] of groups) {
      const inner: Record<string, unknown> = {};
      for (const [name, decode] of columns) {
        const value = row[index++];
        inner[name] = value === null ? null : decode(value);
      }
      out[key] = inner;
    }
    return out as Row;
  });
}
