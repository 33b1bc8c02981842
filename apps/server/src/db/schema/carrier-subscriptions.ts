import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { carrierConnections } from './carrier-connections';
import { trackedItems } from './tracking';

/**
 * What a subscription asks the carrier for: a container (`equipmentReference`), or a bill of lading
 * (`transportDocumentReference`) for an item that has no container number.
 */
export const SUBSCRIPTION_REFERENCE_TYPES = ['equipmentReference', 'transportDocumentReference'] as const;
export type SubscriptionReferenceType = (typeof SUBSCRIPTION_REFERENCE_TYPES)[number];

/**
 * `pending`: to be created at the carrier (or being created); `active`: the carrier has it
 * (`subscription_id`); `failed`: the carrier refused it, tried again at `retry_at`; `ending`: nobody
 * follows the item through a pushing connection any more, to be deleted at the carrier.
 */
export const SUBSCRIPTION_STATES = ['pending', 'active', 'failed', 'ending'] as const;
export type SubscriptionState = (typeof SUBSCRIPTION_STATES)[number];

/**
 * One DCSA Track & Trace 2.2 event subscription a pushing connection holds at its carrier, for one
 * tracked item its organization follows through it. The secret the carrier signs callbacks with is
 * sealed under SECRETS_KEY, bound to the row's id. A process works on a row only while it holds its
 * lease (`claimed_until`), so two processes never create or delete the same subscription twice.
 */
export const carrierSubscriptions = pgTable(
  'carrier_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    connectionId: uuid('connection_id')
      .notNull()
      .references(() => carrierConnections.id, { onDelete: 'cascade' }),
    itemId: uuid('item_id')
      .notNull()
      .references(() => trackedItems.id, { onDelete: 'cascade' }),
    referenceType: text('reference_type', { enum: SUBSCRIPTION_REFERENCE_TYPES }).notNull(),
    reference: text('reference').notNull(),
    state: text('state', { enum: SUBSCRIPTION_STATES }).notNull().default('pending'),
    /** The carrier's `subscriptionID`, once it has answered. */
    subscriptionId: text('subscription_id'),
    /** Sealed base64 of the 64-byte HMAC-SHA256 key sent as the subscription's `secret`. */
    secret: text('secret').notNull(),
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    retryAt: timestamp('retry_at', { withTimezone: true }),
    lastError: text('last_error'),
    lastCallbackAt: timestamp('last_callback_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('carrier_subscriptions_item_idx').on(t.connectionId, t.itemId),
    // A callback names its subscription (Subscription-ID): its secret is looked up by it.
    index('carrier_subscriptions_carrier_id_idx').on(t.connectionId, t.subscriptionId),
    // The engine asks which of a batch's items are pushed (and so polled rarely).
    index('carrier_subscriptions_items_idx').on(t.itemId),
  ],
);

export type CarrierSubscriptionRow = typeof carrierSubscriptions.$inferSelect;
