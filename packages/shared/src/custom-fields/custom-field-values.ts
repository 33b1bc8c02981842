import { z } from 'zod';
import { hasControlCharacters } from '../validation/control-characters';
import {
  CUSTOM_LINK_MAX_LENGTH,
  CUSTOM_TEXT_MAX_LENGTH,
  MAX_CUSTOM_FIELDS_PER_WORKSPACE,
  type CustomField,
} from './custom-fields.schema';

/*
 * A shipment's values of its workspace's custom fields: keyed by field id, a text (text, date as an ISO
 * day, single choice, link), a number, or a list of choices (multiple choice). A field without a value
 * is absent: lists and the detail show it as missing, filters on a value never match it, and sorts put
 * it last.
 */

export const CUSTOM_VALUE_MESSAGES = {
  unknownField: 'That custom field is not in this workspace.',
  requiredCleared: 'This field is required: its value can be changed but not cleared.',
  text: `A text value is one line of at most ${String(CUSTOM_TEXT_MAX_LENGTH)} characters.`,
  number: 'A number value is a finite number.',
  date: 'A date value is a day written YYYY-MM-DD.',
  choice: 'The value must be one of the field’s choices.',
  choices: 'Send the chosen values as a list of the field’s choices.',
  link: `A link is an http or https address of at most ${String(CUSTOM_LINK_MAX_LENGTH)} characters.`,
  tooMany: `Send at most ${String(MAX_CUSTOM_FIELDS_PER_WORKSPACE)} fields at once.`,
} as const;

export const customFieldValueSchema = z.union([z.string(), z.number(), z.array(z.string())]);
export type CustomFieldValue = z.infer<typeof customFieldValueSchema>;

/** A shipment's values as every reader gets them: field id to value, fields without one absent. */
export const shipmentCustomFieldsSchema = z.record(z.string(), customFieldValueSchema);
export type ShipmentCustomFields = z.infer<typeof shipmentCustomFieldsSchema>;

/** The values as a field of every mode's shipment. Never in shared views unless the sharer chose. */
export const customFieldsFieldSchema = shipmentCustomFieldsSchema.optional().meta({
  description:
    'The workspace’s custom field values, keyed by field id (GET /api/v1/custom-fields); a field without a value is absent.',
});

/** A change of values: the fields sent change, null (or an empty text or list) clears one. */
export const updateCustomValuesRequestSchema = z.strictObject(
  {
    values: z
      .record(
        z.string().max(60),
        // Checked by the field's type once its definition is read (parseCustomValue).
        z.unknown().meta({
          description: 'A text, a number, a list of choices (multiple choice), or null to clear.',
        }),
      )
      .refine((values) => Object.keys(values).length <= MAX_CUSTOM_FIELDS_PER_WORKSPACE, {
        message: CUSTOM_VALUE_MESSAGES.tooMany,
      }),
  },
  { message: 'Send the change as { values: { fieldId: value } }.' },
);
export type UpdateCustomValues = z.output<typeof updateCustomValuesRequestSchema>;

/**
 * Values given with a shipment as it is added (a bulk import's columns, the intake API), keyed by
 * field id: each checked by its field's type as a change of values is, set on the shipment whether it
 * is new or already tracked; an empty one changes nothing. Checked per row: a bad value or another
 * workspace's field refuses that row alone.
 */
export const intakeCustomFieldsSchema = z
  .record(z.string().max(60), z.unknown(), { message: 'Send the custom fields as { fieldId: value }.' })
  .refine((values) => Object.keys(values).length <= MAX_CUSTOM_FIELDS_PER_WORKSPACE, {
    message: CUSTOM_VALUE_MESSAGES.tooMany,
  })
  .meta({
    description:
      'The workspace’s custom field values for the row, keyed by field id (GET /api/v1/custom-fields): set on the shipment whether it is new or already tracked; an empty value (null, "" or []) changes nothing. Texts (one line, at most 500 characters), numbers (or their text), dates as YYYY-MM-DD, links (http or https), a choice as one of the field’s choices (case ignored), a multiple choice as a list of them or one text separated by commas or semicolons. A bad value, or a field that is not the workspace’s, refuses that row with the reason; the other rows are added.',
    example: {
      '3f1c2b4a-5d6e-4f70-8a9b-0c1d2e3f4a5b': 'Urgent',
      '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d': 12,
    },
  });
export type IntakeCustomFields = z.output<typeof intakeCustomFieldsSchema>;

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether a text is a real calendar day written YYYY-MM-DD. */
export function isIsoDay(text: string): boolean {
  const m = ISO_DAY.exec(text);
  if (!m) return false;
  const date = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return date.toISOString().slice(0, 10) === text;
}

/** Whether a text is an http or https address. */
export function isWebLink(text: string): boolean {
  try {
    const url = new URL(text);
    return (url.protocol === 'http:' || url.protocol === 'https:') && !!url.hostname;
  } catch {
    return false;
  }
}

export type ParsedValue = { ok: true; value: CustomFieldValue | null } | { ok: false; message: string };

const fail = (message: string): ParsedValue => ({ ok: false, message });

/**
 * A value sent for `field`, checked by its type and normalised as stored (texts trimmed, a choice in
 * the field's own spelling, choices each once in the field's order); null when it clears the value.
 * `fromText` takes a number as its text too (a bulk import's cell).
 */
export function parseCustomValue(field: CustomField, raw: unknown, fromText = false): ParsedValue {
  if (raw === null || raw === undefined) return { ok: true, value: null };
  if (typeof raw === 'string' && field.type !== 'multi_choice') {
    const text = raw.trim();
    if (!text) return { ok: true, value: null };
    raw = text;
  }
  switch (field.type) {
    case 'text': {
      if (typeof raw !== 'string' || hasControlCharacters(raw) || [...raw].length > CUSTOM_TEXT_MAX_LENGTH)
        return fail(CUSTOM_VALUE_MESSAGES.text);
      return { ok: true, value: raw.replace(/ {2,}/g, ' ') };
    }
    case 'number': {
      const n = typeof raw === 'number' ? raw : fromText && typeof raw === 'string' ? Number(raw) : NaN;
      if (!Number.isFinite(n)) return fail(CUSTOM_VALUE_MESSAGES.number);
      return { ok: true, value: n };
    }
    case 'date':
      if (typeof raw !== 'string' || !isIsoDay(raw)) return fail(CUSTOM_VALUE_MESSAGES.date);
      return { ok: true, value: raw };
    case 'link':
      if (typeof raw !== 'string' || raw.length > CUSTOM_LINK_MAX_LENGTH || !isWebLink(raw))
        return fail(CUSTOM_VALUE_MESSAGES.link);
      return { ok: true, value: raw };
    case 'choice': {
      const found = typeof raw === 'string' ? choiceOf(field, raw) : undefined;
      if (found === undefined) return fail(CUSTOM_VALUE_MESSAGES.choice);
      return { ok: true, value: found };
    }
    case 'multi_choice': {
      const list = fromText && typeof raw === 'string' ? raw.split(/[,;]/) : raw;
      if (!Array.isArray(list) || !list.every((c) => typeof c === 'string'))
        return fail(CUSTOM_VALUE_MESSAGES.choices);
      const wanted = list.map((c) => c.trim()).filter(Boolean);
      const chosen = new Set<string>();
      for (const c of wanted) {
        const found = choiceOf(field, c);
        if (found === undefined) return fail(CUSTOM_VALUE_MESSAGES.choice);
        chosen.add(found);
      }
      if (!chosen.size) return { ok: true, value: null };
      return { ok: true, value: field.choices.filter((c) => chosen.has(c)) };
    }
  }
}

const choiceOf = (field: CustomField, text: string) =>
  field.choices.find((c) => c.toLowerCase() === text.trim().toLowerCase());
