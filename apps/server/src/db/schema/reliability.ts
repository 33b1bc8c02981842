import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { ETA_SOURCES } from '@tracklane/shared/tracking/ocean/reliability/eta-accuracy';
import { organizations, workspaces } from './organizations';
import { trackedItems } from './tracked-items';

/**
 * The arrival facts of an arrived ocean item, one row per item and ETA source (shared
 * reliability/eta-accuracy.ts): written in the refresh transaction that brought the actual arrival,
 * and again whenever its view moves. Carrier, lane and transshipment ports are the item's as of the
 * measure. Like the item it belongs to no workspace: its subscriptions say who sees it.
 */
export const shipmentArrivals = pgTable(
  'shipment_arrivals',
  {
    itemId: uuid('item_id')
      .notNull()
      .references(() => trackedItems.id, { onDelete: 'cascade' }),
    source: text('source', { enum: ETA_SOURCES }).notNull(),
    /**
     * Whose ETAs these were: the carrier's belong to nobody (null, null); a terminal's and Tracklane's
     * to one organization; a manual one to one workspace (and its organization). A roll-up counts a
     * fact only in its own organization or workspace.
     */
    organizationId: uuid('organization_id').references(() => organizations.id, { onDelete: 'cascade' }),
    workspaceId: uuid('workspace_id').references(() => workspaces.id, { onDelete: 'cascade' }),
    carrier: text('carrier').notNull(),
    polLocode: text('pol_locode'),
    podLocode: text('pod_locode'),
    /** Transshipment ports in order, without repeats. */
    transshipments: text('transshipments')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    arrivedAt: timestamp('arrived_at', { withTimezone: true }).notNull(),
    firstEta: timestamp('first_eta', { withTimezone: true }),
    etaWeekOut: timestamp('eta_week_out', { withTimezone: true }),
    onTime: boolean('on_time'),
    /** Hours past the first ETA of a late arrival; null when not late. */
    delayHours: doublePrecision('delay_hours'),
    rolls: integer('rolls').notNull().default(0),
    /** Arrival minus the ETA standing 14, 7, 3 and 1 days before it, in hours; null where none stood. */
    errorHours: doublePrecision('error_hours').array().notNull(),
    measuredAt: timestamp('measured_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('shipment_arrivals_item_source_scope_key')
      .on(t.itemId, t.source, t.organizationId, t.workspaceId)
      .nullsNotDistinct(),
    // A roll-up is recomputed from the facts of one carrier and month.
    index('shipment_arrivals_carrier_idx').on(t.carrier, t.arrivedAt),
  ],
);

/**
 * Each non-carrier source's ETAs of an ocean item as they were issued (ADR 0049): a terminal's vessel
 * ETA and Tracklane's estimate as shown, for one organization; an ETA set by hand, for one workspace
 * (`eta` null: cleared). The carrier's history lives in the item's view (`derived.etaHistory`). On
 * arrival each source's standing ETA is measured from these into `shipment_arrivals`.
 */
export const issuedEtas = pgTable(
  'issued_etas',
  {
    itemId: uuid('item_id')
      .notNull()
      .references(() => trackedItems.id, { onDelete: 'cascade' }),
    source: text('source', { enum: ETA_SOURCES }).notNull(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    workspaceId: uuid('workspace_id').references(() => workspaces.id, { onDelete: 'cascade' }),
    eta: timestamp('eta', { withTimezone: true }),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('issued_etas_item_idx').on(t.itemId, t.source, t.organizationId, t.issuedAt)],
);

/**
 * Monthly sums of the arrival facts (shared reliability/rollup.ts) per month, source, carrier, lane
 * and transshipment route, for one workspace (`workspace_id`) or for a whole organization
 * (`workspace_id` null: each container once, however many of its workspaces follow it). The
 * reliability page reads these, never events. Rewritten, per scope, month and carrier, whenever an
 * arrival fact of theirs is.
 */
export const reliabilityRollups = pgTable(
  'reliability_rollups',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    workspaceId: uuid('workspace_id').references(() => workspaces.id, { onDelete: 'cascade' }),
    month: date('month', { mode: 'string' }).notNull(),
    source: text('source', { enum: ETA_SOURCES }).notNull(),
    carrier: text('carrier').notNull(),
    polLocode: text('pol_locode').notNull(),
    podLocode: text('pod_locode').notNull(),
    transshipments: text('transshipments').array().notNull(),
    arrived: integer('arrived').notNull(),
    judged: integer('judged').notNull(),
    onTime: integer('on_time').notNull(),
    late: integer('late').notNull(),
    delaySum: doublePrecision('delay_sum').notNull(),
    delayMin: doublePrecision('delay_min'),
    delayMax: doublePrecision('delay_max'),
    delayHistogram: integer('delay_histogram').array().notNull(),
    rolls: integer('rolls').notNull(),
    errorCount: integer('error_count').array().notNull(),
    errorAbsSum: doublePrecision('error_abs_sum').array().notNull(),
    errorSum: doublePrecision('error_sum').array().notNull(),
  },
  (t) => [
    index('reliability_rollups_workspace_idx').on(t.workspaceId, t.month),
    index('reliability_rollups_organization_idx')
      .on(t.organizationId, t.month)
      .where(sql`${t.workspaceId} IS NULL`),
  ],
);
