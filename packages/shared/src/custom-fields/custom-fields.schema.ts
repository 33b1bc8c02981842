import { z } from 'zod';
import { hasControlCharacters } from '../validation/control-characters';
import { normaliseReference } from '../references/normalise-reference';

/*
 * A workspace's custom fields: fields its admins define (a name, a type, the choices of a choice type,
 * whether a value is required) and whose values every shipment of any mode of the workspace carries.
 * Like references they belong to the workspace's shipment, never to the tracked item.
 */

export const MAX_CUSTOM_FIELDS_PER_WORKSPACE = 50;
export const CUSTOM_FIELD_NAME_MAX_LENGTH = 60;
export const MAX_CUSTOM_FIELD_CHOICES = 50;
export const CUSTOM_FIELD_CHOICE_MAX_LENGTH = 60;
export const CUSTOM_TEXT_MAX_LENGTH = 500;
export const CUSTOM_LINK_MAX_LENGTH = 2048;

export const CUSTOM_FIELD_TYPES = ['text', 'number', 'date', 'choice', 'multi_choice', 'link'] as const;
export type CustomFieldType = (typeof CUSTOM_FIELD_TYPES)[number];

export const CUSTOM_FIELD_TYPE_LABELS: Record<CustomFieldType, string> = {
  text: 'Text',
  number: 'Number',
  date: 'Date',
  choice: 'Single choice',
  multi_choice: 'Multiple choice',
  link: 'Link',
};

/** Whether a type's values are chosen from the field's list of choices. */
export const hasChoices = (type: CustomFieldType): boolean => type === 'choice' || type === 'multi_choice';

export const CUSTOM_FIELD_MESSAGES = {
  nameEmpty: 'A field name cannot be empty.',
  nameTooLong: `A field name has at most ${String(CUSTOM_FIELD_NAME_MAX_LENGTH)} characters.`,
  nameControl: 'A field name cannot contain control characters such as a line break or a tab.',
  nameTaken: 'The workspace already has a field of that name.',
  tooManyFields: `A workspace has at most ${String(MAX_CUSTOM_FIELDS_PER_WORKSPACE)} custom fields.`,
  choiceEmpty: 'A choice cannot be empty.',
  choiceTooLong: `A choice has at most ${String(CUSTOM_FIELD_CHOICE_MAX_LENGTH)} characters.`,
  choiceControl: 'A choice cannot contain control characters such as a line break or a tab.',
  tooManyChoices: `A field has at most ${String(MAX_CUSTOM_FIELD_CHOICES)} choices.`,
  choicesNeeded: 'A choice field needs at least one choice.',
  choicesNotAllowed: 'Only single and multiple choice fields have choices.',
  choicesRepeated: 'Each choice can be given once (case is ignored).',
  unknownType: 'The type is one of text, number, date, choice, multi_choice or link.',
  notFound: 'That custom field is not in this workspace.',
  orderIncomplete: 'Send every field of the workspace once, in the new order.',
} as const;

const singleLine = (max: number, tooLong: string, control: string, empty: string) =>
  z
    .string({ message: 'Send the value as a text.' })
    .max(max * 4, { message: tooLong })
    .refine((s) => !hasControlCharacters(s), { message: control })
    .transform(normaliseReference)
    .refine((s) => [...s].length <= max, { message: tooLong })
    .refine((s) => s.length > 0, { message: empty });

export const customFieldNameSchema = singleLine(
  CUSTOM_FIELD_NAME_MAX_LENGTH,
  CUSTOM_FIELD_MESSAGES.nameTooLong,
  CUSTOM_FIELD_MESSAGES.nameControl,
  CUSTOM_FIELD_MESSAGES.nameEmpty,
);

const choiceSchema = singleLine(
  CUSTOM_FIELD_CHOICE_MAX_LENGTH,
  CUSTOM_FIELD_MESSAGES.choiceTooLong,
  CUSTOM_FIELD_MESSAGES.choiceControl,
  CUSTOM_FIELD_MESSAGES.choiceEmpty,
);

/** A field's choices in the order given, each once but for case. */
export const customFieldChoicesSchema = z
  .array(choiceSchema, { message: 'Send the choices as a list of texts.' })
  .max(MAX_CUSTOM_FIELD_CHOICES * 4, { message: CUSTOM_FIELD_MESSAGES.tooManyChoices })
  .refine((choices) => choices.length <= MAX_CUSTOM_FIELD_CHOICES, {
    message: CUSTOM_FIELD_MESSAGES.tooManyChoices,
  })
  .refine((choices) => new Set(choices.map((c) => c.toLowerCase())).size === choices.length, {
    message: CUSTOM_FIELD_MESSAGES.choicesRepeated,
  });

export const customFieldTypeSchema = z.enum(CUSTOM_FIELD_TYPES, {
  message: CUSTOM_FIELD_MESSAGES.unknownType,
});

export const customFieldSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: customFieldTypeSchema,
  /** The choices of a choice type, in the order shown; empty for other types. */
  choices: z.array(z.string()),
  /** A shipment's value cannot be cleared once set; shipments without one show it as missing. */
  required: z.boolean(),
  /** Where the field shows among the workspace's fields (0 first). */
  position: z.number().int(),
});
export type CustomField = z.infer<typeof customFieldSchema>;

export const customFieldsResultSchema = z.object({ fields: z.array(customFieldSchema) });

/** A new field: its type is fixed once made (its values are stored by type). */
export const createCustomFieldRequestSchema = z
  .strictObject(
    {
      name: customFieldNameSchema,
      type: customFieldTypeSchema,
      choices: customFieldChoicesSchema.optional(),
      required: z.boolean({ message: 'Send required as true or false.' }).optional(),
    },
    { message: 'Send the field as an object of name, type, choices and required.' },
  )
  .superRefine((field, ctx) => {
    const choices = field.choices ?? [];
    if (hasChoices(field.type) && !choices.length)
      ctx.addIssue({ code: 'custom', path: ['choices'], message: CUSTOM_FIELD_MESSAGES.choicesNeeded });
    if (!hasChoices(field.type) && choices.length)
      ctx.addIssue({ code: 'custom', path: ['choices'], message: CUSTOM_FIELD_MESSAGES.choicesNotAllowed });
  });
export type CreateCustomField = z.output<typeof createCustomFieldRequestSchema>;

/**
 * A change of a field: the name, whether it is required, and for choice types the choices (a choice
 * left out is removed from the shipments that had it).
 */
export const updateCustomFieldRequestSchema = z.strictObject(
  {
    name: customFieldNameSchema.optional(),
    choices: customFieldChoicesSchema.optional(),
    required: z.boolean({ message: 'Send required as true or false.' }).optional(),
  },
  { message: 'Send the change as an object of name, choices and required.' },
);
export type UpdateCustomField = z.output<typeof updateCustomFieldRequestSchema>;

/** The workspace's fields in their new order: every field id once. */
export const reorderCustomFieldsRequestSchema = z.strictObject(
  {
    ids: z
      .array(z.string().max(60), { message: 'Send the field ids as a list.' })
      .max(MAX_CUSTOM_FIELDS_PER_WORKSPACE, { message: CUSTOM_FIELD_MESSAGES.orderIncomplete }),
  },
  { message: 'Send the new order as { ids }.' },
);
