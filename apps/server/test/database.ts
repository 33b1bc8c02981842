import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, inject } from 'vitest';
import { createDatabase, type DatabaseHandle } from '../src/db/client';
import { withDatabase } from './global-setup';

/**
 * A fresh database for the calling test file, cloned from the migrated template and dropped after the
 * file's tests. Call it at the top level of a test file.
 */
export async function useTestDatabase(): Promise<DatabaseHandle & { url: string }> {
  const adminUrl = inject('dbAdminUrl');
  const name = `${inject('dbTemplate')}_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject('dbTemplate')}`);
  } finally {
    await admin.end();
  }
  const url = withDatabase(adminUrl, name);
  const handle = createDatabase(url, 5);
  afterAll(async () => {
    await handle.pool.end();
    const drop = new pg.Client({ connectionString: adminUrl });
    await drop.connect();
    await drop.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await drop.end();
  });
  return { ...handle, url };
}
