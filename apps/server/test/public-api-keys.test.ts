import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { apiKeys } from '../src/db/schema/api-keys';
import { addMember, buildTeam } from './factories';
import { usePublicApiApp } from './support/public-api';

const { app, ctx, asAdmin, withKey, createKey } = await usePublicApiApp();

describe('API keys', () => {
  it('are shown once, stored only as a hash with a visible prefix, and listed without the key', async () => {
    const team = await buildTeam(app, ctx);
    const created = await createKey(team);
    expect(created.key).toMatch(/^tlk_[A-Za-z0-9_-]{43}$/);
    expect(created.prefix).toBe(created.key.slice(0, 12));

    const [row] = await ctx.db.select().from(apiKeys).where(eq(apiKeys.id, created.id));
    expect(row!.tokenHash).toBe(createHash('sha256').update(created.key).digest('base64url'));
    expect(JSON.stringify(row)).not.toContain(created.key);

    const list = await asAdmin(team.owner.cookie, 'GET', '/api/api-keys');
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(created.key);
    expect(list.json().result).toEqual([
      expect.objectContaining({
        id: created.id,
        name: 'ERP sync',
        prefix: created.prefix,
        scope: 'read_write',
        lastUsedAt: null,
        revokedAt: null,
      }),
    ]);

    const me = await withKey(created.key, 'GET', '/api/v1/key');
    expect(me.statusCode).toBe(200);
    expect(me.json().result).toMatchObject({
      name: 'ERP sync',
      scope: 'read_write',
      workspace: { id: team.defaultWorkspaceId },
    });
    const [used] = await ctx.db.select().from(apiKeys).where(eq(apiKeys.id, created.id));
    expect(used!.lastUsedAt).not.toBeNull();
  });

  it('stop working the moment they are revoked', async () => {
    const team = await buildTeam(app, ctx);
    const { id, key } = await createKey(team);
    expect((await withKey(key, 'GET', '/api/v1/shipments/ocean')).statusCode).toBe(200);
    const revoke = await asAdmin(team.owner.cookie, 'POST', `/api/api-keys/${id}/revoke`);
    expect(revoke.statusCode).toBe(200);
    const after = await withKey(key, 'GET', '/api/v1/shipments/ocean');
    expect(after.statusCode).toBe(401);
    expect(after.json()).toMatchObject({
      success: false,
      code: 'UNAUTHENTICATED',
      message: 'This API key is not valid or has been revoked.',
    });
    const listed = (await asAdmin(team.owner.cookie, 'GET', '/api/api-keys')).json().result;
    expect(listed[0].revokedAt).not.toBeNull();
  });

  it('stop working when they expire', async () => {
    const team = await buildTeam(app, ctx);
    const { id, key } = await createKey(team);
    await ctx.db
      .update(apiKeys)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(apiKeys.id, id));
    const res = await withKey(key, 'GET', '/api/v1/key');
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toMatch(/expired/);
  });

  it('refuses an expiry in the past and a missing name', async () => {
    const team = await buildTeam(app, ctx);
    const past = await asAdmin(team.owner.cookie, 'POST', '/api/api-keys', {
      name: 'Old',
      scope: 'read',
      expiresAt: '2020-01-01T00:00:00Z',
    });
    expect(past.statusCode).toBe(400);
    expect(past.json().message).toBe('Expiry must be in the future');
    const unnamed = await asAdmin(team.owner.cookie, 'POST', '/api/api-keys', { name: ' ', scope: 'read' });
    expect(unnamed.statusCode).toBe(400);
  });

  it('are managed by company admins only, each in their own workspace', async () => {
    const team = await buildTeam(app, ctx);
    const { id } = await createKey(team);
    const member = await addMember(app, ctx, team, { role: 'general_user' });
    for (const [method, url] of [
      ['GET', '/api/api-keys'],
      ['POST', '/api/api-keys'],
      ['POST', `/api/api-keys/${id}/revoke`],
    ] as const) {
      const res = await asAdmin(
        member.cookie,
        method,
        url,
        method === 'POST' ? { name: 'x', scope: 'read' } : undefined,
      );
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
    const other = await buildTeam(app, ctx);
    const foreign = await asAdmin(other.owner.cookie, 'POST', `/api/api-keys/${id}/revoke`);
    expect(foreign.statusCode).toBe(404);
    expect((await asAdmin(other.owner.cookie, 'GET', '/api/api-keys')).json().result).toEqual([]);
    const stillThere = await ctx.db.select().from(apiKeys).where(eq(apiKeys.id, id));
    expect(stillThere[0]!.revokedAt).toBeNull();
  });
});

describe('keys and cookies never mix', () => {
  it('a session cookie does not reach /api/v1/, and a key does not reach session routes', async () => {
    const team = await buildTeam(app, ctx);
    const { key } = await createKey(team);
    const cookieOnly = await asAdmin(team.owner.cookie, 'GET', '/api/v1/shipments/ocean');
    expect(cookieOnly.statusCode).toBe(401);
    expect(cookieOnly.json().message).toMatch(/Authorization: Bearer/);

    const keyOnSession = await withKey(key, 'GET', '/api/shipments/ocean');
    expect(keyOnSession.statusCode).toBe(401);
    expect(keyOnSession.json().message).toBe(
      'API keys work only under /api/v1/. This route needs a signed-in session.',
    );
    const keyOnAdmin = await withKey(key, 'GET', '/api/api-keys');
    expect(keyOnAdmin.statusCode).toBe(401);
  });

  it('unknown and malformed keys are refused', async () => {
    for (const authorization of ['Bearer tlk_nope', 'Basic abc', `Bearer ${'x'.repeat(300)}`, '']) {
      const res = await app.inject({ method: 'GET', url: '/api/v1/key', headers: { authorization } });
      expect(res.statusCode, authorization).toBe(401);
      expect(res.json().success).toBe(false);
    }
  });
});

describe('per-key rate limit', () => {
  it('answers 429 with Retry-After once a key has used its minute, in every process (PostgreSQL)', async () => {
    const team = await buildTeam(app, ctx);
    const { id, key } = await createKey(team);
    const { key: other } = await createKey(team, 'read', 'Other');
    // Another process having used this key's whole minute: the count lives in PostgreSQL.
    await ctx.db.execute(
      sql`INSERT INTO rate_limits (key, window_start, count) VALUES (${`api-key:${id}`}, now(), 1000)`,
    );
    const res = await withKey(key, 'GET', '/api/v1/key');
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(res.json()).toMatchObject({ success: false, code: 'RATE_LIMITED' });
    // Each key has its own budget.
    expect((await withKey(other, 'GET', '/api/v1/key')).statusCode).toBe(200);
  });
});
