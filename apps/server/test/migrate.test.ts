import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { createDatabase } from '../src/db/client';
import { MIGRATIONS_DIR, runMigrations } from '../src/db/migrate';
import { withDatabase } from './global-setup';

const adminUrl = inject('dbAdminUrl');
// A database of its own, empty: this test is about the very first start.
const name = `${inject('dbTemplate')}_mig_${randomBytes(4).toString('hex')}`;
const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`CREATE DATABASE ${name}`);
afterAll(async () => {
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
});

const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8')) as {
  entries: unknown[];
};

describe('runMigrations', () => {
  it('applies the schema once when several processes start at the same moment', async () => {
    // One pool each, as separate server processes would have.
    const processes = Array.from({ length: 6 }, () => createDatabase(withDatabase(adminUrl, name), 2));
    try {
      const results = await Promise.allSettled(processes.map(({ pool }) => runMigrations(pool)));
      expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
      const applied = await processes[0]!.pool.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations',
      );
      expect(applied.rows[0]!.n).toBe(journal.entries.length);
      // And the lock is gone with the migration: a later start is not kept waiting.
      const locks = await processes[0]!.pool.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory'`,
      );
      expect(locks.rows[0]!.n).toBe(0);
    } finally {
      await Promise.all(processes.map(({ pool }) => pool.end()));
    }
  });
});

/** The migrations folder as it was up to (and including) `lastTag`. */
function migrationsUpTo(lastTag: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'tracklane-migrations-'));
  cpSync(MIGRATIONS_DIR, dir, { recursive: true });
  const full = JSON.parse(readFileSync(path.join(dir, 'meta/_journal.json'), 'utf8')) as {
    entries: { tag: string; idx: number }[];
  };
  const last = full.entries.findIndex((e) => e.tag === lastTag);
  writeFileSync(
    path.join(dir, 'meta/_journal.json'),
    JSON.stringify({ ...full, entries: full.entries.slice(0, last + 1) }),
  );
  return dir;
}

describe('0007_tracking_engine', () => {
  it('turns containers into ocean tracked items and keeps every event, fact and subscription', async () => {
    const dbName = `${name}_engine`;
    await admin.query(`CREATE DATABASE ${dbName}`);
    const { pool } = createDatabase(withDatabase(adminUrl, dbName), 2);
    const before = migrationsUpTo('0006_ocean_shipment_counts_trigger');
    try {
      await runMigrations(pool, before);
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
    } finally {
      await pool.end();
      rmSync(before, { recursive: true, force: true });
      await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    }
  });
});

describe('0011_workspace_name_unique', () => {
  it('renames workspaces that already share a name, deterministically, and then refuses a new duplicate', async () => {
    const dbName = `${name}_wsnames`;
    await admin.query(`CREATE DATABASE ${dbName}`);
    const { pool } = createDatabase(withDatabase(adminUrl, dbName), 2);
    const before = migrationsUpTo('0010_attention_indexes');
    try {
      await runMigrations(pool, before);
      const { rows } = await pool.query<{ acme: string; beta: string }>(`
        WITH u AS (INSERT INTO users (email, first_name, last_name, password_hash) VALUES ('n@example.com', 'N', 'D', 'x') RETURNING id),
             a AS (INSERT INTO organizations (name, creator_id) SELECT 'Acme', id FROM u RETURNING id),
             b AS (INSERT INTO organizations (name, creator_id) SELECT 'Beta', id FROM u RETURNING id)
        SELECT (SELECT id FROM a) AS acme, (SELECT id FROM b) AS beta`);
      const { acme, beta } = rows[0]!;
      const long = 'L'.repeat(30) + ' ' + 'x'.repeat(29);
      // In creation order; the default workspace keeps its name even though it is not the oldest.
      const workspaces: [string, string, string, boolean][] = [
        ['w1', acme, 'imports europe', false],
        ['w2', acme, 'Imports Europe', true],
        ['w3', acme, 'Imports  Europe ', false],
        ['w4', acme, 'Imports Europe 2', false],
        ['w5', acme, 'Exports', false],
        ['w6', beta, 'Imports Europe', true],
        ['w7', acme, long, false],
        ['w8', acme, long.toUpperCase(), false],
      ];
      const ids = new Map<string, string>();
      for (const [label, organizationId, workspaceName, isDefault] of workspaces) {
        const inserted = await pool.query<{ id: string }>(
          `INSERT INTO workspaces (organization_id, name, is_default, created_at)
           VALUES ($1, $2, $3, now() + make_interval(secs => $4)) RETURNING id`,
          [organizationId, workspaceName, isDefault, ids.size],
        );
        ids.set(label, inserted.rows[0]!.id);
      }

      await runMigrations(pool);
      const named = async () => {
        const { rows: after } = await pool.query<{ id: string; name: string }>(
          `SELECT id, name FROM workspaces`,
        );
        return new Map([...ids].map(([label, id]) => [label, after.find((r) => r.id === id)!.name]));
      };
      expect(Object.fromEntries(await named())).toEqual({
        w1: 'imports europe 3', // " 2" is taken by w4
        w2: 'Imports Europe',
        w3: 'Imports Europe 4', // the next free one after w1's
        w4: 'Imports Europe 2',
        w5: 'Exports',
        w6: 'Imports Europe', // another organization: untouched
        w7: long,
        w8: `${'L'.repeat(30)} ${'X'.repeat(27)} 2`, // cut to stay within 60 characters
      });
      expect([...(await named()).values()].every((n) => n.length <= 60)).toBe(true);

      await expect(
        pool.query(`INSERT INTO workspaces (organization_id, name) VALUES ($1, ' EXPORTS')`, [acme]),
      ).rejects.toMatchObject({ code: '23505', constraint: 'workspaces_organization_name_idx' });
      await pool.query(`INSERT INTO workspaces (organization_id, name) VALUES ($1, 'Exports')`, [beta]);
    } finally {
      await pool.end();
      rmSync(before, { recursive: true, force: true });
      await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    }
  });
});

describe('0021_personal_favourites', () => {
  it("gives each of today's stars to every member who may see the workspace's shipments, then drops the flag", async () => {
    const dbName = `${name}_favourites`;
    await admin.query(`CREATE DATABASE ${dbName}`);
    const { pool } = createDatabase(withDatabase(adminUrl, dbName), 2);
    const before = migrationsUpTo('0020_share_emails_and_opened');
    try {
      await runMigrations(pool, before);
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
    } finally {
      await pool.end();
      rmSync(before, { recursive: true, force: true });
      await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    }
  });
});

describe('0023_tracking_data_scope', () => {
  it('keeps each item’s events under the scope that answered it, and marks the demo organization', async () => {
    const dbName = `${name}_scope`;
    await admin.query(`CREATE DATABASE ${dbName}`);
    const { pool } = createDatabase(withDatabase(adminUrl, dbName), 2);
    const before = migrationsUpTo('0020_share_emails_and_opened');
    try {
      await runMigrations(pool, before);
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
    } finally {
      await pool.end();
      rmSync(before, { recursive: true, force: true });
      await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    }
  });
});
