import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
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
      // And the lock is gone with the migration: a later start is not kept waiting. (pg_locks lists
      // the whole server's locks, other test files' among them: only this database's count.)
      const locks = await processes[0]!.pool.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM pg_locks
         WHERE locktype = 'advisory' AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
      );
      expect(locks.rows[0]!.n).toBe(0);
    } finally {
      await Promise.all(processes.map(({ pool }) => pool.end()));
    }
  });
});
