import { sql } from 'drizzle-orm';
import {
  doublePrecision,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { workspaces } from './organizations';
import { referenceIndexes, subscriptionColumns, UNKNOWN_TIME } from './tracked-items';

/** The express list tabs (spec §3): a tab is derived from `archived` and the tracking state. */
export const EXPRESS_TABS = ['active', 'not_found', 'archived'] as const;

/**
 * A workspace following an express parcel (spec expressOrderId = id). Like ocean_shipments, the
 * columns lists sort and filter by are copied from the tracked item at each refresh; `tab` is
 * computed by PostgreSQL so that every tab is one index range per workspace.
 */
export const expressShipments = pgTable(
  'express_shipments',
  {
    ...subscriptionColumns(),
    // Copies of the tracked item's list columns.
    trackingNo: text('tracking_no').notNull(),
    carrier: text('carrier').notNull(),
    tab: text('tab', { enum: EXPRESS_TABS }).generatedAlwaysAs(
      sql`CASE WHEN archived THEN 'archived' WHEN state = 'not_found' THEN 'not_found' ELSE 'active' END`,
    ),
    status: text('status'),
    estimatedDelivery: timestamp('estimated_delivery', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    lastEventAt: timestamp('last_event_at', { withTimezone: true }),
    /** Delivery as lists sort it: delivered, else the estimate, else UNKNOWN_TIME. */
    deliveryAt: timestamp('delivery_at', { withTimezone: true, precision: 3 })
      .notNull()
      .default(UNKNOWN_TIME),
    /** The live map's position of the parcel and its leg's ends (parcel-map.ts), null when unknown. */
    mapLat: doublePrecision('map_lat'),
    mapLon: doublePrecision('map_lon'),
    mapName: text('map_name'),
    originLat: doublePrecision('origin_lat'),
    originLon: doublePrecision('origin_lon'),
    destinationLat: doublePrecision('destination_lat'),
    destinationLon: doublePrecision('destination_lon'),
    /** When the copied tracking data last changed ("recently updated" sort). */
    updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('express_shipments_workspace_item_idx').on(t.workspaceId, t.itemId),
    index('express_shipments_item_idx').on(t.itemId),
    // The number last, as a key: a prefix search walking one of these in its sort's order checks the
    // number in the index and reads only the rows that match. PostgreSQL takes a prefix that matches
    // one of the ~100 numbers in its statistics for 1% of the table, whatever it really matches, and
    // walks the sort's index; reading every row to check its number cost 10-60 ms at 100,000 parcels
    // (docs/performance.md).
    index('express_shipments_list_created_idx').on(
      t.workspaceId,
      t.tab,
      t.createdAt,
      t.id,
      t.trackingNo.op('text_pattern_ops'),
    ),
    index('express_shipments_list_delivery_idx').on(
      t.workspaceId,
      t.tab,
      t.deliveryAt,
      t.id,
      t.trackingNo.op('text_pattern_ops'),
    ),
    index('express_shipments_list_updated_idx').on(
      t.workspaceId,
      t.tab,
      t.updatedAt,
      t.id,
      t.trackingNo.op('text_pattern_ops'),
    ),
    index('express_shipments_list_tracking_idx').on(t.workspaceId, t.tab, t.trackingNo, t.id),
    // A tab by id: the rows without a value of a list's custom field or reference sort, which come last.
    index('express_shipments_list_id_idx').on(t.workspaceId, t.tab, t.id),
    index('express_shipments_search_idx').on(t.workspaceId, t.trackingNo.op('text_pattern_ops')),
    // Dashboard: status rules and breakdown, and the late rule (undelivered parcels by estimate).
    index('express_shipments_status_idx').on(t.workspaceId, t.archived, t.status),
    // The list's tag filter (tags @> ARRAY[tag]) and the workspace's tags in use.
    index('express_shipments_tags_idx').using('gin', t.tags),
    // The search's tag branch: the workspace's tagged rows alone (a tag's prefix, whatever its case,
    // has no index; the branch checks each tagged row's tags).
    index('express_shipments_tagged_idx')
      .on(t.workspaceId, t.createdAt, t.id)
      .where(sql`${t.tags} <> '{}'`),
    ...referenceIndexes('express_shipments', t),
    index('express_shipments_late_idx')
      .on(t.workspaceId, t.archived, t.estimatedDelivery)
      .where(sql`${t.deliveredAt} IS NULL`),
  ],
);

/** The three express tabs' counts per workspace, kept by a trigger on express_shipments. */
export const expressShipmentCounts = pgTable('express_shipment_counts', {
  workspaceId: uuid('workspace_id')
    .primaryKey()
    .references(() => workspaces.id, { onDelete: 'cascade' }),
  active: integer('active').notNull().default(0),
  notFound: integer('not_found').notNull().default(0),
  archived: integer('archived').notNull().default(0),
});
