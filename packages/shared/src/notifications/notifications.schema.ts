import { z } from 'zod';
import { NOTIFICATION_PAGE_SIZE } from '../constants';
import { TRACKING_MODES, trackingModeSchema, type ModeNames } from '../tracking/tracking-modes';
import {
  DIGEST_FREQUENCIES,
  NOTIFICATION_TYPES,
  SHIPMENT_CHANGE_TYPES,
  type NotificationType,
} from './notification-types';

const SEARCH_MAX = 100;

/** spec §7 GET /api/notification/get: userId, pageNo, pageSize (10), isRead, upper-cased searchTerm. */
export const notificationListQuerySchema = z.strictObject({
  userId: z.uuid({ message: 'User is not valid' }),
  pageNo: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(50).default(NOTIFICATION_PAGE_SIZE),
  isRead: z
    .enum(['true', 'false'], { message: 'isRead must be true or false' })
    .transform((v) => v === 'true')
    .optional(),
  searchTerm: z
    .string()
    .trim()
    .max(SEARCH_MAX, { message: `Search at most ${String(SEARCH_MAX)} characters` })
    .transform((v) => v.toUpperCase())
    .optional(),
});
export type NotificationListQuery = z.input<typeof notificationListQuerySchema>;

/** spec §3 Bell notification's workspaces[], with the shipment's id in that workspace (its detail link). */
export const notificationWorkspaceSchema = z.object({
  workspaceId: z.string(),
  workspaceName: z.string(),
  organizationId: z.string(),
  /** The subscription in that workspace (shipmentOverallId / expressOrderId); null when it was removed. */
  shipmentId: z.string().nullable(),
});

/** spec §3 Bell notification. */
const bellNotificationSchemaOf = (modes: ModeNames) =>
  z.object({
    id: z.string(),
    shipmentType: trackingModeSchema(modes),
    containerChangeStatus: z.object({
      id: z.string(),
      containerNo: z.string().nullable(),
      mblNo: z.string().nullable(),
      expressOrderId: z.string().nullable(),
      expressOrderNo: z.string().nullable(),
      type: z.enum(SHIPMENT_CHANGE_TYPES),
      notification: z.string(),
      updatedAt: z.string(),
      /** Values behind the text (times as ISO 8601), for showing them in the reader's time zone. */
      data: z.object({
        from: z.string().nullable().optional(),
        to: z.string().nullable().optional(),
        deltaMs: z.number().optional(),
        subject: z.string().optional(),
        ruleId: z.string().optional(),
        ruleName: z.string().optional(),
      }),
    }),
    isRead: z.boolean(),
    workspaces: z.array(notificationWorkspaceSchema),
  });
export const bellNotificationSchema = bellNotificationSchemaOf(TRACKING_MODES);
export type BellNotification = z.infer<typeof bellNotificationSchema>;

/** spec §3 Notification store: notifications, totalNumber (this filter), unreadNumber (all unread). */
/** The page over the given modes (a server's registered ones; the built-in ones below). */
export const notificationPageSchemaOf = (modes: ModeNames) =>
  z.object({
    notifications: z.array(bellNotificationSchemaOf(modes)),
    totalNumber: z.number().int(),
    unreadNumber: z.number().int(),
    pageNo: z.number().int(),
    pageSize: z.number().int(),
  });
export const notificationPageSchema = notificationPageSchemaOf(TRACKING_MODES);
export type NotificationPage = z.infer<typeof notificationPageSchema>;

/** spec §7 POST /api/notification/mark: userId, isRead and the ids; or `all` for mark all. */
export const markNotificationsRequestSchema = z
  .strictObject({
    userId: z.uuid({ message: 'User is not valid' }),
    isRead: z.boolean(),
    ids: z
      .array(z.uuid({ message: 'Notification is not valid' }))
      .max(100)
      .optional(),
    all: z.boolean().optional(),
  })
  .refine((v) => v.all === true || (v.ids?.length ?? 0) > 0, { message: 'Choose notifications to mark' });
export type MarkNotificationsRequest = z.infer<typeof markNotificationsRequestSchema>;

export const markNotificationsResultSchema = z.object({
  updated: z.number().int(),
  unreadNumber: z.number().int(),
});

const channelSchema = z.strictObject({ inApp: z.boolean(), email: z.boolean() });

/** A user's notification settings: the types × channels matrix, the digest and the container flag. */
export const notificationSettingsSchema = z.strictObject({
  /** spec §3 user container notification flag: off, no shipment change reaches this user at all. */
  containerNotifications: z.boolean(),
  digest: z.enum(DIGEST_FREQUENCIES),
  channels: z.strictObject(
    Object.fromEntries(NOTIFICATION_TYPES.map((t) => [t, channelSchema])) as Record<
      NotificationType,
      typeof channelSchema
    >,
  ),
});
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

export { NOTIFICATIONS_SOCKET_MESSAGE, USER_EVENTS_SOCKET_PATH } from '../realtime/user-events';
