import { index, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { TRACKING_MODES } from '@tracklane/shared/tracking/tracking-modes';
import { users } from './users';

// The tracking engine's tables by what they hold: tracked items and their events (tracked-items.ts),
// each built-in mode's subscriptions (ocean-subscriptions.ts, express-subscriptions.ts), and here the
// members' own marks on subscriptions of any mode.
export * from './tracked-items';
export * from './ocean-subscriptions';
export * from './express-subscriptions';

/**
 * A member's own favourite shipments (ADR 0033): one row per user and subscription of any mode, named
 * by the mode and the subscription's id (ocean_shipments or express_shipments; a new mode's table
 * too), so that one table serves every mode. Gone with the user (foreign key) and with the
 * subscription (a trigger on each subscription table, migration 0021: a key naming one of several
 * tables cannot be a foreign key). Who may read or change a row is the service's business: the
 * caller's own rows in the caller's workspace only.
 */
export const shipmentFavorites = pgTable(
  'shipment_favorites',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    mode: text('mode', { enum: TRACKING_MODES }).notNull(),
    subscriptionId: uuid('subscription_id').notNull(),
    /** When the user starred it (spec §3: the favourites timestamp). */
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    // The caller's star on each listed row, and the caller's favourites of a mode, are ranges of this.
    primaryKey({ columns: [t.userId, t.mode, t.subscriptionId] }),
    // A subscription's stars, all users': what its deletion removes.
    index('shipment_favorites_subscription_idx').on(t.mode, t.subscriptionId),
  ],
);

/** A user's saved preferences (spec §3: tracking table columns, hidden columns and order). */
export const userPreferences = pgTable(
  'user_preferences',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    value: jsonb('value').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('user_preferences_key_idx').on(t.userId, t.key)],
);
