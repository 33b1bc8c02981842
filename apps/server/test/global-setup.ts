import { generateKeyPairSync } from 'node:crypto';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { createDatabase } from '../src/db/client';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../src/db/embedded';
import { runMigrations } from '../src/db/migrate';
import { startJobQueue } from '../src/jobs/queue';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Superuser URL of the test server's maintenance database. */
    dbAdminUrl: string;
    /** A migrated database that every test file clones. */
    dbTemplate: string;
    /** One RSA key for the run: generating a 3072-bit key per file would be slow. */
    authKeyPem: string;
  }
}

const quiet = { info: () => undefined, warn: console.warn, debug: () => undefined };

/**
 * One PostgreSQL for the run (TEST_DATABASE_URL, or an embedded server in a temp dir), and one migrated
 * template database that each test file copies with CREATE DATABASE … TEMPLATE: fresh, fast, isolated.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  let embedded: EmbeddedDatabase | undefined;
  let tempDir: string | undefined;
  let adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    tempDir = await mkdtemp(path.join(tmpdir(), 'tracklane-test-'));
    // The embedded server runs as the unprivileged postgres user when we are root: let it in.
    await chmod(tempDir, 0o755);
    embedded = await startEmbeddedPostgres({
      dataDir: path.join(tempDir, 'pg'),
      logger: quiet,
      persistent: false,
    });
    adminUrl = embedded.adminUrl;
  }
  const template = `tracklane_tpl_${String(process.pid)}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${template}`);
  const templateUrl = withDatabase(adminUrl, template);
  const { pool } = createDatabase(templateUrl, 1);
  await runMigrations(pool);
  await pool.end();
  // pg-boss creates its schema on first start: do it once, in the template.
  const jobs = await startJobQueue(templateUrl, console);
  await jobs.boss.stop({ graceful: false });
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 3072 });
  project.provide('authKeyPem', privateKey.export({ type: 'pkcs8', format: 'pem' }).toString());

  project.provide('dbAdminUrl', adminUrl);
  project.provide('dbTemplate', template);

  return async () => {
    // Test files drop their own databases; anything left behind by a crashed file goes here.
    const { rows } = await admin.query<{ datname: string }>(
      `SELECT datname FROM pg_database WHERE datname = $1 OR datname LIKE $2`,
      [template, `${template}_%`],
    );
    for (const { datname } of rows) await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
    await admin.end();
    await embedded?.stop();
    if (tempDir) await rm(tempDir, { recursive: true, force: true });
  };
}

export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}
