import {
  parseCustomValue,
  type CustomFieldValue,
  type ParsedValue,
} from '@tracklane/shared/custom-fields/custom-field-values';
import type { CustomField } from '@tracklane/shared/custom-fields/custom-fields.schema';
import { formatDay } from './dates';

/*
 * A bulk import's custom field columns, whatever the mode: a file's header may name any of the
 * workspace's custom fields beside the mode's columns and the references, as the list's export writes
 * them ("Custom field: Priority") or by the field's name alone (case and spaces ignored). The mode's
 * own columns win: a field named like one of them ("Tags", "Container number") is read only from its
 * prefixed header, so an exported file always imports back into the same fields. Each cell is read as
 * a spreadsheet writes it (a date as an XLSX serial or day/month/year, a number with a thousands
 * separator, choices separated by commas or semicolons) and then checked by the shared validator the
 * server runs, so a bad value shows next to its row and the row is not sent until it is fixed. An
 * empty cell sets nothing.
 */

/** The fields a header names, in the header's order, with the column each is read from. */
export type CustomFieldColumns = readonly { field: CustomField; index: number }[];

/** What the export writes before a custom field's name in its column's header. */
export const CUSTOM_FIELD_HEADER_PREFIX = 'Custom field: ';

/** A custom field's column header as the export writes it, and as the import always reads it. */
export const customFieldHeaderText = (name: string) => `${CUSTOM_FIELD_HEADER_PREFIX}${name}`;

/** A header cell or a field's name as they are compared: case and spaces ignored. */
const headerKey = (text: string) => text.toLowerCase().replace(/\s+/g, '');
const PREFIX_KEY = headerKey(CUSTOM_FIELD_HEADER_PREFIX);
/** A built-in column's header as cells are compared with it: case, spaces and punctuation ignored. */
const builtInKey = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');

const isPrefixed = (cell: string) => headerKey(cell).startsWith(PREFIX_KEY);

/**
 * The workspace's fields the header row names, or null when it names none. `builtIn`: the headers
 * that name the mode's own columns (what its export writes for them, and the names its import reads
 * them by); a cell that is one of them is never a field's, whatever the field is called.
 */
export function customFieldHeader(
  cells: readonly string[],
  fields: readonly CustomField[],
  builtIn: readonly string[] = [],
): CustomFieldColumns | null {
  const byKey = new Map(fields.map((field) => [headerKey(field.name), field]));
  const reserved = new Set(builtIn.map(builtInKey));
  const fieldOf = (cell: string, prefixed: boolean) => {
    if (!cell.trim()) return undefined;
    if (prefixed) return isPrefixed(cell) ? byKey.get(headerKey(cell).slice(PREFIX_KEY.length)) : undefined;
    return isPrefixed(cell) || reserved.has(builtInKey(cell)) ? undefined : byKey.get(headerKey(cell));
  };
  const found: { field: CustomField; index: number }[] = [];
  // The export's prefixed headers first, then a field's name alone; a field named twice is read from
  // its first column.
  for (const prefixed of [true, false])
    cells.forEach((cell, index) => {
      const field = fieldOf(cell, prefixed);
      if (field && !found.some((f) => f.field.id === field.id)) found.push({ field, index });
    });
  return found.length ? found.sort((a, b) => a.index - b.index) : null;
}

/**
 * The header's cells with those the custom fields took blanked, and every prefixed one (a field since
 * deleted, "Custom field: Booking"): what the other columns are read from.
 */
export const cellsLeftByFields = (cells: string[], columns: CustomFieldColumns | null) => {
  const taken = new Set((columns ?? []).map((c) => c.index));
  return cells.map((cell, index) => (taken.has(index) || isPrefixed(cell) ? '' : cell));
};

const DAY_MS = 86_400_000;
/** Day 0 of Excel's 1900 date system (it keeps Lotus's 29 February 1900, so serials from 61 on count right). */
const EXCEL_EPOCH = Date.UTC(1899, 11, 30);
/**
 * The serials read as dates: 1 January 1950 to 31 December 2199. A smaller number in a date column
 * ("2026", "31") is a typing slip rather than a day of 1905.
 */
const SERIAL_RANGE = [18_264, 109_574] as const;

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'] as const;

const pad = (n: number) => String(n).padStart(2, '0');

/** The ISO day of a year, month and day, or null when the calendar has no such day. */
function isoOf(year: number, month: number, day: number): string | null {
  if (year < 100) year += 2000;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day)
    return null;
  return `${String(year).padStart(4, '0')}-${pad(month)}-${pad(day)}`;
}

const monthOf = (name: string) => {
  const index = MONTHS.indexOf(name.slice(0, 3).toLowerCase() as (typeof MONTHS)[number]);
  return index === -1 ? null : index + 1;
};

/**
 * A spreadsheet's date cell as an ISO day, or null when it is not one: YYYY-MM-DD (a time after it is
 * dropped), YYYY/MM/DD, YYYYMMDD, day/month/year with slashes, dots or dashes (month first only when
 * the day could not be the month, as in 12/31/2026), "12 Mar 2026", "Mar 12, 2026", and an XLSX date
 * serial (a workbook's date cell read as its number).
 */
export function importDay(cell: string): string | null {
  const text = cell.trim();
  let m = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?:[T\s].*)?$/.exec(text);
  if (m) return isoOf(Number(m[1]), Number(m[2]), Number(m[3]));
  m = /^(\d{4})(\d{2})(\d{2})$/.exec(text);
  if (m) return isoOf(Number(m[1]), Number(m[2]), Number(m[3]));
  m = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4}|\d{2})(?:\s.*)?$/.exec(text);
  if (m) {
    const [first, second, year] = [Number(m[1]), Number(m[2]), Number(m[3])];
    // Day first, as the app writes dates; month first only when the first cannot be a month's day.
    return first <= 12 && second > 12 ? isoOf(year, first, second) : isoOf(year, second, first);
  }
  m = /^(\d{1,2})[\s-]+([a-z]+)\.?[\s-]+(\d{4})$/i.exec(text);
  if (m) {
    const month = monthOf(m[2]!);
    return month ? isoOf(Number(m[3]), month, Number(m[1])) : null;
  }
  m = /^([a-z]+)\.?\s+(\d{1,2}),?\s+(\d{4})$/i.exec(text);
  if (m) {
    const month = monthOf(m[1]!);
    return month ? isoOf(Number(m[3]), month, Number(m[2])) : null;
  }
  // A workbook's date cell is read as its serial: days since Excel's epoch (a time is its fraction).
  if (/^\d+(\.\d+)?$/.test(text)) {
    const serial = Math.floor(Number(text));
    if (serial < SERIAL_RANGE[0] || serial > SERIAL_RANGE[1]) return null;
    return new Date(EXCEL_EPOCH + serial * DAY_MS).toISOString().slice(0, 10);
  }
  return null;
}

/**
 * A number cell as a number's text: spaces dropped, a thousands separator ("1,234.5", "1.234,5",
 * "12,000") dropped, a lone decimal comma ("12,5") read as a point. Anything else is left for the
 * validator to refuse.
 */
export function importNumber(cell: string): string {
  const text = cell.trim().replace(/[\s\u00a0\u202f']/g, '');
  const lastComma = text.lastIndexOf(',');
  const lastPoint = text.lastIndexOf('.');
  if (lastComma !== -1 && lastPoint !== -1)
    return lastComma > lastPoint ? text.replace(/\./g, '').replace(',', '.') : text.replace(/,/g, '');
  if (lastComma !== -1)
    return /^[-+]?\d{1,3}(,\d{3})+$/.test(text) ? text.replace(/,/g, '') : text.replace(',', '.');
  return text;
}

/** One cell of a field's column, read and checked as the server checks the value (null: empty). */
export function parseImportCell(field: CustomField, cell: string): ParsedValue {
  const text = cell.trim();
  if (!text) return { ok: true, value: null };
  switch (field.type) {
    case 'date': {
      const day = importDay(text);
      return day
        ? parseCustomValue(field, day)
        : {
            ok: false,
            message: 'A date is a day such as 2026-03-31 or 31/03/2026.',
          };
    }
    case 'number':
      return parseCustomValue(field, importNumber(text), true);
    case 'multi_choice': {
      const parsed = parseCustomValue(field, text, true);
      if (parsed.ok) return parsed;
      const unknown = text
        .split(/[,;]/)
        .map((c) => c.trim())
        .find((c) => c && !field.choices.some((choice) => choice.toLowerCase() === c.toLowerCase()));
      return unknown ? { ok: false, message: choiceMessage(field, unknown) } : parsed;
    }
    case 'choice': {
      const parsed = parseCustomValue(field, text, true);
      return parsed.ok ? parsed : { ok: false, message: choiceMessage(field, text) };
    }
    default:
      return parseCustomValue(field, text, true);
  }
}

/** "“Asap” is not one of Low, Urgent." — the field's choices, so the fix is plain. */
function choiceMessage(field: CustomField, given: string): string {
  const shown = field.choices.slice(0, 8).join(', ');
  const more = field.choices.length > 8 ? ', …' : '';
  return `“${given}” is not one of ${shown}${more}.`;
}

/** A row's custom field values: none when its cells are empty, or what is wrong with the first bad one. */
export function readCustomFields(
  cells: readonly string[],
  columns: CustomFieldColumns | null,
): { customFields: Record<string, CustomFieldValue> | undefined; error: string | null } {
  if (!columns) return { customFields: undefined, error: null };
  const values: Record<string, CustomFieldValue> = {};
  for (const { field, index } of columns) {
    const parsed = parseImportCell(field, cells[index] ?? '');
    if (!parsed.ok) return { customFields: undefined, error: `${field.name}: ${parsed.message}` };
    if (parsed.value !== null) values[field.id] = parsed.value;
  }
  return Object.keys(values).length
    ? { customFields: values, error: null }
    : { customFields: undefined, error: null };
}

/** What a row's cell of a field column says in the preview: its value as it will be set, or the cell. */
export function customCellText(
  field: CustomField,
  values: Record<string, unknown> | undefined,
  written: string | undefined,
): string {
  const value = values?.[field.id];
  if (value === undefined || value === null) return written?.trim() || '-';
  if (Array.isArray(value)) return value.join(', ');
  if (field.type === 'date' && typeof value === 'string') return formatDay(value);
  return typeof value === 'string' || typeof value === 'number' ? String(value) : '-';
}
