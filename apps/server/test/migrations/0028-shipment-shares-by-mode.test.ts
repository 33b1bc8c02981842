import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { runMigrations } from '../../src/db/migrate';
import { withDatabaseMigratedTo } from './support';

describe('0028_shipment_shares_by_mode', () => {
  it('keeps every share of every mode, its notification and its uniqueness, and forgets it with its shipment', async () => {
    await withDatabaseMigratedTo('0027_exceptions', async (pool) => {
      const one = async <T extends pg.QueryResultRow>(text: string, values: unknown[] = []) =>
        (await pool.query<T>(text, values)).rows[0]!;
      const id = async (text: string, values: unknown[] = []) => (await one<{ id: string }>(text, values)).id;

      const sharer = await id(
        `INSERT INTO users (email, first_name, last_name, password_hash) VALUES ('s@example.com', 'S', 'H', 'x') RETURNING id`,
      );
      const friend = await id(
        `INSERT INTO users (email, first_name, last_name, password_hash) VALUES ('f@example.com', 'F', 'R', 'x') RETURNING id`,
      );
      const org = await id(`INSERT INTO organizations (name, creator_id) VALUES ('Acme', $1) RETURNING id`, [
        sharer,
      ]);
      const ws = await id(`INSERT INTO workspaces (organization_id, name) VALUES ($1, 'WS') RETURNING id`, [
        org,
      ]);
      const item = (mode: string, no: string) =>
        id(
          `INSERT INTO tracked_items (mode, tracking_no, carrier, scope) VALUES ($1, $2, 'MSCU', 'shared') RETURNING id`,
          [mode, no],
        );
      const oceanItem = await item('ocean', 'MSCU1234565');
      const box = await id(
        `INSERT INTO ocean_shipments (workspace_id, item_id, container_no, mbl_no, carrier_scac)
       VALUES ($1, $2, 'MSCU1234565', 'MEDU1', 'MSCU') RETURNING id`,
        [ws, oceanItem],
      );
      const otherBox = await id(
        `INSERT INTO ocean_shipments (workspace_id, item_id, container_no, mbl_no, carrier_scac)
       VALUES ($1, $2, 'MSCU7654321', 'MEDU2', 'MSCU') RETURNING id`,
        [ws, await item('ocean', 'MSCU7654321')],
      );
      const parcel = await id(
        `INSERT INTO express_shipments (workspace_id, item_id, tracking_no, carrier)
       VALUES ($1, $2, 'P1', 'gls') RETURNING id`,
        [ws, await item('express', 'P1')],
      );
      const share = (mode: string, column: string, shipment: string, email: string, revoked = false) =>
        id(
          `INSERT INTO shipment_shares (workspace_id, mode, ${column}, email, shared_by, revoked_at, opened_at)
         VALUES ($1, $2, $3, $4, $5, CASE WHEN $6 THEN now() END, CASE WHEN $4 = 'f@example.com' THEN '2026-10-01T00:00:00Z'::timestamptz END)
         RETURNING id`,
          [ws, mode, shipment, email, sharer, revoked],
        );
      const oceanShare = await share('ocean', 'ocean_shipment_id', box, 'f@example.com');
      const revoked = await share('ocean', 'ocean_shipment_id', box, 'f@example.com', true);
      const otherShare = await share('ocean', 'ocean_shipment_id', otherBox, 'g@example.com');
      const parcelShare = await share('express', 'express_shipment_id', parcel, 'f@example.com');
      await pool.query(
        `INSERT INTO notifications (recipient_id, actor_id, type, share_id, item_id, workspace_ids, in_app, email_state)
       VALUES ($1, $2, 'shared', $3, $4, '{}', true, 'none')`,
        [friend, sharer, oceanShare, oceanItem],
      );

      await runMigrations(pool);
      const { rows } = await pool.query<{ id: string; mode: string; shipment_id: string }>(
        `SELECT id, mode, shipment_id, email, opened_at IS NOT NULL AS opened, revoked_at IS NOT NULL AS revoked
       FROM shipment_shares ORDER BY created_at, id`,
      );
      expect(new Set(rows.map((r) => JSON.stringify(r)))).toEqual(
        new Set(
          [
            {
              id: oceanShare,
              mode: 'ocean',
              shipment_id: box,
              email: 'f@example.com',
              opened: true,
              revoked: false,
            },
            {
              id: revoked,
              mode: 'ocean',
              shipment_id: box,
              email: 'f@example.com',
              opened: true,
              revoked: true,
            },
            {
              id: otherShare,
              mode: 'ocean',
              shipment_id: otherBox,
              email: 'g@example.com',
              opened: false,
              revoked: false,
            },
            {
              id: parcelShare,
              mode: 'express',
              shipment_id: parcel,
              email: 'f@example.com',
              opened: true,
              revoked: false,
            },
          ].map((r) => JSON.stringify(r)),
        ),
      );
      const { rows: columns } = await pool.query(
        `SELECT column_name FROM information_schema.columns
       WHERE table_name = 'shipment_shares' AND column_name LIKE '%shipment_id' ORDER BY column_name`,
      );
      expect(columns).toEqual([{ column_name: 'shipment_id' }]);

      // Still one live share of a shipment per address; a revoked one does not count.
      const again = `INSERT INTO shipment_shares (workspace_id, mode, shipment_id, email) VALUES ($1, $2, $3, $4)`;
      await expect(pool.query(again, [ws, 'ocean', box, 'f@example.com'])).rejects.toMatchObject({
        code: '23505',
        constraint: 'shipment_shares_live_idx',
      });
      await pool.query(`UPDATE shipment_shares SET revoked_at = now() WHERE id = $1`, [parcelShare]);
      await pool.query(again, [ws, 'express', parcel, 'f@example.com']);
      // A shipment is always named; addresses stay lower-cased.
      await expect(pool.query(again, [ws, 'ocean', null, 'h@example.com'])).rejects.toMatchObject({
        code: '23502',
      });
      await expect(pool.query(again, [ws, 'ocean', otherBox, 'H@example.com'])).rejects.toMatchObject({
        code: '23514',
      });

      // A subscription that goes takes its shares, revoked ones too, and their notifications along; a
      // share of another mode that happens to name the same id stays.
      await pool.query(again, [ws, 'express', box, 'k@example.com']);
      await pool.query(`DELETE FROM ocean_shipments WHERE id = $1`, [box]);
      const { rows: left } = await pool.query<{ mode: string; shipment_id: string }>(
        `SELECT mode, shipment_id FROM shipment_shares ORDER BY mode, shipment_id`,
      );
      expect(left.map((r) => `${r.mode} ${r.shipment_id}`).sort()).toEqual(
        [`ocean ${otherBox}`, `express ${parcel}`, `express ${parcel}`, `express ${box}`].sort(),
      );
      expect((await one<{ n: number }>(`SELECT count(*)::int AS n FROM notifications`)).n).toBe(0);
      await pool.query(`DELETE FROM express_shipments WHERE id = $1`, [parcel]);
      const { rows: last } = await pool.query(`SELECT mode, shipment_id FROM shipment_shares ORDER BY mode`);
      expect(last).toEqual([
        { mode: 'express', shipment_id: box },
        { mode: 'ocean', shipment_id: otherBox },
      ]);
    });
  });
});
