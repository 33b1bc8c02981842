import { describe, expect, it } from 'vitest';
import { runMigrations } from '../../src/db/migrate';
import { withDatabaseMigratedTo } from './support';

describe('0023_tracking_data_scope', () => {
  it('keeps each item’s events under the scope that answered it, and marks the demo organization', async () => {
    await withDatabaseMigratedTo('0020_share_emails_and_opened', async (pool) => {
      const { rows } = await pool.query<{ demo_org: string; real_org: string; ws: string }>(`
        WITH d AS (INSERT INTO users (email, first_name, last_name, password_hash) VALUES ('Demo@tracklane.local', 'D', 'U', 'x') RETURNING id),
             r AS (INSERT INTO users (email, first_name, last_name, password_hash) VALUES ('real@example.com', 'R', 'U', 'x') RETURNING id),
             od AS (INSERT INTO organizations (name, creator_id) SELECT 'Demo', id FROM d RETURNING id),
             orr AS (INSERT INTO organizations (name, creator_id) SELECT 'Real', id FROM r RETURNING id),
             w AS (INSERT INTO workspaces (organization_id, name) SELECT id, 'WS' FROM orr RETURNING id)
        SELECT (SELECT id FROM od) AS demo_org, (SELECT id FROM orr) AS real_org, (SELECT id FROM w) AS ws`);
      const { demo_org, real_org, ws } = rows[0]!;
      const item = async (no: string, lastSource: string | null, state = 'active') =>
        (
          await pool.query<{ id: string }>(
            `INSERT INTO tracked_items (mode, tracking_no, reference, carrier, state, last_source, derived, event_digest)
             VALUES ('ocean', $1, 'MEDU1', 'MSCU', $3, $2, '{"status":"in_transit"}', 'digest') RETURNING id`,
            [no, lastSource, state],
          )
        ).rows[0]!.id;
      const event = (itemId: string, source: string, eventId: string) =>
        pool.query(
          `INSERT INTO tracking_events (item_id, source, event_id, classifier, event_time, event_created_at, data)
           VALUES ($1, $2, $3, 'ACT', now(), now(), '{}')`,
          [itemId, source, eventId],
        );
      const demo = await item('DEMO0000001', 'demo');
      await event(demo, 'demo', 'd1');
      const real = await item('REAL0000001', 'dcsa', 'completed');
      await event(real, 'dcsa', 'r1');
      // Answered by the demo carrier before the carrier was configured: that part was invented.
      await event(real, 'demo', 'd2');
      const waiting = await item('WAIT0000001', null, 'pending');
      await pool.query(
        `INSERT INTO ocean_shipments (workspace_id, item_id, container_no, mbl_no, carrier_scac) VALUES ($1, $2, 'REAL0000001', 'MEDU1', 'MSCU')`,
        [ws, real],
      );

      await runMigrations(pool);
      const { rows: items } = await pool.query<{ id: string; scope: string; organization_id: string | null }>(
        `SELECT id, scope, organization_id, state, derived, event_digest FROM tracked_items ORDER BY tracking_no`,
      );
      expect(items).toEqual([
        {
          id: demo,
          scope: 'demo',
          organization_id: null,
          state: 'active',
          derived: { status: 'in_transit' },
          event_digest: 'digest',
        },
        // Asked again now, its view derived from the real events alone.
        {
          id: real,
          scope: 'shared',
          organization_id: null,
          state: 'active',
          derived: null,
          event_digest: null,
        },
        {
          id: waiting,
          scope: 'demo',
          organization_id: null,
          state: 'pending',
          derived: { status: 'in_transit' },
          event_digest: 'digest',
        },
      ]);
      const { rows: events } = await pool.query(
        `SELECT item_id, event_id FROM tracking_events ORDER BY event_id`,
      );
      expect(events).toEqual([
        { item_id: demo, event_id: 'd1' },
        { item_id: real, event_id: 'r1' },
      ]);
      const { rows: due } = await pool.query<{ due: boolean }>(
        `SELECT next_check_at <= now() AS due FROM tracked_items WHERE id = $1`,
        [real],
      );
      expect(due).toEqual([{ due: true }]);
      const { rows: orgs } = await pool.query(`SELECT id, demo FROM organizations ORDER BY name`);
      expect(orgs).toEqual([
        { id: demo_org, demo: true },
        { id: real_org, demo: false },
      ]);
      const { rows: subs } = await pool.query(`SELECT item_id FROM ocean_shipments`);
      expect(subs).toEqual([{ item_id: real }]);
      // The same container can now be one organization's own item beside the shared one, once.
      const own = `INSERT INTO tracked_items (mode, tracking_no, reference, carrier, scope, organization_id)
        VALUES ('ocean', 'REAL0000001', 'MEDU1', 'MSCU', 'organization', $1)`;
      await pool.query(own, [real_org]);
      await expect(pool.query(own, [real_org])).rejects.toMatchObject({ code: '23505' });
      await expect(
        pool.query(
          `INSERT INTO tracked_items (mode, tracking_no, reference, carrier, scope) VALUES ('ocean', 'REAL0000001', 'MEDU1', 'MSCU', 'shared')`,
        ),
      ).rejects.toMatchObject({ code: '23505' });
      // An organization's scope names its organization, and no other scope does.
      await expect(
        pool.query(
          `INSERT INTO tracked_items (mode, tracking_no, reference, carrier, scope) VALUES ('ocean', 'X', '', 'MSCU', 'organization')`,
        ),
      ).rejects.toMatchObject({ code: '23514' });
    });
  });
});
