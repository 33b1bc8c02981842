import { z } from 'zod';
import { emailSchema } from '../auth/auth.schema';
import { expressShipmentDetailSchema } from '../tracking/express/express-shipments.schema';
import { oceanTrackingDetailSchema } from '../tracking/ocean/ocean-shipments.schema';
import { mapPathSchema, mapPlaceSchema } from '../tracking/shipment-map.schema';
import { TRACKING_MODES } from '../tracking/tracking-modes';

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

export const createSharesRequestSchema = z.discriminatedUnion('shipmentType', [
  z.strictObject({
    shipmentType: z.literal('ocean'),
    shipments: shipmentsOf(oceanSelectionSchema),
    emails: z
      .array(emailSchema)
      .min(1, { message: SHARING_MESSAGES.noRecipients })
      .max(SHARE_MAX_RECIPIENTS, { message: SHARING_MESSAGES.tooManyRecipients }),
  }),
  z.strictObject({
    shipmentType: z.literal('express'),
    shipments: shipmentsOf(expressSelectionSchema),
    emails: z
      .array(emailSchema)
      .min(1, { message: SHARING_MESSAGES.noRecipients })
      .max(SHARE_MAX_RECIPIENTS, { message: SHARING_MESSAGES.tooManyRecipients }),
  }),
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
export const sentSharesQuerySchema = z.strictObject({
  shipmentType: z.enum(TRACKING_MODES),
  shipmentId: z.uuid({ message: 'The shipment is not valid' }),
});

/**
 * spec §3 Invite notification: overallId (the share), shipmentType, name (who shared), number
 * (container or tracking number), sharedAt; plus the notification's id and read flag.
 */
export const inviteNotificationSchema = z.object({
  id: z.string(),
  overallId: z.string(),
  shipmentType: z.enum(TRACKING_MODES),
  name: z.string(),
  number: z.string(),
  sharedAt: z.string(),
  isRead: z.boolean(),
});
export type InviteNotification = z.infer<typeof inviteNotificationSchema>;
export const inviteNotificationListSchema = z.object({
  notifications: z.array(inviteNotificationSchema),
  unreadNumber: z.number().int(),
});
export type InviteNotificationList = z.infer<typeof inviteNotificationListSchema>;

const search = z.string().trim().max(100).optional();
const pageNo = z.coerce.number().int().min(1).max(100_000).default(1);

export const historyQuerySchema = z.strictObject({ search, pageNo });
export type HistoryQuery = z.input<typeof historyQuerySchema>;
export const historyTypeParamsSchema = z.strictObject({ type: z.enum(['ocean', 'ground']) });

/** spec §3 shipment history overall list: one shipment shared with me. */
export const sharedHistoryRowSchema = z.object({
  overallId: z.string(),
  shipmentType: z.enum(TRACKING_MODES),
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
export const shareInfoSchema = z.object({
  overallId: z.string(),
  shipmentType: z.enum(TRACKING_MODES),
  sharedBy: z.string(),
  sharedAt: z.string(),
});
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

export const createShareLinkRequestSchema = z.strictObject({
  shipmentType: z.enum(TRACKING_MODES),
  shipmentIds: z
    .array(z.uuid({ message: 'The shipment is not valid' }))
    .min(1, { message: SHARING_MESSAGES.noShipments })
    .max(SHARE_MAX_SHIPMENTS, { message: SHARING_MESSAGES.tooManyShipments }),
  /** Days until the link stops working; omitted: until revoked. */
  expiresInDays: z.number().int().min(1).max(SHARE_LINK_MAX_DAYS).optional(),
});
export type CreateShareLinkRequest = z.infer<typeof createShareLinkRequestSchema>;

export const shareLinkSchema = z.object({
  id: z.string(),
  shipmentType: z.enum(TRACKING_MODES),
  numbers: z.array(z.string()),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  expiresAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
  /** Whether it opens now: live, or expired (past its date) or revoked. */
  state: z.enum(['live', 'expired', 'revoked']),
});
export type ShareLink = z.infer<typeof shareLinkSchema>;
/** The token is shown once, at creation: only its hash is stored. */
export const createdShareLinkSchema = shareLinkSchema.extend({ token: z.string(), url: z.string() });
export type CreatedShareLink = z.infer<typeof createdShareLinkSchema>;
export const shareLinksQuerySchema = z.strictObject({
  shipmentType: z.enum(TRACKING_MODES),
  shipmentId: z.uuid().optional(),
});

const milestone = z.object({
  key: z.string(),
  label: z.string(),
  time: z.string().nullable(),
  actual: z.boolean(),
});

/**
 * A shipment as a public share link shows it: numbers, carrier, status, route, ETA, milestones and a
 * map point. Strict and built field by field: no workspace, member, note, comment, tag or money
 * (demurrage and detention) ever leaves.
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
});
export type PublicShipment = z.infer<typeof publicShipmentSchema>;
export const publicShareSchema = z.strictObject({
  shipmentType: z.enum(TRACKING_MODES),
  expiresAt: z.string().nullable(),
  shipments: z.array(publicShipmentSchema),
});
export type PublicShare = z.infer<typeof publicShareSchema>;
