import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  DIGEST_FREQUENCIES,
  NOTIFICATION_TYPES,
  SHIPMENT_CHANGE_TYPES,
  type ChangeData,
} from '@tracklane/shared/notifications/notification-types';
import { comments } from './comments';
import { shipmentShares } from './sharing';
import { trackedItems } from './tracking';
import { users } from './users';

/**
 * One real change of a tracked item (spec §3 containerChangeStatus), written by the refresh that saw
 * it, in its transaction. `key` is the change's identity within the item: a change seen again is not
 * stored again, so it never notifies twice.
 */
export const trackingChanges = pgTable(
  'tracking_changes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    itemId: uuid('item_id')
      .notNull()
      .references(() => trackedItems.id, { onDelete: 'cascade' }),
    type: text('type', { enum: SHIPMENT_CHANGE_TYPES }).notNull(),
    key: text('key').notNull(),
    text: text('text').notNull(),
    data: jsonb('data').$type<ChangeData>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('tracking_changes_item_key_idx').on(t.itemId, t.key)],
);

/** Whether a notification is to be e-mailed: not wanted, waiting for the user's digest, sent, or skipped. */
export const EMAIL_STATES = ['none', 'pending', 'sent', 'skipped'] as const;

/**
 * A change as one user hears of it: recipient, actor (null: the carrier), event type, entity (the
 * change and its item, a comment that mentions the user and its item, or a share invite's share and
 * its item), the workspaces through which the user follows the item, read and e-mailed. One per user
 * and change however many of their workspaces follow the item, one per user and comment, one per user
 * and share. `inApp` false: the user wants this type by e-mail only, so the bell does not show it.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    recipientId: uuid('recipient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    type: text('type', { enum: NOTIFICATION_TYPES }).notNull(),
    /** The change told of; null for a mention (its comment) or a share invite (its share). */
    changeId: uuid('change_id').references(() => trackingChanges.id, { onDelete: 'cascade' }),
    commentId: uuid('comment_id').references(() => comments.id, { onDelete: 'cascade' }),
    shareId: uuid('share_id').references(() => shipmentShares.id, { onDelete: 'cascade' }),
    itemId: uuid('item_id')
      .notNull()
      .references(() => trackedItems.id, { onDelete: 'cascade' }),
    workspaceIds: uuid('workspace_ids').array().notNull(),
    inApp: boolean('in_app').notNull(),
    readAt: timestamp('read_at', { withTimezone: true }),
    emailState: text('email_state', { enum: EMAIL_STATES }).notNull(),
    emailedAt: timestamp('emailed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('notifications_recipient_change_idx').on(t.recipientId, t.changeId),
    uniqueIndex('notifications_recipient_comment_idx').on(t.recipientId, t.commentId),
    uniqueIndex('notifications_recipient_share_idx').on(t.recipientId, t.shareId),
    // Exactly one entity: a change (the shipment types), a comment (a mention) or a share (an invite).
    check(
      'notifications_entity_check',
      sql`num_nonnulls(${t.changeId}, ${t.commentId}, ${t.shareId}) = 1 AND (${t.commentId} IS NULL) = (${t.type} <> 'comment_mention') AND (${t.shareId} IS NULL) = (${t.type} <> 'shared')`,
    ),
    // The bell and the page: a user's notifications newest first; the unread count.
    index('notifications_recipient_list_idx')
      .on(t.recipientId, t.createdAt, t.id)
      .where(sql`${t.inApp}`),
    index('notifications_recipient_unread_idx')
      .on(t.recipientId)
      .where(sql`${t.inApp} AND ${t.readAt} IS NULL`),
    // The digest job: who has e-mails waiting, oldest first.
    index('notifications_email_pending_idx')
      .on(t.recipientId, t.createdAt)
      .where(sql`${t.emailState} = 'pending'`),
  ],
);

/**
 * A user's notification settings; no row means the defaults (everything in the app and by e-mail,
 * a daily digest, container notifications on). The matrix is kept as the types turned off per channel,
 * so a new type starts on for everyone and fan-out reads one row per user.
 */
export const notificationSettings = pgTable('notification_settings', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  containerNotifications: boolean('container_notifications').notNull().default(true),
  digest: text('digest', { enum: DIGEST_FREQUENCIES }).notNull().default('daily'),
  inAppOff: text('in_app_off')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  emailOff: text('email_off')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
