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

  it('refuses a shipment level it does not know', async () => {
    const app = await buildApp(ctx);
    const start = async () => {
      // @ts-expect-error: the shipment levels are `shipments:view` and `shipments:change`
      app.post('/api/shipments/odd', { config: { access: 'shipments:edit' } }, async () => ({ ok: true }));
      await app.ready();
    };
    await expect(start()).rejects.toThrow('Route POST /api/shipments/odd declares no access level');
  });

  it('hands a tenant to the handlers of workspace levels only (checked by the type checker)', async () => {
    const app = await buildApp(ctx);
    for (const access of ['member', 'admin', 'shipments:view', 'shipments:change'] as const) {
      app.get(`/api/typed/${access.replace(':', '-')}`, { config: { access } }, async (request) => ({
        workspaceId: request.tenant.workspaceId,
        userId: request.user.id,
      }));
    }
    app.get('/api/typed/user', { config: { access: 'user' } }, async (request) => ({
      userId: request.user.id,
      // @ts-expect-error: a `user` route works in no workspace, so its tenant may be null
      workspaceId: request.tenant.workspaceId,
    }));
    app.get('/api/typed/public', { config: { access: 'public' } }, async (request) => ({
      // @ts-expect-error: nobody needs to be signed in for a `public` route
      userId: request.user.id,
    }));
    await expect(app.ready()).resolves.toBeDefined();
    await app.close();
  });

  it('starts when every route declares one', async () => {
    const app = await buildApp(ctx);
    await expect(app.ready()).resolves.toBeDefined();
    await app.close();
    await pool.end();
  });
});
