import { describe, expect, it } from 'vitest';
import { runMigrations } from '../../src/db/migrate';
import { withDatabaseMigratedTo } from './support';

describe('0007_tracking_engine', () => {
  it('turns containers into ocean tracked items and keeps every event, fact and subscription', async () => {
    await withDatabaseMigratedTo('0006_ocean_shipment_counts_trigger', async (pool) => {
      const { rows: ids } = await pool.query<{ user_id: string; ws: string; c: string }>(`
        WITH u AS (INSERT INTO users (email, first_name, last_name, password_hash) VALUES ('m@example.com', 'M', 'G', 'x') RETURNING id),
             o AS (INSERT INTO organizations (name, creator_id) SELECT 'Org', id FROM u RETURNING id),
             w AS (INSERT INTO workspaces (organization_id, name) SELECT id, 'WS' FROM o RETURNING id),
             c AS (INSERT INTO containers (container_no, mbl_no, carrier_scac, state, derived, last_free_day)
                   VALUES ('MSCU1234565', 'MEDU1', 'MSCU', 'active', '{"status":"in_transit"}', '2026-11-08T00:00:00Z') RETURNING id)
        SELECT (SELECT id FROM u) AS user_id, (SELECT id FROM w) AS ws, (SELECT id FROM c) AS c`);
      const { ws, c } = ids[0]!;
      await pool.query(
        `INSERT INTO container_events (container_id, source, event_id, event_type, type_code, classifier, empty_indicator,
           location_code, location_name, vessel_name, vessel_imo, voyage, transport_call_sequence, event_time, event_created_at)
         VALUES ($1, 'demo', 'e1', 'EQUIPMENT', 'LOAD', 'ACT', 'LADEN', 'CNSHA', 'Shanghai', 'EVER ACE', '9893890', '001W', 1,
           '2026-11-01T02:03:04.5+08:00', '2026-11-01T00:00:00Z')`,
        [c],
      );
      const { rows: sub } = await pool.query<{ id: string }>(
        `INSERT INTO ocean_shipments (workspace_id, container_id, container_no, mbl_no, carrier_scac) VALUES ($1, $2, 'MSCU1234565', 'MEDU1', 'MSCU') RETURNING id`,
        [ws, c],
      );

      await runMigrations(pool);
      const item = await pool.query(
        `SELECT mode, tracking_no, reference, carrier, state, derived, facts FROM tracked_items WHERE id = $1`,
        [c],
      );
      expect(item.rows[0]).toEqual({
        mode: 'ocean',
        tracking_no: 'MSCU1234565',
        reference: 'MEDU1',
        carrier: 'MSCU',
        state: 'active',
        derived: { status: 'in_transit' },
        facts: { lastFreeDay: '2026-11-08T00:00:00.000Z' },
      });
      const events = await pool.query(
        `SELECT item_id, source, event_id, classifier, data FROM tracking_events`,
      );
      expect(events.rows).toEqual([
        {
          item_id: c,
          source: 'demo',
          event_id: 'e1',
          classifier: 'ACT',
          data: {
            eventId: 'e1',
            eventType: 'EQUIPMENT',
            typeCode: 'LOAD',
            classifier: 'ACT',
            emptyIndicator: 'LADEN',
            locationCode: 'CNSHA',
            locationName: 'Shanghai',
            vesselName: 'EVER ACE',
            vesselImo: '9893890',
            voyage: '001W',
            transportCallSequence: 1,
            eventTime: '2026-10-31T18:03:04.500Z',
            createdAt: '2026-11-01T00:00:00.000Z',
          },
        },
      ]);
      const subscription = await pool.query(`SELECT item_id FROM ocean_shipments WHERE id = $1`, [
        sub[0]!.id,
      ]);
      expect(subscription.rows).toEqual([{ item_id: c }]);
      // New events continue the old numbering.
      const next = await pool.query<{ id: string }>(
        `INSERT INTO tracking_events (item_id, source, event_id, classifier, event_time, event_created_at, data)
         VALUES ($1, 'demo', 'e2', 'ACT', now(), now(), '{}') RETURNING id`,
        [c],
      );
      expect(Number(next.rows[0]!.id)).toBeGreaterThan(1);
    });
  });
});
