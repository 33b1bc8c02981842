import { bigint, boolean, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Plans are data: a price per month and per year, the seats (memberLimit) and the quota of
 * active shipments they give, and the features they list. An organization copies a plan's limits into
 * its own entitlements when it moves to the plan (organizations.member_limit, shipment_quota), so one
 * organization can be given more without a new plan. The migration that creates this table seeds it.
 */
export const plans = pgTable('plans', {
  /** A stable code: free, team, business. */
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  description: text('description').notNull(),
  /** Prices in the smallest unit of `currency` (cents). */
  monthlyPrice: integer('monthly_price').notNull(),
  yearlyPrice: integer('yearly_price').notNull(),
  currency: text('currency').notNull().default('usd'),
  memberLimit: integer('member_limit').notNull(),
  shipmentQuota: integer('shipment_quota').notNull(),
  /** Bytes of shipment documents each workspace of an organization on the plan may keep. */
  documentStorageBytes: bigint('document_storage_bytes', { mode: 'number' })
    .notNull()
    .default(1024 * 1024 * 1024),
  features: jsonb('features').$type<string[]>().notNull().default([]),
  position: integer('position').notNull(),
  /** A plan no longer offered stays for the organizations on it. */
  active: boolean('active').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Stripe webhook events already applied: Stripe delivers at least once, we apply exactly once. */
export const billingEvents = pgTable('billing_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});
