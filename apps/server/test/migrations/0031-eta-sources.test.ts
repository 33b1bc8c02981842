import { describe, expect, it } from 'vitest';
import { runMigrations } from '../../src/db/migrate';
import { withDatabaseMigratedTo } from './support';

describe('0031_eta_sources', () => {
  it('keeps every carrier fact, and lets each owner keep one fact per item and source', async () => {
    await withDatabaseMigratedTo('0030_references', async (pool) => {
      const id = async (text: string, values: unknown[] = []) =>
        (await pool.query<{ id: string }>(text, values)).rows[0]!.id;
      const user = await id(
        `INSERT INTO users (email, first_name, last_name, password_hash) VALUES ('a@example.com', 'A', 'B', 'x') RETURNING id`,
      );
      const org = await id(`INSERT INTO organizations (name, creator_id) VALUES ('Acme', $1) RETURNING id`, [
        user,
      ]);
      const item = await id(
        `INSERT INTO tracked_items (mode, tracking_no, carrier, scope) VALUES ('ocean', 'MSCU1234565', 'MSCU', 'shared') RETURNING id`,
      );
      const fact = (source: string, organization: string | null) =>
        pool.query(
          `INSERT INTO shipment_arrivals (item_id, source, carrier, arrived_at, error_hours${organization ? ', organization_id' : ''})
           VALUES ($1, $2, 'MSCU', '2026-03-30T00:00:00Z', '{12,12,12,12}'${organization ? ', $3' : ''})`,
          organization ? [item, source, organization] : [item, source],
        );
      await pool.query(
        `INSERT INTO shipment_arrivals (item_id, source, carrier, arrived_at, error_hours)
         VALUES ($1, 'carrier', 'MSCU', '2026-03-30T00:00:00Z', '{12,12,12,12}')`,
        [item],
      );
      await runMigrations(pool);

      const kept = await pool.query(
        `SELECT source, organization_id, workspace_id, error_hours FROM shipment_arrivals`,
      );
      expect(kept.rows).toEqual([
        { source: 'carrier', organization_id: null, workspace_id: null, error_hours: [12, 12, 12, 12] },
      ]);
      // The carrier's fact stays one per item, as does each organization's terminal fact.
      await expect(fact('carrier', null)).rejects.toThrow(/shipment_arrivals_item_source_scope_key/);
      await fact('terminal', org);
      await expect(fact('terminal', org)).rejects.toThrow(/shipment_arrivals_item_source_scope_key/);
    });
  });
});
