import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { DerivedShipment } from '@tracklane/shared/tracking/derive-shipment';
import { workspaces } from './organizations';
import { users } from './users';

/** Sorts after every real date. */
export const UNKNOWN_TIME = new Date('9999-12-31T00:00:00Z');

export const CONTAINER_STATES = ['pending', 'active', 'not_found', 'completed'] as const;

/**
 * A container on one bill of lading with one carrier: tracking data belongs here, fetched once per
 * refresh however many workspaces follow it. The derived view is kept beside the events it came from.
 */
export const containers = pgTable(
  'containers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    containerNo: text('container_no').notNull(),
    mblNo: text('mbl_no').notNull(),
    carrierScac: text('carrier_scac').notNull(),
    state: text('state', { enum: CONTAINER_STATES }).notNull().default('pending'),
    trackingStartedAt: timestamp('tracking_started_at', { withTimezone: true }).notNull().defaultNow(),
    lastCheckedAt: timestamp('last_checked_at', { withTimezone: true }),
    lastSource: text('last_source'),
    nextCheckAt: timestamp('next_check_at', { withTimezone: true }).notNull().defaultNow(),
    consecutiveFailures: integer('consecutive_failures').notNull().default(0),
    notFoundChecks: integer('not_found_checks').notNull().default(0),
    lastError: text('last_error'),
    /** When the derived view last changed: refresh slows down for containers that change little. */
    changedAt: timestamp('changed_at', { withTimezone: true }),
    derived: jsonb('derived').$type<DerivedShipment>(),
    lastFreeDay: timestamp('last_free_day', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('containers_identity_idx').on(t.containerNo, t.mblNo, t.carrierScac),
    index('containers_due_idx')
      .on(t.nextCheckAt)
      .where(sql`${t.state} IN ('pending', 'active')`),
  ],
);

/** Carrier events as DCSA shapes them; an event is stored once per source and id. */
export const containerEvents = pgTable(
  'container_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    containerId: uuid('container_id')
      .notNull()
      .references(() => containers.id, { onDelete: 'cascade' }),
    source: text('source').notNull(),
    eventId: text('event_id').notNull(),
    eventType: text('event_type').notNull(),
    typeCode: text('type_code').notNull(),
    classifier: text('classifier').notNull(),
    emptyIndicator: text('empty_indicator'),
    locationCode: text('location_code'),
    locationName: text('location_name'),
    vesselName: text('vessel_name'),
    vesselImo: text('vessel_imo'),
    voyage: text('voyage'),
    transportCallSequence: integer('transport_call_sequence'),
    eventTime: timestamp('event_time', { withTimezone: true }).notNull(),
    eventCreatedAt: timestamp('event_created_at', { withTimezone: true }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('container_events_identity_idx').on(t.containerId, t.source, t.eventId)],
);

/**
 * A workspace following a container (spec shipmentOverallId = id). The list columns are copied from
 * the container at each refresh so that every list sort and filter is one index range scan per
 * workspace, at 100,000 shipments as at ten.
 */
export const oceanShipments = pgTable(
  'ocean_shipments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    containerId: uuid('container_id')
      .notNull()
      .references(() => containers.id, { onDelete: 'restrict' }),
    archived: boolean('archived').notNull().default(false),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    favorite: boolean('favorite').notNull().default(false),
    favoritedAt: timestamp('favorited_at', { withTimezone: true }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    // Millisecond precision, like the JavaScript dates list cursors carry.
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    // Copies of the container's list columns.
    containerNo: text('container_no').notNull(),
    mblNo: text('mbl_no').notNull(),
    carrierScac: text('carrier_scac').notNull(),
    state: text('state').notNull().default('pending'),
    status: text('status'),
    polLocode: text('pol_locode'),
    podLocode: text('pod_locode'),
    vesselName: text('vessel_name'),
    etd: timestamp('etd', { withTimezone: true }),
    atd: timestamp('atd', { withTimezone: true }),
    eta: timestamp('eta', { withTimezone: true }),
    ata: timestamp('ata', { withTimezone: true }),
    /**
     * Arrival and departure as lists sort them: the actual when known, else the estimate, else
     * UNKNOWN_TIME (an unknown date sorts as the furthest future, and keyset comparisons stay non-null).
     */
    arrivalAt: timestamp('arrival_at', { withTimezone: true, precision: 3 }).notNull().default(UNKNOWN_TIME),
    departureAt: timestamp('departure_at', { withTimezone: true, precision: 3 })
      .notNull()
      .default(UNKNOWN_TIME),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ocean_shipments_workspace_container_idx').on(t.workspaceId, t.containerId),
    index('ocean_shipments_container_idx').on(t.containerId),
    // Ascending: PostgreSQL scans it backwards for the newest-first list (DESC, NULLS FIRST).
    index('ocean_shipments_list_created_idx').on(t.workspaceId, t.archived, t.createdAt, t.id),
    index('ocean_shipments_list_arrival_idx').on(t.workspaceId, t.archived, t.arrivalAt, t.id),
    index('ocean_shipments_list_departure_idx').on(t.workspaceId, t.archived, t.departureAt, t.id),
    index('ocean_shipments_list_container_idx').on(t.workspaceId, t.archived, t.containerNo, t.id),
    index('ocean_shipments_search_mbl_idx').on(t.workspaceId, t.mblNo.op('text_pattern_ops')),
    index('ocean_shipments_search_container_idx').on(t.workspaceId, t.containerNo.op('text_pattern_ops')),
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

/**
 * The two list tabs' counts per workspace, kept by a trigger on ocean_shipments (migration
 * 0006_ocean_shipment_counts_trigger): counting 100,000 rows at every list request costs ~50 ms,
 * reading this row costs nothing.
 */
export const oceanShipmentCounts = pgTable('ocean_shipment_counts', {
  workspaceId: uuid('workspace_id')
    .primaryKey()
    .references(() => workspaces.id, { onDelete: 'cascade' }),
  active: integer('active').notNull().default(0),
  archived: integer('archived').notNull().default(0),
});
