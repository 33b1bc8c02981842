import { z } from 'zod';
import { TRACKING_STATE_DESCRIPTION } from '../tracking/no-connection';
import { PARCEL_STATUSES } from '../tracking/express/parcel-event';
import { SHIPMENT_STATUSES } from '../tracking/ocean/derive-shipment';
import { longEnough, SEARCH_MAX_LENGTH, SEARCH_MESSAGES } from './search-query';

/* The top bar's search (GET /api/search): what it is asked and what it answers. */

/** GET /api/search?q=: the query, trimmed. */
export const searchQuerySchema = z.object({
  q: z
    .string({
      error: (issue) => (issue.input === undefined ? SEARCH_MESSAGES.tooShort : SEARCH_MESSAGES.notText),
    })
    .trim()
    .max(SEARCH_MAX_LENGTH, { message: SEARCH_MESSAGES.tooLong })
    .refine(longEnough, { message: SEARCH_MESSAGES.tooShort }),
});
export type SearchQuery = z.infer<typeof searchQuerySchema>;

/** What a result was found by, most telling first (a result found twice shows the first). */
export const SEARCH_FIELDS = [
  'containerNo',
  'mblNo',
  'trackingNo',
  'poNumber',
  'customerReference',
  'bookingNumber',
  'customField',
  'tag',
] as const;
export type SearchField = (typeof SEARCH_FIELDS)[number];

const FIELD_LABELS: Record<SearchField, string> = {
  containerNo: 'Container',
  mblNo: 'B/L',
  trackingNo: 'Tracking number',
  poNumber: 'PO',
  customerReference: 'Customer reference',
  bookingNumber: 'Booking',
  customField: 'Custom field',
  tag: 'Tag',
};

/** What a match's field is called: its label, or for a custom field the field's own name. */
export const searchFieldName = (field: SearchField, customFieldName?: string | null) =>
  (field === 'customField' ? customFieldName : null) ?? FIELD_LABELS[field];

/**
 * "Tag: urgent", "B/L: MEDU700000001", "Customer project: Alpha": what matched, as a result says it
 * (a custom field by its name).
 */
export const searchMatchLabel = (field: SearchField, value: string, customFieldName?: string | null) =>
  `${searchFieldName(field, customFieldName)}: ${value}`;

export const searchMatchSchema = z.object({
  field: z.enum(SEARCH_FIELDS),
  /** The value that matched, as stored (the tag's own spelling). */
  value: z.string(),
  /** The whole value equals the query (not only its beginning): exact matches come first. */
  exact: z.boolean(),
  /** What the field is called ("PO", "Tag", a custom field's name). */
  fieldName: z.string(),
  /** The custom field that matched (`field` customField), by id (GET /api/custom-fields). */
  customFieldId: z.string().optional(),
  label: z.string(),
});
export type SearchMatch = z.infer<typeof searchMatchSchema>;

const placeSchema = z.object({ id: z.string(), name: z.string() });

/** What every mode's search result has besides its `mode` and its own numbers. */
export const searchResultFields = {
  /** The shipment's id in its workspace (ocean shipmentOverallId, express expressOrderId). */
  shipmentId: z.string(),
  workspace: placeSchema,
  organization: placeSchema,
  /** Tracking state (TRACKING_STATE_DESCRIPTION). */
  state: z.string().meta({ description: TRACKING_STATE_DESCRIPTION }),
  archived: z.boolean(),
  tags: z.array(z.string()),
  createdAt: z.string(),
  match: searchMatchSchema,
};

export const oceanSearchResultSchema = z.object({
  mode: z.literal('ocean'),
  ...searchResultFields,
  containerNo: z.string(),
  mblNo: z.string(),
  carrierScac: z.string(),
  status: z.enum(SHIPMENT_STATUSES).nullable(),
});

export const expressSearchResultSchema = z.object({
  mode: z.literal('express'),
  ...searchResultFields,
  expressOrderId: z.string(),
  /** The carrier's tracking number. */
  expressOrderNo: z.string(),
  carrier: z.string(),
  status: z.enum(PARCEL_STATUSES).nullable(),
});

export const searchResultSchema = z.discriminatedUnion('mode', [
  oceanSearchResultSchema,
  expressSearchResultSchema,
]);
export type SearchResult = z.infer<typeof searchResultSchema>;
export type OceanSearchResult = z.infer<typeof oceanSearchResultSchema>;
export type ExpressSearchResult = z.infer<typeof expressSearchResultSchema>;

/**
 * The search's answer over the given modes' results (each a z.object of its `mode` literal, the
 * {@link searchResultFields} and its own numbers): {@link searchAnswerSchema} is it over the built-in
 * modes; a server builds its route's over every mode it registered.
 */
export const searchAnswerSchemaOf = <T extends readonly [z.ZodObject, ...z.ZodObject[]]>(results: T) =>
  z.object({
    /** Exact matches first, then active before archived, then the most recently added. */
    items: z.array(z.discriminatedUnion('mode', results)),
    /** More shipments matched than were sent: the user should type more. */
    truncated: z.boolean(),
  });

export const searchAnswerSchema = searchAnswerSchemaOf([oceanSearchResultSchema, expressSearchResultSchema]);
export type SearchAnswer = z.infer<typeof searchAnswerSchema>;
