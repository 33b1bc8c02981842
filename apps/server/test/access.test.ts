import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { createDatabase } from '../src/db/client';
import { createLogger } from '../src/lib/logger';

// No database is touched: the check happens while routes are registered.
const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' });
const { db, pool } = createDatabase('postgres://unused@127.0.0.1:1/unused', 1);

describe('deny by default', () => {
  it('refuses to start when a route declares no access level', async () => {
    const app = await buildApp({ config, db, logger: createLogger(config) });
    const start = async () => {
      app.get('/api/forgotten', async () => ({ ok: true }));
      await app.ready();
    };
    await expect(start()).rejects.toThrow('Route GET /api/forgotten declares no access level');
  });

  it('refuses an access level it does not know', async () => {
    const app = await buildApp({ config, db, logger: createLogger(config) });
    const start = async () => {
      // @ts-expect-error: not an access level
      app.get('/api/odd', { config: { access: 'everyone' } }, async () => ({ ok: true }));
      await app.ready();
    };
    await expect(start()).rejects.toThrow('declares no access level');
  });

  it('starts when every route declares one', async () => {
    const app = await buildApp({ config, db, logger: createLogger(config) });
    await expect(app.ready()).resolves.toBeDefined();
    await app.close();
    await pool.end();
  });
});
