import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { ETA_SLIP_THRESHOLD_HOURS } from '@tracklane/shared/dashboard/dashboard.schema';
import type { FreeTimeTerms } from '@tracklane/shared/free-time/free-time.schema';
import { carrierConnections } from './carrier-connections';
import { organizations, workspaces } from './organizations';
import { users } from './users';
import {
  NO_ORGANIZATION,
  REFERENCE_KINDS,
  subscriptionColumns,
  trackedItems,
  TRACKING_SCOPES,
  UNKNOWN_TIME,
  referenceIndexes,
} from './tracked-items';

/**
 * A workspace following an ocean container (spec shipmentOverallId = id). The list columns are copied
 * from the tracked item at each refresh so that every list sort and filter is one index range scan per
 * workspace, at 100,000 shipments as at ten.
 */
export const oceanShipments = pgTable(
  'ocean_shipments',
  {
    ...subscriptionColumns(),
    // Copies of the tracked item's list columns.
    containerNo: text('container_no').notNull(),
    mblNo: text('mbl_no').notNull(),
    carrierScac: text('carrier_scac').notNull(),
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
    /** Demurrage's last free day at the port of discharge: the carrier's, else the one the terms give. */
    lastFreeDay: timestamp('last_free_day', { withTimezone: true }),
    /** The first ETA the carrier gave for the port of discharge: the latest one against it is the slip. */
    firstEta: timestamp('first_eta', { withTimezone: true }),
    /** When the carrier last moved the box to another vessel or voyage (a roll), if it ever did. */
    rolledAt: timestamp('rolled_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** This shipment's own free time and tariff, over its carrier's and the workspace's (issue 18). */
    freeTimeTerms: jsonb('free_time_terms').$type<FreeTimeTerms>(),
    /**
     * The free-time clocks as of their last computation (free-time-clocks.ts: at each change and by the
     * alerts sweep every 10 minutes), so that lists sort and attention rules filter by them: the last free
     * day of the clock that ends next (freeTimeEndOf: demurrage or detention; midnight UTC of the port's
     * day; UNKNOWN_TIME when none runs), the cost so far and in 7 days, in cents.
     */
    freeTimeEndsOn: timestamp('free_time_ends_on', { withTimezone: true, precision: 3 })
      .notNull()
      .default(UNKNOWN_TIME),
    ddCostCents: integer('dd_cost_cents').notNull().default(0),
    ddCostWeekCents: integer('dd_cost_week_cents').notNull().default(0),
    ddCurrency: text('dd_currency'),
    /** A last free day set by hand on this shipment (ADR 0039): it wins over the terminal's and the carrier's. */
    manualLastFreeDay: date('manual_last_free_day', { mode: 'string' }),
    /**
     * An ETA set by hand on this shipment (ADR 0049): while it is set, `arrivalVO.eta` and the arrival
     * sort (`arrivalAt`) show it; `eta` and `firstEta` stay the carrier's (ETA slip reads those).
     */
    manualEta: timestamp('manual_eta', { withTimezone: true }),
    manualEtaSetAt: timestamp('manual_eta_set_at', { withTimezone: true }),
    manualEtaSetBy: uuid('manual_eta_set_by').references(() => users.id, { onDelete: 'set null' }),
    /**
     * Copies of what the workspace's organization's terminal connection last said of the container
     * (terminal_facts, ADR 0039), kept by the ocean mode's afterCopy: the storage-paid-through date (its
     * last free day), and whether it is on hold or available for pickup while still at the terminal
     * (the attention rules and list filters of the same names read these).
     */
    terminalLastFreeDay: date('terminal_last_free_day', { mode: 'string' }),
    terminalOnHold: boolean('terminal_on_hold').notNull().default(false),
    terminalAvailable: boolean('terminal_available').notNull().default(false),
    /**
     * The workspace's bill this container was found on (ADR 0037), or null: added with its own number,
     * or its bill no longer followed.
     */
    billId: uuid('bill_id').references((): AnyPgColumn => oceanBills.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('ocean_shipments_workspace_item_idx').on(t.workspaceId, t.itemId),
    // A bill's containers: the list's bill filter and the bill's own view.
    index('ocean_shipments_bill_idx')
      .on(t.billId, t.createdAt, t.id)
      .where(sql`${t.billId} IS NOT NULL`),
    index('ocean_shipments_item_idx').on(t.itemId),
    // Ascending: PostgreSQL scans it backwards for the newest-first list (DESC, NULLS FIRST).
    index('ocean_shipments_list_created_idx').on(t.workspaceId, t.archived, t.createdAt, t.id),
    index('ocean_shipments_list_arrival_idx').on(t.workspaceId, t.archived, t.arrivalAt, t.id),
    index('ocean_shipments_list_departure_idx').on(t.workspaceId, t.archived, t.departureAt, t.id),
    index('ocean_shipments_list_container_idx').on(t.workspaceId, t.archived, t.containerNo, t.id),
    // A tab by id: the rows without a value of a list's custom field or reference sort, which come last.
    index('ocean_shipments_list_id_idx').on(t.workspaceId, t.archived, t.id),
    index('ocean_shipments_search_mbl_idx').on(t.workspaceId, t.mblNo.op('text_pattern_ops')),
    index('ocean_shipments_search_container_idx').on(t.workspaceId, t.containerNo.op('text_pattern_ops')),
    // Dashboard: the status breakdown is one group scan. (The last-free-day rules read
    // ocean_shipments_list_free_time_idx: they follow whichever clock runs, not demurrage's day alone.)
    index('ocean_shipments_lfd_idx').on(t.workspaceId, t.archived, t.lastFreeDay),
    index('ocean_shipments_status_idx').on(t.workspaceId, t.archived, t.status),
    // Each attention rule's count and most urgent items are a range of an index holding only its rows
    // (the conditions match attention.ts).
    index('ocean_shipments_rolled_idx')
      .on(t.workspaceId, t.archived, t.rolledAt, t.id)
      .where(sql`${t.rolledAt} IS NOT NULL`),
    index('ocean_shipments_eta_slip_idx')
      .on(t.workspaceId, t.archived, sql`(${t.eta} - ${t.firstEta})`, t.id)
      .where(
        sql`${t.ata} IS NULL AND ${t.eta} - ${t.firstEta} >= interval '${sql.raw(String(ETA_SLIP_THRESHOLD_HOURS))} hours'`,
      ),
    index('ocean_shipments_discharged_idx')
      .on(t.workspaceId, t.archived, t.ata, t.id)
      .where(sql`${t.status} = 'discharged'`),
    index('ocean_shipments_list_free_time_idx').on(t.workspaceId, t.archived, t.freeTimeEndsOn, t.id),
    index('ocean_shipments_list_cost_idx').on(t.workspaceId, t.archived, t.ddCostCents, t.id),
    // Dashboard: money at risk and incurred, over the few shipments with a cost now or within a week.
    index('ocean_shipments_dd_money_idx')
      .on(t.workspaceId, t.archived, t.ddCurrency)
      .where(sql`${t.ddCostWeekCents} > 0`),
    // The list's tag filter (tags @> ARRAY[tag]) and the workspace's tags in use.
    index('ocean_shipments_tags_idx').using('gin', t.tags),
    // The search's tag branch: the workspace's tagged rows alone (a tag's prefix, whatever its case,
    // has no index; the branch checks each tagged row's tags).
    index('ocean_shipments_tagged_idx')
      .on(t.workspaceId, t.createdAt, t.id)
      .where(sql`${t.tags} <> '{}'`),
    ...referenceIndexes('ocean_shipments', t),
    index('ocean_shipments_not_found_idx')
      .on(t.workspaceId, t.archived, t.createdAt, t.id)
      .where(sql`${t.state} = 'not_found'`),
    // The terminal's attention rules, most urgent free time first (ADR 0039).
    index('ocean_shipments_on_hold_idx')
      .on(t.workspaceId, t.archived, t.freeTimeEndsOn, t.id)
      .where(sql`${t.terminalOnHold}`),
    index('ocean_shipments_available_idx')
      .on(t.workspaceId, t.archived, t.freeTimeEndsOn, t.id)
      .where(sql`${t.terminalAvailable}`),
  ],
);

/**
 * What a terminal told one organization about a tracked container (ADR 0039): asked with that
 * organization's own terminal connection, so the row is its alone (the same container followed by
 * another organization has its own row, or none). `facts` is null while the terminal does not know the
 * container; an answer that fails validation changes nothing here.
 */
export const terminalFacts = pgTable(
  'terminal_facts',
  {
    itemId: uuid('item_id')
      .notNull()
      .references(() => trackedItems.id, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    /** The connection that asked: deleting it removes what it obtained. */
    connectionId: uuid('connection_id')
      .notNull()
      .references(() => carrierConnections.id, { onDelete: 'cascade' }),
    source: text('source').notNull(),
    facility: text('facility').notNull(),
    /** TerminalFacts (packages/shared terminal-availability), or null: not known to the terminal. */
    facts: jsonb('facts').$type<Record<string, unknown>>(),
    /** Of `facts`, by the shared definitions (isOnHold, isAvailableForPickup): what the list columns copy. */
    onHold: boolean('on_hold').notNull().default(false),
    available: boolean('available').notNull().default(false),
    checkedAt: timestamp('checked_at', { withTimezone: true }).notNull(),
    /** When the terminal last answered with the container's facts. */
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    /** When the facts last changed. */
    changedAt: timestamp('changed_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.itemId, t.organizationId] }),
    // An organization's rows: recomputed when its terminal connections change.
    index('terminal_facts_organization_idx').on(t.organizationId),
    index('terminal_facts_connection_idx').on(t.connectionId),
  ],
);

/**
 * A bill's tracking state (ADR 0037): `pending` until its first answer, `found` once the carrier
 * named it (with or without containers yet), `not_found` when no answer knew it within the not-found
 * window (still asked, daily), `completed` once its containers are loaded (no container joins a bill
 * after that, so it is asked no more), `no_source` when nobody can be asked (scope `none`).
 */
export const BILL_STATES = ['pending', 'found', 'not_found', 'completed', 'no_source'] as const;
export type BillState = (typeof BILL_STATES)[number];

/**
 * A bill of lading or a carrier booking the engine asks its carrier about (ADR 0037): which containers
 * travel on it. Like a tracked item it belongs to no workspace and is kept apart by scope (ADR 0035):
 * asked once per scope however many workspaces follow it. Each container it names becomes a tracked
 * item of its own, followed by each workspace that follows the bill (`ocean_bills`).
 */
export const trackedBills = pgTable(
  'tracked_bills',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', { enum: REFERENCE_KINDS }).notNull(),
    /** The bill of lading or booking number, normalised (upper case, letters and digits). */
    reference: text('reference').notNull(),
    carrier: text('carrier').notNull(),
    scope: text('scope', { enum: TRACKING_SCOPES }).notNull(),
    organizationId: uuid('organization_id').references(() => organizations.id, { onDelete: 'cascade' }),
    state: text('state', { enum: BILL_STATES }).notNull().default('pending'),
    /** Every container the carrier named on it, in the order first named; never shortened. */
    containers: text('containers')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** For a booking: the bill of lading the carrier's answer named, once it did. */
    transportDocumentReference: text('transport_document_reference'),
    trackingStartedAt: timestamp('tracking_started_at', { withTimezone: true }).notNull().defaultNow(),
    lastCheckedAt: timestamp('last_checked_at', { withTimezone: true }),
    lastSource: text('last_source'),
    nextCheckAt: timestamp('next_check_at', { withTimezone: true }).notNull().defaultNow(),
    consecutiveFailures: integer('consecutive_failures').notNull().default(0),
    notFoundChecks: integer('not_found_checks').notNull().default(0),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('tracked_bills_identity_idx').on(
      t.kind,
      t.reference,
      t.carrier,
      t.scope,
      sql`COALESCE(${t.organizationId}, '${sql.raw(NO_ORGANIZATION)}'::uuid)`,
    ),
    check(
      'tracked_bills_scope_organization_check',
      sql`(${t.scope} = 'organization') = (${t.organizationId} IS NOT NULL)`,
    ),
    index('tracked_bills_organization_idx')
      .on(t.organizationId, t.carrier)
      .where(sql`${t.organizationId} IS NOT NULL`),
    index('tracked_bills_due_idx')
      .on(t.nextCheckAt)
      .where(sql`${t.state} NOT IN ('completed', 'no_source')`),
  ],
);

/**
 * A workspace following a bill of lading or booking (ADR 0037): the containers it names are added to
 * the workspace as ocean shipments under it (`ocean_shipments.bill_id`). `not_added` are the
 * containers it named that the workspace could not add at the last check (the plan's quota of active
 * shipments was reached); they are tried again at each check of the bill.
 */
export const oceanBills = pgTable(
  'ocean_bills',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    billId: uuid('bill_id')
      .notNull()
      .references(() => trackedBills.id, { onDelete: 'restrict' }),
    notAdded: text('not_added')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** While some are not added: when to try them again (hourly, without asking the carrier). */
    retryAt: timestamp('retry_at', { withTimezone: true }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ocean_bills_workspace_bill_idx').on(t.workspaceId, t.billId),
    index('ocean_bills_bill_idx').on(t.billId),
    index('ocean_bills_retry_idx')
      .on(t.retryAt)
      .where(sql`${t.retryAt} IS NOT NULL`),
    // The workspace's bills, newest first.
    index('ocean_bills_list_idx').on(t.workspaceId, t.createdAt, t.id),
  ],
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
