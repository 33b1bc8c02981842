import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { createDatabase } from '../../src/db/client';
import { MIGRATIONS_DIR, runMigrations } from '../../src/db/migrate';
import { withDatabase } from '../global-setup';

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

/**
 * Runs `test` on a database of its own, empty at first and migrated up to (and including) `lastTag`:
 * the test puts the data of that time in, runs the remaining migrations (`runMigrations(pool)`) and
 * checks what they made of it. The database is dropped afterwards, whatever the outcome.
 */
export async function withDatabaseMigratedTo(
  lastTag: string,
  test: (pool: pg.Pool) => Promise<void>,
): Promise<void> {
  const adminUrl = inject('dbAdminUrl');
  const name = `${inject('dbTemplate')}_mig_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
    const { pool } = createDatabase(withDatabase(adminUrl, name), 2);
    const before = migrationsUpTo(lastTag);
    try {
      await runMigrations(pool, before);
      await test(pool);
    } finally {
      await pool.end();
      rmSync(before, { recursive: true, force: true });
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    }
  } finally {
    await admin.end();
  }
}
