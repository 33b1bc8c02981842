import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { runMigrations } from '../../src/db/migrate';
import { withDatabaseMigratedTo } from './support';

describe('0021_personal_favourites', () => {
  it("gives each of today's stars to every member who may see the workspace's shipments, then drops the flag", async () => {
    await withDatabaseMigratedTo('0020_share_emails_and_opened', async (pool) => {
      const user = async (email: string) =>
        (
          await pool.query<{ id: string }>(
            `INSERT INTO users (email, first_name, last_name, password_hash) VALUES ($1, 'F', 'L', 'x') RETURNING id`,
            [email],
          )
        ).rows[0]!.id;
      const [owner, viewer, noAccess, elsewhere, outsider] = (await Promise.all(
        ['owner', 'viewer', 'none', 'elsewhere', 'outsider'].map((n) => user(`${n}@example.com`)),
      )) as [string, string, string, string, string];
      const one = async <T extends pg.QueryResultRow>(text: string, values: unknown[]) =>
        (await pool.query<T>(text, values)).rows[0]!;
      const { id: org } = await one<{ id: string }>(
        `INSERT INTO organizations (name, creator_id) VALUES ('Acme', $1) RETURNING id`,
        [owner],
      );
      const { id: other } = await one<{ id: string }>(
        `INSERT INTO organizations (name, creator_id) VALUES ('Beta', $1) RETURNING id`,
        [outsider],
      );
      const workspace = async (organizationId: string, wsName: string, members: [string, number][]) => {
        const { id } = await one<{ id: string }>(
          `INSERT INTO workspaces (organization_id, name) VALUES ($1, $2) RETURNING id`,
          [organizationId, wsName],
        );
        for (const [userId, permission] of members) {
          await pool.query(
            `INSERT INTO organization_members (organization_id, user_id, role, shipment_permission)
             VALUES ($1, $2, 'general_user', $3) ON CONFLICT DO NOTHING`,
            [organizationId, userId, permission],
          );
          await pool.query(`INSERT INTO workspace_members (workspace_id, user_id) VALUES ($1, $2)`, [
            id,
            userId,
          ]);
        }
        return id;
      };
      // Acme's Imports: an editor (0), a view-only member (1) and one without shipment access (2).
      const imports = await workspace(org, 'Imports', [
        [owner, 0],
        [viewer, 1],
        [noAccess, 2],
      ]);
      // Acme's Exports: another member of the organization, not of Imports.
      const exportsWs = await workspace(org, 'Exports', [[elsewhere, 0]]);
      const beta = await workspace(other, 'Beta', [[outsider, 0]]);

      const item = async (mode: string, trackingNo: string) =>
        (
          await one<{ id: string }>(
            `INSERT INTO tracked_items (mode, tracking_no, carrier) VALUES ($1, $2, 'MSCU') RETURNING id`,
            [mode, trackingNo],
          )
        ).id;
      const ocean = async (ws: string, favorite: boolean, favoritedAt: string | null = null) =>
        (
          await one<{ id: string }>(
            `INSERT INTO ocean_shipments (workspace_id, item_id, container_no, mbl_no, carrier_scac, favorite, favorited_at)
             VALUES ($1, $2, 'MSCU1234565', 'MEDU1', 'MSCU', $3, $4) RETURNING id`,
            [ws, await item('ocean', `C${String(Math.random())}`), favorite, favoritedAt],
          )
        ).id;
      const express = async (ws: string, favorite: boolean) =>
        (
          await one<{ id: string }>(
            `INSERT INTO express_shipments (workspace_id, item_id, tracking_no, carrier, favorite, favorited_at)
             VALUES ($1, $2, 'P1', 'gls', $3, CASE WHEN $3 THEN now() END) RETURNING id`,
            [ws, await item('express', `P${String(Math.random())}`), favorite],
          )
        ).id;
      const starred = await ocean(imports, true, '2026-10-01T08:00:00.123Z');
      const plain = await ocean(imports, false);
      const parcel = await express(imports, true);
      const exported = await ocean(exportsWs, true, '2026-10-02T00:00:00Z');
      const betas = await express(beta, true);
      await ocean(beta, false);

      await runMigrations(pool);
      const { rows } = await pool.query<{
        user_id: string;
        mode: string;
        subscription_id: string;
        created_at: Date;
      }>(`SELECT user_id, mode, subscription_id, created_at FROM shipment_favorites`);
      const got = rows.map((r) => `${r.user_id} ${r.mode} ${r.subscription_id}`).sort();
      expect(got).toEqual(
        [
          `${owner} ocean ${starred}`,
          `${viewer} ocean ${starred}`,
          `${owner} express ${parcel}`,
          `${viewer} express ${parcel}`,
          `${elsewhere} ocean ${exported}`,
          `${outsider} express ${betas}`,
        ].sort(),
      );
      expect(got.some((g) => g.includes(plain) || g.startsWith(noAccess))).toBe(false);
      // Starred when the workspace starred it.
      expect(
        rows.find((r) => r.subscription_id === starred && r.user_id === viewer)!.created_at.toISOString(),
      ).toBe('2026-10-01T08:00:00.123Z');
      const columns = await pool.query<{ table_name: string; column_name: string }>(
        `SELECT table_name, column_name FROM information_schema.columns
         WHERE table_name IN ('ocean_shipments', 'express_shipments') AND column_name LIKE 'favorit%'`,
      );
      expect(columns.rows).toEqual([]);

      // A subscription that goes takes its stars along, per mode.
      await pool.query(`DELETE FROM ocean_shipments WHERE id = $1`, [starred]);
      const left = await pool.query<{ subscription_id: string }>(
        `SELECT subscription_id FROM shipment_favorites`,
      );
      expect(new Set(left.rows.map((r) => r.subscription_id))).toEqual(new Set([parcel, exported, betas]));
    });
  });
});
