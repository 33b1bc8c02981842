import { listSortSchema, LIST_CURSOR_MAX_LENGTH, type ColumnSort } from '../column-sorts';
import { customFieldsFieldSchema, intakeCustomFieldsSchema } from '../../custom-fields/custom-field-values';
import { z } from 'zod';
import { TRACKING_STATE_DESCRIPTION } from '../no-connection';
import { EXPRESS_ATTENTION_RULES } from '../../dashboard/dashboard.schema';
import { PARCEL_STATUSES } from './parcel-event';
import { favoriteFieldSchema, favoriteFilterSchema } from '../../favorites/favorites.schema';
import { customFieldFilterParamSchema } from '../../custom-fields/custom-field-filters';
import {
  companyFilterSchema,
  intakeReferencesSchema,
  referencesFieldSchema,
} from '../../references/references.schema';

export const EXPRESS_INTAKE_MAX_ITEMS = 500;
export const EXPRESS_LIST_MAX_LIMIT = 200;

/** spec §3 Express list tabs. */
export const EXPRESS_LIST_TABS = ['active', 'notFound', 'archived'] as const;
export type ExpressListTab = (typeof EXPRESS_LIST_TABS)[number];

export const expressIntakeItemSchema = z.object({
  trackingNo: z.string().max(60, { message: 'Tracking number is too long' }),
  /** Our carrier code (PARCEL_CARRIERS); optional when the number's format names the carrier. */
  carrier: z.string().max(40).optional(),
  references: intakeReferencesSchema.optional(),
  customFields: intakeCustomFieldsSchema.optional(),
});
export type ExpressIntakeItem = z.infer<typeof expressIntakeItemSchema>;

export const expressIntakeRequestSchema = z.strictObject({
  items: z
    .array(expressIntakeItemSchema)
    .min(1, { message: 'Add at least one shipment' })
    .max(EXPRESS_INTAKE_MAX_ITEMS, {
      message: `At most ${String(EXPRESS_INTAKE_MAX_ITEMS)} shipments at a time`,
    }),
});

export const expressIntakeOutcomeSchema = z.object({
  trackingNo: z.string(),
  carrier: z.string().nullable(),
  outcome: z.enum(['created', 'already_tracked', 'refused']),
  /** Why it was refused, or a note (e.g. "archived": it is in the archived list). */
  message: z.string().nullable(),
  expressOrderId: z.string().nullable(),
});
export type ExpressIntakeOutcome = z.infer<typeof expressIntakeOutcomeSchema>;

export const parcelPlaceSchema = z.object({
  name: z.string().nullable(),
  city: z.string().nullable(),
  countryCode: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
});

/** One row of expressTrackingDocumentList (spec §3). */
export const expressShipmentSchema = z.object({
  /** Ours: the subscription's id. */
  expressOrderId: z.string(),
  /** The carrier's tracking number. */
  expressOrderNo: z.string(),
  carrier: z.string(),
  carrierName: z.string().nullable(),
  service: z.string().nullable(),
  /** Tracking state (TRACKING_STATE_DESCRIPTION). */
  state: z.string().meta({ description: TRACKING_STATE_DESCRIPTION }),
  status: z.enum(PARCEL_STATUSES).nullable(),
  subStatus: z.string().nullable(),
  statusText: z.string().nullable(),
  origin: parcelPlaceSchema.nullable(),
  destination: parcelPlaceSchema.nullable(),
  lastLocation: parcelPlaceSchema.nullable(),
  lastEventAt: z.string().nullable(),
  estimatedDelivery: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  favorite: favoriteFieldSchema,
  archived: z.boolean(),
  /** The workspace's own tags on this parcel (never shown to those it is shared with). */
  tags: z.array(z.string()),
  references: referencesFieldSchema,
  customFields: customFieldsFieldSchema,
  createdAt: z.string(),
  lastCheckedAt: z.string().nullable(),
  /** Where the data comes from: "demo" data is labelled as such in the UI. */
  source: z.string().nullable(),
});
export type ExpressShipment = z.infer<typeof expressShipmentSchema>;

export const EXPRESS_SORTS = [
  'created_desc',
  'delivery_asc',
  'delivery_desc',
  'updated_desc',
  'tracking_asc',
] as const;
/** A named sort, or a custom field's or a reference's column (column-sorts.ts). */
export type ExpressSort = (typeof EXPRESS_SORTS)[number] | ColumnSort;

export const expressListQuerySchema = z.strictObject({
  status: z.enum(EXPRESS_LIST_TABS).default('active'),
  limit: z.coerce.number().int().min(1).max(EXPRESS_LIST_MAX_LIMIT).default(50),
  cursor: z.string().max(LIST_CURSOR_MAX_LENGTH).optional(),
  sort: listSortSchema(EXPRESS_SORTS, 'created_desc'),
  search: z.string().max(60).optional(),
  carrier: z.string().max(40).optional(),
  parcelStatus: z.enum(PARCEL_STATUSES).optional(),
  /** Only parcels carrying this tag (exactly as the workspace spells it). */
  tag: z.string().max(60).optional(),
  company: companyFilterSchema,
  cf: customFieldFilterParamSchema,
  favorite: favoriteFilterSchema,
  /** Exactly the shipments a dashboard attention card counts. */
  attention: z.enum(EXPRESS_ATTENTION_RULES).optional(),
});
export type ExpressListQuery = z.infer<typeof expressListQuerySchema>;

/**
 * A list row: the parcel, and the dashboard's attention rule it falls under, the most urgent one
 * (EXPRESS_ATTENTION_RULES' order) when several apply, as the cards and the `attention` filter define
 * it. Null for an archived parcel.
 */
export const expressListItemSchema = expressShipmentSchema.extend({
  attention: z.enum(EXPRESS_ATTENTION_RULES).nullable().meta({
    description:
      'The most urgent dashboard attention rule this parcel falls under (rules in the order the dashboard lists them), or null.',
  }),
});
export type ExpressListItem = z.infer<typeof expressListItemSchema>;

export const expressListResultSchema = z.object({
  expressTrackingDocumentList: z.array(expressListItemSchema),
  nextCursor: z.string().nullable(),
  activeCount: z.number().int(),
  archivedCount: z.number().int(),
  notFoundCount: z.number().int(),
});
export type ExpressListResult = z.infer<typeof expressListResultSchema>;

const expressOrderIdsSchema = z
  .array(z.uuid({ message: 'Shipment not found' }))
  .min(1)
  .max(EXPRESS_INTAKE_MAX_ITEMS);

export const expressArchiveRequestSchema = z.strictObject({
  expressOrderIds: expressOrderIdsSchema,
  archived: z.boolean(),
});

export const expressFavoriteRequestSchema = z.strictObject({
  expressOrderIds: expressOrderIdsSchema,
  favorite: z.boolean(),
});

export const parcelEventSchema = z.object({
  classifier: z.enum(['ACT', 'EST']),
  status: z.enum(PARCEL_STATUSES).nullable(),
  subStatus: z.string().nullable(),
  carrierCode: z.string().nullable(),
  description: z.string(),
  exceptionReason: z.string().nullable(),
  location: parcelPlaceSchema.nullable(),
  eventTime: z.string(),
  eventCreatedAt: z.string(),
  receivedAt: z.string(),
  source: z.string(),
});

export const expressShipmentDetailSchema = expressShipmentSchema.extend({
  exceptionReason: z.string().nullable(),
  pickedUpAt: z.string().nullable(),
  signedBy: z.string().nullable(),
  failedAttempts: z.number().int(),
  estimatedDeliveryHistory: z.array(z.object({ estimatedDelivery: z.string(), recordedAt: z.string() })),
  /** Newest first. */
  events: z.array(parcelEventSchema),
  lastError: z.string().nullable(),
  nextCheckAt: z.string().nullable(),
});
export type ExpressShipmentDetail = z.infer<typeof expressShipmentDetailSchema>;

export const expressOptionsSchema = z.object({
  carriers: z.array(z.object({ code: z.string(), name: z.string() })),
  /** The tags the workspace's parcels carry, alphabetically (filters and autocomplete). */
  tags: z.array(z.string()),
});
