import { z } from 'zod';
import { hasControlCharacters } from '../validation/control-characters';
import { normaliseReference } from './normalise-reference';

/*
 * A shipment's references (issue 38): the workspace's own numbers for it (booking number, customer
 * reference, purchase orders) and its parties, chosen from the workspace's own list of companies. Like
 * tags they belong to the workspace's shipment, never to the tracked item other workspaces follow.
 */

export const COMPANY_NAME_MAX_LENGTH = 100;
export const MAX_COMPANIES_PER_WORKSPACE = 500;
export const REFERENCE_MAX_LENGTH = 60;
export const MAX_PO_NUMBERS = 20;

/** The parties a shipment names, in the order forms show them. */
export const PARTY_ROLES = ['shipper', 'consignee', 'customer', 'forwarder'] as const;
export type PartyRole = (typeof PARTY_ROLES)[number];

export const PARTY_LABELS: Record<PartyRole, string> = {
  shipper: 'Shipper',
  consignee: 'Consignee',
  customer: 'Customer',
  forwarder: 'Forwarder',
};

export const REFERENCE_MESSAGES = {
  companyEmpty: 'A company name cannot be empty.',
  companyTooLong: `A company name has at most ${String(COMPANY_NAME_MAX_LENGTH)} characters.`,
  companyControl: 'A company name cannot contain control characters such as a line break or a tab.',
  companyTaken: 'The workspace already has a company of that name.',
  tooManyCompanies: `A workspace has at most ${String(MAX_COMPANIES_PER_WORKSPACE)} companies.`,
  companyUnknown: 'That company is not in this workspace’s list.',
  referenceTooLong: `A reference has at most ${String(REFERENCE_MAX_LENGTH)} characters.`,
  referenceControl: 'A reference cannot contain control characters such as a line break or a tab.',
  poEmpty: 'A PO number cannot be empty.',
  tooManyPos: `A shipment has at most ${String(MAX_PO_NUMBERS)} PO numbers.`,
} as const;

export { normaliseReference };

const singleLine = (max: number, tooLong: string, control: string) =>
  z
    .string({ message: 'Send the value as a text.' })
    .max(max * 4, { message: tooLong })
    .refine((s) => !hasControlCharacters(s), { message: control })
    .transform(normaliseReference)
    .refine((s) => [...s].length <= max, { message: tooLong });

export const companyNameSchema = singleLine(
  COMPANY_NAME_MAX_LENGTH,
  REFERENCE_MESSAGES.companyTooLong,
  REFERENCE_MESSAGES.companyControl,
).refine((s) => s.length > 0, { message: REFERENCE_MESSAGES.companyEmpty });

/** One reference, or null (an empty text clears it). */
const referenceSchema = singleLine(
  REFERENCE_MAX_LENGTH,
  REFERENCE_MESSAGES.referenceTooLong,
  REFERENCE_MESSAGES.referenceControl,
)
  .nullable()
  .transform((s) => (s ? s : null));

/** A PO number as stored: upper case, so that "po-1" finds "PO-1". */
const poNumberSchema = singleLine(
  REFERENCE_MAX_LENGTH,
  REFERENCE_MESSAGES.referenceTooLong,
  REFERENCE_MESSAGES.referenceControl,
)
  .refine((s) => s.length > 0, { message: REFERENCE_MESSAGES.poEmpty })
  .transform((s) => s.toUpperCase());

/** A shipment's PO numbers, each once. */
const poNumbersSchema = z
  .array(poNumberSchema, { message: 'Send the PO numbers as a list.' })
  .transform((pos) => [...new Set(pos)])
  .refine((pos) => pos.length <= MAX_PO_NUMBERS, { message: REFERENCE_MESSAGES.tooManyPos });

const companyIdSchema = z.uuid({ message: REFERENCE_MESSAGES.companyUnknown }).nullable();

export const companySchema = z.object({ id: z.string(), name: z.string() });

/** A list's company filter: the shipments naming the company (its id) as any party. */
export const companyFilterSchema = z.string().max(40).optional().meta({
  description:
    'Only shipments naming this company (its id, GET /api/companies) as shipper, consignee, customer or forwarder.',
});
export type Company = z.infer<typeof companySchema>;

export const companyRequestSchema = z.object({ name: companyNameSchema });

export const companiesResultSchema = z.object({ companies: z.array(companySchema) });

/** A party as answered: the company, or null. */
const partySchema = companySchema.nullable();

/** A shipment's references as every reader gets them (detail, public API, webhooks, export). */
export const shipmentReferencesSchema = z.object({
  bookingNumber: z.string().nullable(),
  customerReference: z.string().nullable(),
  poNumbers: z.array(z.string()),
  shipper: partySchema,
  consignee: partySchema,
  customer: partySchema,
  forwarder: partySchema,
});
export type ShipmentReferences = z.infer<typeof shipmentReferencesSchema>;

/**
 * The references as a field of every mode's shipment (lists, detail, public API, webhooks). Absent
 * from shared views, which never carry the workspace's own data, and from older servers' answers.
 */
export const referencesFieldSchema = shipmentReferencesSchema.optional().meta({
  description:
    'The workspace’s own references: booking number, customer reference, PO numbers and parties. Never in shared views.',
});

/**
 * A change of a shipment's references: only the fields sent change; a null or empty text clears one.
 * Parties are given by company id.
 */
export const updateReferencesRequestSchema = z.strictObject(
  {
    bookingNumber: referenceSchema.optional(),
    customerReference: referenceSchema.optional(),
    poNumbers: poNumbersSchema.optional(),
    shipperId: companyIdSchema.optional(),
    consigneeId: companyIdSchema.optional(),
    customerId: companyIdSchema.optional(),
    forwarderId: companyIdSchema.optional(),
  },
  { message: 'Send the references as an object of known fields.' },
);
export type UpdateReferencesRequest = z.input<typeof updateReferencesRequestSchema>;
export type UpdateReferences = z.output<typeof updateReferencesRequestSchema>;

/**
 * References given with shipments as they are added (a bulk import's columns, the public API's
 * intake): the fields given are set on the shipment, new or already followed, and the others kept (an
 * empty one changes nothing). Parties are company names, matched without case in the workspace's list
 * and added to it when new.
 */
export const intakeReferencesSchema = z
  .strictObject(
    {
      bookingNumber: referenceSchema.optional(),
      customerReference: referenceSchema.optional(),
      poNumbers: poNumbersSchema.optional(),
      shipper: companyNameSchema.optional(),
      consignee: companyNameSchema.optional(),
      customer: companyNameSchema.optional(),
      forwarder: companyNameSchema.optional(),
    },
    { message: 'Send the references as an object of known fields.' },
  )
  .meta({
    description:
      'The workspace’s own references for the row: set on the shipment whether it is new or already tracked; parties by company name (added to the workspace’s companies when new).',
  });
export type IntakeReferences = z.output<typeof intakeReferencesSchema>;
