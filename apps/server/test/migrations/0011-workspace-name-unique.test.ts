import { describe, expect, it } from 'vitest';
import { runMigrations } from '../../src/db/migrate';
import { withDatabaseMigratedTo } from './support';

describe('0011_workspace_name_unique', () => {
  it('renames workspaces that already share a name, deterministically, and then refuses a new duplicate', async () => {
    await withDatabaseMigratedTo('0010_attention_indexes', async (pool) => {
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
    });
  });
});
