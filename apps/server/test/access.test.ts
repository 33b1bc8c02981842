import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { createDatabase } from '../src/db/client';
import { createTestContext } from './context';

// No database is touched: the check happens while routes are registered.
const database = createDatabase('postgres://unused@127.0.0.1:1/unused', 1);
const ctx = await createTestContext(database);
const { pool } = database;

describe('deny by default', () => {
  it('refuses to start when a route declares no access level', async () => {
    const app = await buildApp(ctx);
    const start = async () => {
      app.get('/api/forgotten', async () => ({ ok: true }));
      await app.ready();
    };
    await expect(start()).rejects.toThrow('Route GET /api/forgotten declares no access level');
  });

  it('refuses an access level it does not know', async () => {
    const app = await buildApp(ctx);
    const start = async () => {
      // @ts-expect-error: not an access level
      app.get('/api/odd', { config: { access: 'everyone' } }, async () => ({ ok: true }));
      await app.ready();
    };
    await expect(start()).rejects.toThrow('declares no access level');
  });

  it('starts when every route declares one', async () => {
    const app = await buildApp(ctx);
    await expect(app.ready()).resolves.toBeDefined();
    await app.close();
    await pool.end();
  });
});
