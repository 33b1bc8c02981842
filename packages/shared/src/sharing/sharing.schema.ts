import { z } from 'zod';
import { emailSchema } from '../auth/auth.schema';
import { expressShipmentDetailSchema } from '../tracking/express/express-shipments.schema';
import { oceanTrackingDetailSchema } from '../tracking/ocean/ocean-shipments.schema';
import { mapPathSchema, mapPlaceSchema } from '../tracking/shipment-map.schema';
import { customFieldValueSchema } from '../custom-fields/custom-field-values';
import { CUSTOM_FIELD_TYPES } from '../custom-fields/custom-fields.schema';
import { PARTY_ROLES } from '../references/references.schema';
import {
  TRACKING_MODES,
  trackingModeSchema,
  type ModeNames,
  type TrackingMode,
} from '../tracking/tracking-modes';

/** At most this many people and shipments in one share (a share is people × shipments rows). */
export const SHARE_MAX_RECIPIENTS = 20;
export const SHARE_MAX_SHIPMENTS = 50;
/**
 * Sharing sends e-mail to addresses the sharer types, so it is bounded like any outbound mail: per
 * sharer, every address of every share counts (a full share of 20 addresses counts 20); per address,
 * every share that names it counts, whoever sends it. Both in one-hour windows counted in PostgreSQL.
 */
export const SHARE_RECIPIENTS_PER_USER_PER_HOUR = 100;
export const SHARES_PER_RECIPIENT_PER_HOUR = 10;
export const SHARE_LIMIT_WINDOW_SECONDS = 3600;
/** At most one share e-mail names a shipment to an address in this time, however often it is re-shared. */
export const SHARE_EMAIL_INTERVAL_HOURS = 24;
/** Public links expire after at most a year; none: until revoked. */
export const SHARE_LINK_MAX_DAYS = 365;
/** Tracking and shared history pages. */
export const HISTORY_PAGE_SIZE = 20;

const plural = (n: number, one: string, many: string) => `${String(n)} ${n === 1 ? one : many}`;
const minutes = (seconds: number) => plural(Math.max(1, Math.ceil(seconds / 60)), 'minute', 'minutes');

export const SHARING_MESSAGES = {
  yourself: 'You cannot share a shipment with yourself.',
  noShipments: 'Choose at least one shipment to share.',
  noRecipients: 'Add at least one e-mail address.',
  tooManyRecipients: `Share with at most ${String(SHARE_MAX_RECIPIENTS)} people at a time.`,
  tooManyShipments: `Share at most ${String(SHARE_MAX_SHIPMENTS)} shipments at a time.`,
  shipmentNotFound: 'A shipment you chose is not tracked in this workspace.',
  shareNotFound: 'This shared shipment does not exist or is no longer shared with you.',
  linkNotFound: 'This share link does not exist.',
  linkExpired: 'This share link has expired or was revoked.',
  /** After a share: how many addresses it went to, the same whether or not they have accounts. */
  sharedWith: (recipients: number) => `Shared with ${plural(recipients, 'recipient', 'recipients')}`,
  tooManyRecipientsThisHour: (retryAfterSeconds: number) =>
    `You can share with at most ${String(SHARE_RECIPIENTS_PER_USER_PER_HOUR)} people an hour. Try again in ${minutes(retryAfterSeconds)}.`,
  tooManySharesToAddress: (email: string, retryAfterSeconds: number) =>
    `${email} has been sent too many shares in the last hour. Try again in ${minutes(retryAfterSeconds)}.`,
} as const;

/**
 * spec §3 Shared/invited shipment selection: containerNo + mblNo (ocean), trackingNo + expressOrderId
 * (express). Each names a shipment of the sharer's workspace.
 */
export const oceanSelectionSchema = z.strictObject({
  containerNo: z.string().trim().min(1).max(20),
  mblNo: z.string().trim().min(1).max(40),
});
export const expressSelectionSchema = z.strictObject({
  trackingNo: z.string().trim().min(1).max(60),
  expressOrderId: z.uuid({ message: 'The parcel is not valid' }),
});

const shipmentsOf = <T extends z.ZodType>(item: T) =>
  z
    .array(item)
    .min(1, { message: SHARING_MESSAGES.noShipments })
    .max(SHARE_MAX_SHIPMENTS, { message: SHARING_MESSAGES.tooManyShipments });

/** A share request of one mode: its shipments as the mode's selection names them, and the addresses. */
const shareRequestOf = <M extends string, S extends z.ZodObject>(mode: M, selection: S) =>
  z.strictObject({
    shipmentType: z.literal(mode),
    shipments: shipmentsOf(selection),
    emails: z
      .array(emailSchema)
      .min(1, { message: SHARING_MESSAGES.noRecipients })
      .max(SHARE_MAX_RECIPIENTS, { message: SHARING_MESSAGES.tooManyRecipients }),
  });

export const createSharesRequestSchema = z.discriminatedUnion('shipmentType', [
  shareRequestOf('ocean', oceanSelectionSchema),
  shareRequestOf('express', expressSelectionSchema),
]);
export type CreateSharesRequest = z.infer<typeof createSharesRequestSchema>;
/**
 * How many addresses the shipments are shared with. Nothing in it depends on whether an address has an
 * account: sharing must not tell anyone who is registered (registration does not either).
 */
export const createSharesResultSchema = z.strictObject({
  recipients: z.number().int(),
});
export type CreateSharesResult = z.infer<typeof createSharesResultSchema>;

/** pending: the recipient has not opened the shared shipment yet; opened: they have. */
export const SENT_SHARE_STATES = ['pending', 'opened'] as const;
export type SentShareState = (typeof SENT_SHARE_STATES)[number];

/**
 * One address a shipment is shared with, as the sharer's workspace sees it: the address as typed
 * (lower-cased) and whether it was opened; never the name of an account behind it.
 */
export const sentShareSchema = z.strictObject({
  id: z.string(),
  email: z.string(),
  state: z.enum(SENT_SHARE_STATES),
  sharedBy: z.string(),
  sharedAt: z.string(),
});
export type SentShare = z.infer<typeof sentShareSchema>;
const sentSharesQuerySchemaOf = (modes: ModeNames) =>
  z.strictObject({
    shipmentType: trackingModeSchema(modes),
    shipmentId: z.uuid({ message: 'The shipment is not valid' }),
  });
export const sentSharesQuerySchema = sentSharesQuerySchemaOf(TRACKING_MODES);

/**
 * spec §3 Invite notification: overallId (the share), shipmentType, name (who shared), number
 * (container or tracking number), sharedAt; plus the notification's id and read flag.
 */
const inviteNotificationSchemaOf = (modes: ModeNames) =>
  z.object({
    id: z.string(),
    overallId: z.string(),
    shipmentType: trackingModeSchema(modes),
    name: z.string(),
    number: z.string(),
    sharedAt: z.string(),
    isRead: z.boolean(),
  });
export const inviteNotificationSchema = inviteNotificationSchemaOf(TRACKING_MODES);
export type InviteNotification = z.infer<typeof inviteNotificationSchema>;
const inviteNotificationListSchemaOf = (modes: ModeNames) =>
  z.object({
    notifications: z.array(inviteNotificationSchemaOf(modes)),
    unreadNumber: z.number().int(),
  });
export const inviteNotificationListSchema = inviteNotificationListSchemaOf(TRACKING_MODES);
export type InviteNotificationList = z.infer<typeof inviteNotificationListSchema>;

const search = z.string().trim().max(100).optional();
const pageNo = z.coerce.number().int().min(1).max(100_000).default(1);

export const historyQuerySchema = z.strictObject({ search, pageNo });
export type HistoryQuery = z.input<typeof historyQuerySchema>;
export const historyTypeParamsSchema = z.strictObject({ type: z.enum(['ocean', 'ground']) });

/** spec §3 shipment history overall list: one shipment shared with me. */
const sharedHistoryRowSchemaOf = (modes: ModeNames) =>
  z.object({
    overallId: z.string(),
    shipmentType: trackingModeSchema(modes),
    number: z.string(),
    /** Bill of lading (ocean) or carrier code (express). */
    reference: z.string(),
    carrierName: z.string().nullable(),
    status: z.string().nullable(),
    /** ETA (ocean) or estimated delivery (express), actual when known. */
    arrival: z.string().nullable(),
    /** The arrival is the actual one (else an estimate, shown "EST: …"). */
    arrivalActual: z.boolean(),
    sharedBy: z.string(),
    sharedAt: z.string(),
  });
export const sharedHistoryRowSchema = sharedHistoryRowSchemaOf(TRACKING_MODES);
export type SharedHistoryRow = z.infer<typeof sharedHistoryRowSchema>;

/** The tracking history: every shipment the workspace ever added, archived included. */
export const trackingHistoryRowSchema = z.object({
  shipmentId: z.string(),
  number: z.string(),
  reference: z.string(),
  carrierName: z.string().nullable(),
  status: z.string().nullable(),
  archived: z.boolean(),
  addedBy: z.string().nullable(),
  addedAt: z.string(),
});
export type TrackingHistoryRow = z.infer<typeof trackingHistoryRowSchema>;

export const historyPageSchema = <T extends z.ZodType>(row: T) =>
  z.object({
    rows: z.array(row),
    total: z.number().int(),
    pageNo: z.number().int(),
    pageSize: z.number().int(),
  });
export const sharedHistoryPageSchema = historyPageSchema(sharedHistoryRowSchema);
export type SharedHistoryPage = z.infer<typeof sharedHistoryPageSchema>;
export const trackingHistoryPageSchema = historyPageSchema(trackingHistoryRowSchema);
export type TrackingHistoryPage = z.infer<typeof trackingHistoryPageSchema>;

export const retrackRequestSchema = z.strictObject({
  shipmentIds: z
    .array(z.uuid({ message: 'The shipment is not valid' }))
    .min(1)
    .max(SHARE_MAX_SHIPMENTS),
});
export const retrackResultSchema = z.object({
  retracked: z.number().int(),
  alreadyActive: z.number().int(),
  message: z.string(),
});

/** Who shared a shipment with me, and when: the shared detail page's heading. */
const shareInfoSchemaOf = (modes: ModeNames) =>
  z.object({
    overallId: z.string(),
    shipmentType: trackingModeSchema(modes),
    sharedBy: z.string(),
    sharedAt: z.string(),
  });
export const shareInfoSchema = shareInfoSchemaOf(TRACKING_MODES);
export type ShareInfo = z.infer<typeof shareInfoSchema>;

/**
 * A shipment shared with me: its live tracking, read-only, and no money (the sharer's demurrage and
 * detention are theirs): the ocean detail is {@link oceanTrackingDetailSchema}, without `freeTime`.
 */
export const sharedShipmentSchema = z.object({
  share: shareInfoSchema,
  ocean: oceanTrackingDetailSchema.nullable(),
  express: expressShipmentDetailSchema.nullable(),
});
export type SharedShipment = z.infer<typeof sharedShipmentSchema>;

const createShareLinkRequestSchemaOf = (modes: ModeNames) =>
  z.strictObject({
    shipmentType: trackingModeSchema(modes),
    shipmentIds: z
      .array(z.uuid({ message: 'The shipment is not valid' }))
      .min(1, { message: SHARING_MESSAGES.noShipments })
      .max(SHARE_MAX_SHIPMENTS, { message: SHARING_MESSAGES.tooManyShipments }),
    /** Days until the link stops working; omitted: until revoked. */
    expiresInDays: z.number().int().min(1).max(SHARE_LINK_MAX_DAYS).optional(),
    /**
     * Show the workspace's references (booking, customer reference, PO numbers, parties) and custom
     * field values on the public page; omitted or false: neither ever leaves.
     */
    includeReferences: z.boolean({ message: 'Send includeReferences as true or false.' }).optional(),
  });
export const createShareLinkRequestSchema = createShareLinkRequestSchemaOf(TRACKING_MODES);
export type CreateShareLinkRequest = z.infer<typeof createShareLinkRequestSchema>;

const shareLinkSchemaOf = (modes: ModeNames) =>
  z.object({
    id: z.string(),
    shipmentType: trackingModeSchema(modes),
    numbers: z.array(z.string()),
    createdBy: z.string().nullable(),
    createdAt: z.string(),
    expiresAt: z.string().nullable(),
    revokedAt: z.string().nullable(),
    /** Whether it opens now: live, or expired (past its date) or revoked. */
    state: z.enum(['live', 'expired', 'revoked']),
    /** Its public page shows the references and custom field values (the sharer chose so). */
    includeReferences: z.boolean(),
  });
export const shareLinkSchema = shareLinkSchemaOf(TRACKING_MODES);
export type ShareLink = z.infer<typeof shareLinkSchema>;
/** The token is shown once, at creation: only its hash is stored. */
export const createdShareLinkSchema = shareLinkSchema.extend({ token: z.string(), url: z.string() });
export type CreatedShareLink = z.infer<typeof createdShareLinkSchema>;
const shareLinksQuerySchemaOf = (modes: ModeNames) =>
  z.strictObject({
    shipmentType: trackingModeSchema(modes),
    shipmentId: z.uuid().optional(),
  });
export const shareLinksQuerySchema = shareLinksQuerySchemaOf(TRACKING_MODES);

const milestone = z.object({
  key: z.string(),
  label: z.string(),
  time: z.string().nullable(),
  actual: z.boolean(),
});

/** A shipment's references as a public link shows them, when its sharer chose to: parties by name. */
export const publicReferencesSchema = z.strictObject({
  bookingNumber: z.string().nullable(),
  customerReference: z.string().nullable(),
  poNumbers: z.array(z.string()),
  parties: z.array(z.strictObject({ role: z.enum(PARTY_ROLES), name: z.string() })),
});
export type PublicReferences = z.infer<typeof publicReferencesSchema>;

/** A custom field value as a public link shows it, when its sharer chose to. */
export const publicCustomFieldSchema = z.strictObject({
  name: z.string(),
  type: z.enum(CUSTOM_FIELD_TYPES),
  value: customFieldValueSchema,
});
export type PublicCustomField = z.infer<typeof publicCustomFieldSchema>;

/**
 * A shipment as a public share link shows it: numbers, carrier, status, route, ETA, milestones and a
 * map point. Strict and built field by field: no workspace, member, note, comment, tag or money
 * (demurrage and detention) ever leaves, and references and custom fields only where the link's
 * sharer chose to show them.
 */
export const publicShipmentSchema = z.strictObject({
  number: z.string(),
  reference: z.string(),
  carrierName: z.string().nullable(),
  status: z.string().nullable(),
  origin: z.string().nullable(),
  destination: z.string().nullable(),
  departure: z.object({ estimated: z.string().nullable(), actual: z.string().nullable() }),
  arrival: z.object({ estimated: z.string().nullable(), actual: z.string().nullable() }),
  milestones: z.array(milestone),
  /** Where it is now: a port, a vessel at sea, a city, or delivered at its place. */
  position: mapPlaceSchema.nullable(),
  /** The way it travels: an ocean voyage along the sea lanes, a parcel's origin to destination. */
  route: mapPathSchema.nullable(),
  lastCheckedAt: z.string().nullable(),
  /** Only where the sharer ticked "include references and custom fields" on the link. */
  references: publicReferencesSchema.optional(),
  /** Likewise: the custom fields with a value, in the workspace's order, each by name. */
  customFields: z.array(publicCustomFieldSchema).optional(),
});
export type PublicShipment = z.infer<typeof publicShipmentSchema>;
const publicShareSchemaOf = (modes: ModeNames) =>
  z.strictObject({
    shipmentType: trackingModeSchema(modes),
    expiresAt: z.string().nullable(),
    shipments: z.array(publicShipmentSchema),
  });
export const publicShareSchema = publicShareSchemaOf(TRACKING_MODES);
export type PublicShare = z.infer<typeof publicShareSchema>;

/** What the sharing routes' schemas take of each mode a server registered. */
export interface SharingModeWire {
  mode: TrackingMode;
  /** spec §2's site type of the shipment history's addresses (ground is the express mode). */
  site: string;
  /** spec §3 shared shipment selection: how a share request names the mode's shipments. */
  selection: z.ZodObject;
  /** The mode's shipment as a share's recipient reads it: the shared detail's field named by the mode. */
  detail: z.ZodType;
}

const nonEmpty = <T>(items: T[], what: string): [T, ...T[]] => {
  if (items.length === 0) throw new Error(`No mode gives ${what}`);
  return items as [T, ...T[]];
};

/**
 * The sharing routes' schemas over the given modes: the exports above are these over the built-in
 * modes (their wire shapes, which the spec fixes); a server builds its routes' over every mode it
 * registered, so each one's shares, links and shared detail are validated and documented alike. The
 * shared detail carries a field per mode, named by the mode, the share's own filled and the others null.
 */
export function sharingSchemas(modes: readonly SharingModeWire[]) {
  const names = modes.map((m) => m.mode);
  const shareLink = shareLinkSchemaOf(names);
  return {
    createSharesRequest: z.discriminatedUnion(
      'shipmentType',
      nonEmpty(
        modes.map((m) => shareRequestOf(m.mode, m.selection)),
        'a share selection',
      ),
    ),
    sentSharesQuery: sentSharesQuerySchemaOf(names),
    inviteNotification: inviteNotificationSchemaOf(names),
    inviteNotificationList: inviteNotificationListSchemaOf(names),
    historyTypeParams: z.strictObject({
      type: z.enum(
        nonEmpty(
          modes.map((m) => m.site),
          'a site',
        ),
      ),
    }),
    sharedHistoryPage: historyPageSchema(sharedHistoryRowSchemaOf(names)),
    sharedShipment: z.object({
      share: shareInfoSchemaOf(names),
      ...Object.fromEntries(modes.map((m) => [m.mode, m.detail.nullable()])),
    }),
    createShareLinkRequest: createShareLinkRequestSchemaOf(names),
    shareLink,
    createdShareLink: shareLink.extend({ token: z.string(), url: z.string() }),
    shareLinksQuery: shareLinksQuerySchemaOf(names),
    publicShare: publicShareSchemaOf(names),
  };
}
