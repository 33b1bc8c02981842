import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { TRACKING_MODES } from '@tracklane/shared/tracking/tracking-modes';
import { workspaces } from './organizations';
import { users } from './users';

/**
 * One shipment of a workspace shared with one e-mail address (spec §3 Invite notification; its id is
 * the spec's overallId). It belongs to the address, as a workspace invitation does: someone without an
 * account finds it once they sign up and verify that address. The recipient sees the shipment's live
 * tracking data, read-only, until the workspace revokes the share.
 *
 * The shipment is named by its mode and subscription id, one pair for every mode. A key naming a row
 * of one of several tables cannot be a foreign key: a share goes with its subscription by a trigger on
 * each subscription table (migration 0028), as favourites do.
 */
export const shipmentShares = pgTable(
  'shipment_shares',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    mode: text('mode', { enum: TRACKING_MODES }).notNull(),
    /** The shared subscription: a row of `mode`'s subscription table in `workspace_id`. */
    shipmentId: uuid('shipment_id').notNull(),
    /** Lower-cased. */
    email: text('email').notNull(),
    sharedBy: uuid('shared_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /**
     * When the recipient first opened the shared shipment: what the sharer sees (pending, opened)
     * instead of anything about the account behind the address.
     */
    openedAt: timestamp('opened_at', { withTimezone: true }),
  },
  (t) => [
    check('shipment_shares_email_lower', sql`${t.email} = lower(${t.email})`),
    // One live share of a shipment per address; also who a shipment is shared with.
    uniqueIndex('shipment_shares_live_idx')
      .on(t.shipmentId, t.mode, t.email)
      .where(sql`${t.revokedAt} IS NULL`),
    // Every share of a subscription, revoked ones too: what its trigger deletes when it goes.
    index('shipment_shares_shipment_idx').on(t.mode, t.shipmentId),
    // Shared history: a recipient's live shares of one mode, newest first.
    index('shipment_shares_recipient_idx')
      .on(t.email, t.mode, t.createdAt)
      .where(sql`${t.revokedAt} IS NULL`),
  ],
);
export type ShipmentShareRow = typeof shipmentShares.$inferSelect;

/**
 * When a share e-mail last named a shipment (a subscription of `mode`) to an address. A share may be
 * revoked and made again at will, but its e-mail goes at most once a day
 * (`SHARE_EMAIL_INTERVAL_HOURS`): claimed by an upsert in the share's transaction, so concurrent
 * shares cannot both send it. Housekeeping deletes rows older than the interval.
 */
export const shareEmails = pgTable(
  'share_emails',
  {
    /** Lower-cased. */
    email: text('email').notNull(),
    mode: text('mode', { enum: TRACKING_MODES }).notNull(),
    shipmentId: uuid('shipment_id').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.email, t.mode, t.shipmentId] }),
    index('share_emails_sent_at_idx').on(t.sentAt),
  ],
);

/**
 * A public link to one or more shipments of a workspace, for anyone who holds it. Only the SHA-256 of
 * its 256-bit random token is stored; a revoked or expired link answers "expired", an unknown one
 * "not found".
 */
export const shareLinks = pgTable(
  'share_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    mode: text('mode', { enum: TRACKING_MODES }).notNull(),
    /** Subscription ids of `mode` in `workspace_id`; read back only within that workspace. */
    shipmentIds: uuid('shipment_ids').array().notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /**
     * The sharer chose to show the workspace's references and custom field values on the public page
     * (ADR 0055); links made before the choice existed show neither.
     */
    includeReferences: boolean('include_references').notNull().default(false),
  },
  (t) => [
    uniqueIndex('share_links_token_idx').on(t.tokenHash),
    index('share_links_workspace_idx').on(t.workspaceId, t.mode, t.createdAt),
  ],
);
export type ShareLinkRow = typeof shareLinks.$inferSelect;
