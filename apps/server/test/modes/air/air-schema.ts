import { sql } from 'drizzle-orm';
import { pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { Pool } from 'pg';
import { subscriptionColumns } from '../../../src/db/schema/tracking';

/**
 * The test-only air mode's subscriptions: a workspace following an air waybill (tracked_items'
 * tracking_no = the AWB, carrier = the airline's IATA code), with the list columns the mode copies.
 */
export const airShipments = pgTable(
  'air_shipments',
  {
    ...subscriptionColumns(),
    awb: text('awb').notNull(),
    airline: text('airline').notNull(),
    status: text('status'),
    etaAt: timestamp('eta_at', { withTimezone: true }),
    landedAt: timestamp('landed_at', { withTimezone: true }),
    tab: text('tab', { enum: ['active', 'archived'] }).generatedAlwaysAs(
      sql`CASE WHEN archived THEN 'archived' ELSE 'active' END`,
    ),
    updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('air_shipments_workspace_item_idx').on(t.workspaceId, t.itemId)],
);

/**
 * The table as a migration of the mode would create it (the product's migrations know nothing of a
 * test-only mode), with the triggers every subscription table has: a deleted subscription takes its
 * stars and custom field values with it, and its parties' names follow their companies (ADR 0054).
 */
export async function createAirTables(pool: Pool): Promise<void> {
  await pool.query(`
    CREATE TABLE IF NOT EXISTS air_shipments (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      workspace_id uuid NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
      item_id uuid NOT NULL REFERENCES tracked_items(id) ON DELETE RESTRICT,
      state text NOT NULL DEFAULT 'pending',
      archived boolean NOT NULL DEFAULT false,
      archived_at timestamptz,
      tags text[] NOT NULL DEFAULT '{}'::text[],
      booking_number text,
      customer_reference text,
      po_numbers text[] NOT NULL DEFAULT '{}'::text[],
      shipper_id uuid REFERENCES companies(id) ON DELETE SET NULL,
      consignee_id uuid REFERENCES companies(id) ON DELETE SET NULL,
      customer_id uuid REFERENCES companies(id) ON DELETE SET NULL,
      forwarder_id uuid REFERENCES companies(id) ON DELETE SET NULL,
      shipper_sort_name text,
      consignee_sort_name text,
      customer_sort_name text,
      forwarder_sort_name text,
      created_by uuid REFERENCES users(id) ON DELETE SET NULL,
      created_at timestamptz(3) NOT NULL DEFAULT now(),
      awb text NOT NULL,
      airline text NOT NULL,
      status text,
      eta_at timestamptz,
      landed_at timestamptz,
      tab text GENERATED ALWAYS AS (CASE WHEN archived THEN 'archived' ELSE 'active' END) STORED,
      updated_at timestamptz(3) NOT NULL DEFAULT now()
    );
    CREATE UNIQUE INDEX IF NOT EXISTS air_shipments_workspace_item_idx
      ON air_shipments (workspace_id, item_id);
    CREATE OR REPLACE TRIGGER air_shipments_forget_favorites AFTER DELETE ON air_shipments
      REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION shipment_favorites_forget('air');
    CREATE OR REPLACE TRIGGER air_shipments_forget_custom_values AFTER DELETE ON air_shipments
      REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION custom_field_values_forget('air');
    CREATE OR REPLACE TRIGGER air_shipments_party_sort_names
      BEFORE INSERT OR UPDATE OF shipper_id, consignee_id, customer_id, forwarder_id ON air_shipments
      FOR EACH ROW EXECUTE FUNCTION shipment_party_sort_names();
    CREATE OR REPLACE TRIGGER air_shipments_party_sort_names_follow AFTER UPDATE ON companies
      REFERENCING OLD TABLE AS renamed_old NEW TABLE AS renamed_new
      FOR EACH STATEMENT EXECUTE FUNCTION shipment_party_sort_names_follow('air_shipments');`);
}
