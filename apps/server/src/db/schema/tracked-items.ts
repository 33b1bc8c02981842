import { sql, type SQL } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { SORT_TEXT_LENGTH } from '@tracklane/shared/tracking/column-sorts';
import { TRACKING_MODES } from '@tracklane/shared/tracking/tracking-modes';
import { companies } from './companies';
import { organizations, workspaces } from './organizations';
import { users } from './users';

/** Sorts after every real date. */
export const UNKNOWN_TIME = new Date('9999-12-31T00:00:00Z');

/**
 * Tracking states of an item: `pending` until its first answer, `active` while it is followed,
 * `not_found` when no provider knew it within the not-found window (still asked, daily), `completed`
 * when its journey is over, `no_source` when there is nobody to ask (scope `none`: no connection for
 * its carrier, no operator-wide one, no demo data), never asked until its followers are rescoped.
 */
export const TRACKING_STATES = ['pending', 'active', 'not_found', 'completed', 'no_source'] as const;
export type TrackingState = (typeof TRACKING_STATES)[number];

/**
 * Whose data a tracked item holds (ADR 0035): `shared` (the operator-wide DCSA_CARRIERS or Karrio,
 * for every organization), `demo` (the demo carriers' invented data), `organization` (obtained with
 * one organization's own credentials, shown to that organization alone: `organization_id`), or
 * `none` (no data source: nothing is ever asked, so it holds nothing to keep apart).
 */
export const TRACKING_SCOPES = ['shared', 'demo', 'organization', 'none'] as const;
export type TrackingScope = (typeof TRACKING_SCOPES)[number];

/**
 * What an ocean item's reference is (ADR 0037): a bill of lading (`bl`, every container a user adds
 * with its number) or a carrier booking (`booking`, a container a booking named before its bill of
 * lading was known). The carrier is asked by transportDocumentReference or carrierBookingReference.
 */
export const REFERENCE_KINDS = ['bl', 'booking'] as const;
export type ReferenceKind = (typeof REFERENCE_KINDS)[number];

/** Stands for "no organization" in the identity index (NULLs would never conflict there). */
export const NO_ORGANIZATION = '00000000-0000-0000-0000-000000000000';

/**
 * One thing a carrier tracks, in any mode: an ocean container on one bill of lading with one carrier
 * (tracking_no = container number, reference = bill of lading), or an express parcel (tracking_no =
 * the carrier's number, reference = ''), within one scope (ADR 0035). It belongs to no workspace:
 * tracking data is fetched once per refresh however many workspaces (of its organization, for an
 * organization's scope) follow it. The mode's derived view is kept beside the events it
 * came from; `facts` are what providers know besides events (a last free day, a parcel's service).
 */
export const trackedItems = pgTable(
  'tracked_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    mode: text('mode', { enum: TRACKING_MODES }).notNull(),
    trackingNo: text('tracking_no').notNull(),
    reference: text('reference').notNull().default(''),
    /**
     * Ocean: what `reference` is (ADR 0037). Not part of the identity: a carrier that gives a booking and
     * its bill one number (Maersk) names one shipment with it either way.
     */
    referenceKind: text('reference_kind', { enum: REFERENCE_KINDS }).notNull().default('bl'),
    carrier: text('carrier').notNull(),
    // No default in the database: the engine always routes. (Rows written directly, by tests and
    // benches, hold shared data.)
    scope: text('scope', { enum: TRACKING_SCOPES })
      .notNull()
      .$defaultFn(() => 'shared'),
    /** The organization whose credentials answer for the item (scope `organization` only). */
    organizationId: uuid('organization_id').references(() => organizations.id, { onDelete: 'cascade' }),
    state: text('state', { enum: TRACKING_STATES }).notNull().default('pending'),
    trackingStartedAt: timestamp('tracking_started_at', { withTimezone: true }).notNull().defaultNow(),
    lastCheckedAt: timestamp('last_checked_at', { withTimezone: true }),
    lastSource: text('last_source'),
    nextCheckAt: timestamp('next_check_at', { withTimezone: true }).notNull().defaultNow(),
    consecutiveFailures: integer('consecutive_failures').notNull().default(0),
    notFoundChecks: integer('not_found_checks').notNull().default(0),
    lastError: text('last_error'),
    /** When the derived view last changed: refresh slows down for items that change little. */
    changedAt: timestamp('changed_at', { withTimezone: true }),
    /** The mode's derived view (DerivedShipment for ocean, DerivedParcel for express). */
    derived: jsonb('derived').$type<unknown>(),
    facts: jsonb('facts').$type<Record<string, unknown>>().notNull().default({}),
    /**
     * A digest of the event identities (source and ids) of the last answer stored, whose events are all
     * stored: a refresh given the same identities again knows there is nothing new without reading the
     * item's events (most refreshes).
     */
    eventDigest: text('event_digest'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('tracked_items_identity_idx').on(
      t.mode,
      t.trackingNo,
      t.reference,
      t.carrier,
      t.scope,
      sql`COALESCE(${t.organizationId}, '${sql.raw(NO_ORGANIZATION)}'::uuid)`,
    ),
    check(
      'tracked_items_scope_organization_check',
      sql`(${t.scope} = 'organization') = (${t.organizationId} IS NOT NULL)`,
    ),
    // Rescoping finds an organization's items of one carrier.
    index('tracked_items_organization_idx')
      .on(t.organizationId, t.carrier)
      .where(sql`${t.organizationId} IS NOT NULL`),
    // Dashboard: the latest check of a workspace's items, and the stale rule (few items, found first).
    index('tracked_items_checked_idx').on(t.lastCheckedAt),
    index('tracked_items_failing_idx')
      .on(t.consecutiveFailures)
      .where(sql`${t.consecutiveFailures} > 0`),
    // Not-found items stay due too: they are asked again daily and come back when a carrier knows them.
    // Items without a data source are never due.
    index('tracked_items_due_idx')
      .on(t.nextCheckAt)
      .where(sql`${t.state} NOT IN ('completed', 'no_source')`),
  ],
);

/**
 * Carrier events of any mode, append-only: stored once per source and id. The columns every mode
 * has are columns; the event as the mode shapes it (a DCSA-shaped TrackingEvent, a ParcelEvent) is
 * `data`.
 */
export const trackingEvents = pgTable(
  'tracking_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    itemId: uuid('item_id')
      .notNull()
      .references(() => trackedItems.id, { onDelete: 'cascade' }),
    source: text('source').notNull(),
    eventId: text('event_id').notNull(),
    classifier: text('classifier').notNull(),
    eventTime: timestamp('event_time', { withTimezone: true }).notNull(),
    eventCreatedAt: timestamp('event_created_at', { withTimezone: true }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
  },
  (t) => [
    uniqueIndex('tracking_events_identity_idx').on(t.itemId, t.source, t.eventId),
    // The DCSA events feed pages through a workspace's events in creation order.
    index('tracking_events_created_idx').on(t.eventCreatedAt, t.id),
  ],
);

/**
 * What every mode's subscription has: a workspace following a tracked item, its tracking state,
 * archived or not, who added it and when (millisecond precision, like the dates list cursors carry). Favourites are each member's
 * own: {@link shipmentFavorites}.
 */
export function subscriptionColumns() {
  return {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    itemId: uuid('item_id')
      .notNull()
      .references(() => trackedItems.id, { onDelete: 'restrict' }),
    /** The item's tracking state, copied for lists and the plan's quota. */
    state: text('state', { enum: TRACKING_STATES }).notNull().default('pending'),
    archived: boolean('archived').notNull().default(false),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    /**
     * The workspace's own tags on its shipment (tags.schema.ts: trimmed, 1-30 characters, unique but for
     * case, at most 10), never the tracked item's: another workspace following the same box sees none.
     */
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /**
     * The workspace's references on its shipment (references.schema.ts): its booking number, its
     * customer's reference, its purchase orders, and the parties from its own list of companies.
     */
    bookingNumber: text('booking_number'),
    customerReference: text('customer_reference'),
    poNumbers: text('po_numbers')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    shipperId: uuid('shipper_id').references(() => companies.id, { onDelete: 'set null' }),
    consigneeId: uuid('consignee_id').references(() => companies.id, { onDelete: 'set null' }),
    customerId: uuid('customer_id').references(() => companies.id, { onDelete: 'set null' }),
    forwarderId: uuid('forwarder_id').references(() => companies.id, { onDelete: 'set null' }),
    /**
     * Each party's company name as a list sorts by it (ADR 0054: `sortText` of the name), kept by the
     * database (migration 0040: a trigger on the subscription table when a party changes, one on
     * companies when a company is renamed) so that a list sorted by a party reads its page from an index.
     */
    shipperSortName: text('shipper_sort_name'),
    consigneeSortName: text('consignee_sort_name'),
    customerSortName: text('customer_sort_name'),
    forwarderSortName: text('forwarder_sort_name'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  };
}

/**
 * A text as lists sort by it (ADR 0054): its first SORT_TEXT_LENGTH characters. The sort indexes are
 * on this expression, and the sorts write it the same way so that PostgreSQL matches them.
 */
export const sortText = (text: SQL | AnyPgColumn) => sql`left(${text}, ${sql.raw(String(SORT_TEXT_LENGTH))})`;

/**
 * A shipment's PO numbers as a list sorts by them (ADR 0054): joined with ", ", cut as `sortText`
 * cuts, none being no value (null, last) rather than an empty text (first). `po_numbers_sort_text`
 * (migration 0040) is that expression declared immutable, so that an index can hold it.
 */
export const poNumbersSortText = (poNumbers: SQL | AnyPgColumn) => sql`po_numbers_sort_text(${poNumbers})`;

/**
 * The indexes every subscription table keeps for searching by the workspace's references: a PO number
 * in full (po_numbers @> ARRAY[po]), and a customer reference or booking number by its beginning,
 * whatever its case; the booking number, customer reference, PO numbers and party names as a list
 * sorts by them; and each party, for the list's company filter and for a company's delete (its
 * foreign keys set the party null), over the rows that name one.
 */
export function referenceIndexes(
  table: string,
  t: {
    id: AnyPgColumn;
    workspaceId: AnyPgColumn;
    poNumbers: AnyPgColumn;
    customerReference: AnyPgColumn;
    bookingNumber: AnyPgColumn;
    shipperId: AnyPgColumn;
    consigneeId: AnyPgColumn;
    customerId: AnyPgColumn;
    forwarderId: AnyPgColumn;
    shipperSortName: AnyPgColumn;
    consigneeSortName: AnyPgColumn;
    customerSortName: AnyPgColumn;
    forwarderSortName: AnyPgColumn;
  },
) {
  const party = (role: string, column: AnyPgColumn) =>
    index(`${table}_${role}_idx`)
      .on(column)
      .where(sql`${column} IS NOT NULL`);
  const sortIndex = (name: string, value: SQL | AnyPgColumn) =>
    index(`${table}_${name}_sort_idx`)
      .on(t.workspaceId, value, t.id)
      .where(sql`${value} IS NOT NULL`);
  return [
    index(`${table}_po_numbers_idx`).using('gin', t.poNumbers),
    index(`${table}_customer_reference_idx`).on(
      t.workspaceId,
      sql`upper(${t.customerReference}) text_pattern_ops`,
    ),
    index(`${table}_booking_number_idx`).on(t.workspaceId, sql`upper(${t.bookingNumber}) text_pattern_ops`),
    // A list sorted by the reference (ADR 0054) reads its page from these, in order (list-sort.ts).
    index(`${table}_customer_reference_sort_idx`).on(t.workspaceId, sortText(t.customerReference), t.id),
    index(`${table}_booking_number_sort_idx`).on(t.workspaceId, sortText(t.bookingNumber), t.id),
    party('shipper', t.shipperId),
    party('consignee', t.consigneeId),
    party('customer', t.customerId),
    party('forwarder', t.forwarderId),
    // A list sorted by the PO numbers or a party reads its page from these, in order, over the rows
    // with a value.
    sortIndex('po_numbers', poNumbersSortText(t.poNumbers)),
    sortIndex('shipper', t.shipperSortName),
    sortIndex('consignee', t.consigneeSortName),
    sortIndex('customer', t.customerSortName),
    sortIndex('forwarder', t.forwarderSortName),
  ];
}
