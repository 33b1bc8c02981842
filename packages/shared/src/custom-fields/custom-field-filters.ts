import { z } from 'zod';
import type { CustomField } from './custom-fields.schema';
import { parseCustomValue } from './custom-field-values';

/*
 * A list's filters by custom field (ADR 0051), one syntax for both modes and the public API: the
 * repeatable query parameter `cf`, each `<fieldId>:<value>`:
 *  - text, link: the value equals (case is ignored); a value ending in `*` is a beginning (`PO-47*`);
 *  - single and multiple choice: any of the comma-separated choices;
 *  - number, date: a range `<min>..<max>`, either end left out for an open one (`10..`, `..2026-12-31`);
 *    a value without `..` is the range of that one value.
 * Every filter must hold (they are ANDed).
 */

export const MAX_CUSTOM_FIELD_FILTERS = 20;
const FILTER_MAX_LENGTH = 700;

export const CUSTOM_FILTER_MESSAGES = {
  syntax: 'A custom field filter is written cf=<fieldId>:<value>.',
  tooMany: `A list takes at most ${String(MAX_CUSTOM_FIELD_FILTERS)} custom field filters.`,
  repeated: 'Filter each custom field once.',
  range: 'A range is written <min>..<max>, either end optional, min not above max.',
} as const;

/** The `cf` query parameter: one filter, or several when repeated. */
export const customFieldFilterParamSchema = z
  .union([
    z.string().max(FILTER_MAX_LENGTH),
    z.array(z.string().max(FILTER_MAX_LENGTH)).max(MAX_CUSTOM_FIELD_FILTERS),
  ])
  .optional()
  .meta({
    description:
      'Filters by custom field (GET /api/custom-fields), repeatable, each `<fieldId>:<value>`: text and link equal the value (case ignored), or start with it when it ends in `*`; single and multiple choice match any of comma-separated choices; number and date take a range `<min>..<max>` with either end optional.',
  });

/** One filter as written: the field and the text after the colon. */
export interface RawCustomFilter {
  fieldId: string;
  value: string;
}

/** The filters of a `cf` parameter, split at their first colon; a message when one is malformed. */
export function splitCustomFilters(
  param: string | readonly string[] | undefined,
): { ok: true; filters: RawCustomFilter[] } | { ok: false; message: string } {
  const list = param === undefined ? [] : typeof param === 'string' ? [param] : param;
  if (list.length > MAX_CUSTOM_FIELD_FILTERS) return { ok: false, message: CUSTOM_FILTER_MESSAGES.tooMany };
  const filters: RawCustomFilter[] = [];
  for (const item of list) {
    const colon = item.indexOf(':');
    if (colon <= 0) return { ok: false, message: CUSTOM_FILTER_MESSAGES.syntax };
    const fieldId = item.slice(0, colon).trim().toLowerCase();
    if (filters.some((f) => f.fieldId === fieldId))
      return { ok: false, message: CUSTOM_FILTER_MESSAGES.repeated };
    filters.push({ fieldId, value: item.slice(colon + 1) });
  }
  return { ok: true, filters };
}

/** A filter checked against its field: what the list's query matches. */
export type CustomFilter =
  | { kind: 'equals'; fieldId: string; text: string }
  | { kind: 'startsWith'; fieldId: string; text: string }
  | { kind: 'anyOf'; fieldId: string; choices: string[] }
  | { kind: 'numberRange'; fieldId: string; min: number | null; max: number | null }
  | { kind: 'dateRange'; fieldId: string; min: string | null; max: string | null };

/** The filter `value` of `field`, checked by its type (choices in the field's spelling); or a message. */
export function parseCustomFilter(
  field: CustomField,
  value: string,
): { ok: true; filter: CustomFilter } | { ok: false; message: string } {
  const fieldId = field.id;
  switch (field.type) {
    case 'text':
    case 'link': {
      // A link filter takes any text (a search for an address), checked as a text value.
      const prefix = value.trimEnd().endsWith('*');
      const parsed = parseCustomValue(
        { ...field, type: 'text' },
        prefix ? value.trimEnd().slice(0, -1) : value,
      );
      if (!parsed.ok) return parsed;
      if (parsed.value === null) return { ok: false, message: CUSTOM_FILTER_MESSAGES.syntax };
      const text = parsed.value as string;
      return { ok: true, filter: { kind: prefix ? 'startsWith' : 'equals', fieldId, text } };
    }
    case 'choice':
    case 'multi_choice': {
      const parsed = parseCustomValue({ ...field, type: 'multi_choice' }, value, true);
      if (!parsed.ok) return parsed;
      if (parsed.value === null) return { ok: false, message: CUSTOM_FILTER_MESSAGES.syntax };
      return { ok: true, filter: { kind: 'anyOf', fieldId, choices: parsed.value as string[] } };
    }
    case 'number':
    case 'date': {
      const parts = value.includes('..') ? value.split('..') : [value, value];
      if (parts.length !== 2) return { ok: false, message: CUSTOM_FILTER_MESSAGES.range };
      const [minText, maxText] = parts.map((p) => p.trim()) as [string, string];
      if (!minText && !maxText) return { ok: false, message: CUSTOM_FILTER_MESSAGES.range };
      const ends: (string | number | null)[] = [];
      for (const text of [minText, maxText]) {
        if (!text) ends.push(null);
        else {
          const parsed = parseCustomValue(field, text, true);
          if (!parsed.ok) return parsed;
          ends.push(parsed.value as string | number);
        }
      }
      const [min, max] = ends;
      if (min !== null && max !== null && min! > max!)
        return { ok: false, message: CUSTOM_FILTER_MESSAGES.range };
      return field.type === 'number'
        ? {
            ok: true,
            filter: { kind: 'numberRange', fieldId, min: min as number | null, max: max as number | null },
          }
        : {
            ok: true,
            filter: { kind: 'dateRange', fieldId, min: min as string | null, max: max as string | null },
          };
    }
  }
}

/** A filter written back as the `cf` parameter's value (the web list's address). */
export function formatCustomFilter(filter: CustomFilter): string {
  switch (filter.kind) {
    case 'equals':
      return `${filter.fieldId}:${filter.text}`;
    case 'startsWith':
      return `${filter.fieldId}:${filter.text}*`;
    case 'anyOf':
      return `${filter.fieldId}:${filter.choices.join(',')}`;
    case 'numberRange':
    case 'dateRange':
      return `${filter.fieldId}:${filter.min === null ? '' : String(filter.min)}..${filter.max === null ? '' : String(filter.max)}`;
  }
}
