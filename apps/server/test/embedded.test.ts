import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres } from '../src/db/embedded';

const quiet = { info: () => undefined, warn: () => undefined, debug: () => undefined };
const dir = await mkdtemp(path.join(tmpdir(), 'tracklane-embedded-'));
await chmod(dir, 0o755);
afterAll(() => rm(dir, { recursive: true, force: true }));

async function query(url: string, sql: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await client.query(sql);
  } finally {
    await client.end();
  }
}

describe('embedded PostgreSQL', () => {
  it('keeps its data across a stop and a second start', async () => {
    const dataDir = path.join(dir, 'postgres');
    const first = await startEmbeddedPostgres({ dataDir, logger: quiet });
    await query(first.adminUrl, 'CREATE TABLE kept (v text); INSERT INTO kept VALUES ($$still here$$)');
    const listen = await query(first.adminUrl, 'SHOW listen_addresses');
    expect(listen.rows[0]).toEqual({ listen_addresses: '127.0.0.1' });
    await first.stop();

    const second = await startEmbeddedPostgres({ dataDir, logger: quiet });
    const { rows } = await query(second.adminUrl, 'SELECT v FROM kept');
    expect(rows).toEqual([{ v: 'still here' }]);
    await second.stop();
  });
});
