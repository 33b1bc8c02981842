import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import {
  ALERT_RULE_SCOPES,
  type AlertCondition,
  type StoredAlertFilters,
  type AlertRecipients,
} from '@tracklane/shared/alerts/alerts.schema';
import type { FreeTimeTerms } from '@tracklane/shared/free-time/free-time.schema';
import { TRACKING_MODES } from '@tracklane/shared/tracking/tracking-modes';
import { trackingChanges } from './notifications';
import { workspaces } from './organizations';
import { trackedItems } from './tracking';
import { users } from './users';

/**
 * A workspace's alert rule (issue 18): a condition over one mode's shipments, filters, recipients.
 * `workspace` rules are an admin's, for the team; `personal` ones a member's, heard by them alone.
 */
export const alertRules = pgTable(
  'alert_rules',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    scope: text('scope', { enum: ALERT_RULE_SCOPES }).notNull(),
    /** Who made it (personal: who hears it; a personal rule without one notifies nobody). */
    ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    mode: text('mode', { enum: TRACKING_MODES }).notNull(),
    condition: jsonb('condition').$type<AlertCondition>().notNull(),
    filters: jsonb('filters').$type<StoredAlertFilters>().notNull(),
    recipients: jsonb('recipients').$type<AlertRecipients>().notNull(),
    enabled: boolean('enabled').notNull().default(true),
    /** Exceptions of the rule's condition on the shipments it matches are assigned to this member. */
    exceptionOwnerId: uuid('exception_owner_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('alert_rules_workspace_idx').on(t.workspaceId, t.createdAt),
    // The refresh and the scheduled job read the enabled rules of a mode.
    index('alert_rules_enabled_idx')
      .on(t.mode, t.workspaceId)
      .where(sql`${t.enabled}`),
  ],
);

/**
 * One stretch of time during which a rule's condition held for one shipment (subscription). An alert
 * fires when an episode opens; while it stays open nothing fires again; it closes when the condition
 * no longer holds, and a later return opens a new one. `mark` tells distinct occurrences apart while
 * the condition holds throughout (a second roll is a new episode).
 */
export const alertEpisodes = pgTable(
  'alert_episodes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ruleId: uuid('rule_id')
      .notNull()
      .references(() => alertRules.id, { onDelete: 'cascade' }),
    /** An ocean_shipments or express_shipments id (the rule's mode says which). */
    subscriptionId: uuid('subscription_id').notNull(),
    itemId: uuid('item_id')
      .notNull()
      .references(() => trackedItems.id, { onDelete: 'cascade' }),
    mark: text('mark').notNull().default(''),
    openedAt: timestamp('opened_at', { withTimezone: true, precision: 3 }).notNull(),
    closedAt: timestamp('closed_at', { withTimezone: true, precision: 3 }),
    /** The change the alert was notified as. */
    changeId: uuid('change_id').references(() => trackingChanges.id, { onDelete: 'set null' }),
    /** Outside addresses still to be e-mailed (the alerts job sends them through the outbox). */
    emailsPending: text('emails_pending')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
  },
  (t) => [
    uniqueIndex('alert_episodes_open_idx')
      .on(t.ruleId, t.subscriptionId, t.mark)
      .where(sql`${t.closedAt} IS NULL`),
    index('alert_episodes_item_idx')
      .on(t.itemId)
      .where(sql`${t.closedAt} IS NULL`),
    index('alert_episodes_emails_idx')
      .on(t.openedAt)
      .where(sql`cardinality(${t.emailsPending}) > 0`),
  ],
);

/**
 * A workspace's free time and tariff: its default (`carrier_scac` '') and per carrier. A shipment's
 * own override lives on its subscription (ocean_shipments.free_time_terms).
 */
export const freeTimeDefaults = pgTable(
  'free_time_defaults',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    carrierScac: text('carrier_scac').notNull().default(''),
    terms: jsonb('terms').$type<FreeTimeTerms>().notNull(),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('free_time_defaults_workspace_carrier_idx').on(t.workspaceId, t.carrierScac)],
);
