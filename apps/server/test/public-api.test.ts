import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { apiKeys } from '../src/db/schema/api-keys';
import { organizationMembers, organizations } from '../src/db/schema/organizations';
import { useTestApp } from './app';
import {
  addMember,
  buildTeam,
  containerNo,
  createWorkspaceAs,
  mbl,
  refreshTracked,
  type Team,
} from './factories';

// Its ordinary workspaces follow demo shipments: they opt into demo data (ADR 0035).
const { app, ctx } = await useTestApp({ apiKeyRateLimitPerMinute: 1000, demoCarriers: true });

const asAdmin = (cookie: string, method: 'GET' | 'POST', url: string, payload?: object) =>
  app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
const withKey = (key: string, method: 'GET' | 'POST', url: string, payload?: object) =>
  app.inject({ method, url, headers: { authorization: `Bearer ${key}` }, ...(payload ? { payload } : {}) });

async function createKey(team: Team, scope: 'read' | 'read_write' = 'read_write', name = 'ERP sync') {
  const res = await asAdmin(team.owner.cookie, 'POST', '/api/api-keys', { name, scope });
  expect(res.statusCode).toBe(200);
  return res.json().result as { id: string; key: string; prefix: string; scope: string };
}

async function addOcean(key: string, count = 1) {
  const items = Array.from({ length: count }, () => ({ containerNo: containerNo(), mblNo: mbl() }));
  const res = await withKey(key, 'POST', '/api/v1/shipments/ocean', { items });
  expect(res.statusCode).toBe(200);
  return res.json().result as { containerNo: string; shipmentOverallId: string; outcome: string }[];
}

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

describe('/api/v1 shipments', () => {
  it('adds, lists, gets and archives ocean shipments, with their events', async () => {
    const team = await buildTeam(app, ctx);
    const { key } = await createKey(team);
    const [added] = await addOcean(key);
    expect(added!.outcome).toBe('created');
    await refreshTracked(ctx, [added!.containerNo]);

    const list = await withKey(key, 'GET', '/api/v1/shipments/ocean?limit=10');
    expect(list.json().result.items.map((s: { shipmentOverallId: string }) => s.shipmentOverallId)).toEqual([
      added!.shipmentOverallId,
    ]);
    // Free time names each clock: demurrage's and detention's own last free days, and which ends next.
    const clock = { state: expect.any(String) as string, cost: expect.any(Number) as number };
    expect(list.json().result.items[0].freeTime).toMatchObject({
      combined: false,
      demurrage: clock,
      detention: clock,
      currency: 'USD',
    });
    expect(list.json().result.items[0].freeTime).toHaveProperty('clock');
    const detail = await withKey(key, 'GET', `/api/v1/shipments/ocean/${added!.shipmentOverallId}`);
    expect(detail.statusCode).toBe(200);
    expect(detail.json().result.containerNo).toBe(added!.containerNo);
    const events = await withKey(key, 'GET', `/api/v1/shipments/ocean/${added!.shipmentOverallId}/events`);
    expect(events.json().result.length).toBe(detail.json().result.events.length);
    expect(events.json().result.length).toBeGreaterThan(0);

    const archive = await withKey(key, 'POST', `/api/v1/shipments/ocean/${added!.shipmentOverallId}/archive`);
    expect(archive.json()).toMatchObject({
      success: true,
      result: { shipmentId: added!.shipmentOverallId, archived: true },
    });
    expect((await withKey(key, 'GET', '/api/v1/shipments/ocean')).json().result.items).toEqual([]);
    expect(
      (await withKey(key, 'GET', '/api/v1/shipments/ocean?status=archived')).json().result.items,
    ).toHaveLength(1);
    const back = await withKey(key, 'POST', `/api/v1/shipments/ocean/${added!.shipmentOverallId}/unarchive`);
    expect(back.json().result.archived).toBe(false);
  });

  it('adds, lists, gets and archives express shipments, with their events', async () => {
    const team = await buildTeam(app, ctx);
    const { key } = await createKey(team);
    const res = await withKey(key, 'POST', '/api/v1/shipments/express', {
      items: [{ trackingNo: '1Z999AA10123456784' }],
    });
    expect(res.statusCode).toBe(200);
    const [added] = res.json().result;
    expect(added).toMatchObject({ outcome: 'created', carrier: 'ups' });
    await refreshTracked(ctx, ['1Z999AA10123456784']);
    const list = await withKey(key, 'GET', '/api/v1/shipments/express');
    expect(list.json().result.expressTrackingDocumentList).toHaveLength(1);
    const detail = await withKey(key, 'GET', `/api/v1/shipments/express/${String(added.expressOrderId)}`);
    expect(detail.json().result.expressOrderNo).toBe('1Z999AA10123456784');
    const events = await withKey(
      key,
      'GET',
      `/api/v1/shipments/express/${String(added.expressOrderId)}/events`,
    );
    expect(events.json().result).toEqual(detail.json().result.events);
    const archive = await withKey(
      key,
      'POST',
      `/api/v1/shipments/express/${String(added.expressOrderId)}/archive`,
    );
    expect(archive.json().result).toEqual({ shipmentId: added.expressOrderId, archived: true });
  });

  it('unarchiving through a key counts against the plan’s quota, as in the app, in both modes', async () => {
    const team = await buildTeam(app, ctx);
    await ctx.db
      .update(organizations)
      .set({ shipmentQuota: 3 })
      .where(eq(organizations.id, team.organizationId));
    const { key } = await createKey(team);
    const [first, second] = await addOcean(key, 3);
    const parcelRes = await withKey(key, 'POST', '/api/v1/shipments/express', {
      items: [{ trackingNo: 'TLV1Q0000001', carrier: 'gls' }],
    });
    expect(parcelRes.json().result[0].outcome).toBe('refused');
    const move = (mode: 'ocean' | 'express', id: string | number, to: 'archive' | 'unarchive') =>
      withKey(key, 'POST', `/api/v1/shipments/${mode}/${String(id)}/${to}`);
    const usage = async () =>
      (await asAdmin(team.owner.cookie, 'GET', '/api/billing')).json().result.shipmentUsage;

    expect((await move('ocean', first!.shipmentOverallId, 'archive')).statusCode).toBe(200);
    const parcel = (
      await withKey(key, 'POST', '/api/v1/shipments/express', {
        items: [{ trackingNo: 'TLV1Q0000002', carrier: 'gls' }],
      })
    ).json().result[0];
    expect(parcel.outcome).toBe('created');
    const overQuota =
      'Your plan allows 3 active shipments and 3 are in use: archive others or change the plan before moving these back';
    const refused = await move('ocean', first!.shipmentOverallId, 'unarchive');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ success: false, message: overQuota });
    expect(await usage()).toBe(3);

    expect((await move('express', parcel.expressOrderId, 'archive')).statusCode).toBe(200);
    expect((await move('ocean', first!.shipmentOverallId, 'unarchive')).statusCode).toBe(200);
    const refusedParcel = await move('express', parcel.expressOrderId, 'unarchive');
    expect(refusedParcel.statusCode).toBe(409);
    expect(refusedParcel.json().message).toBe(overQuota);
    expect(await usage()).toBe(3);

    // With room for two, three concurrent moves back take turns: two get it, the third is refused.
    expect((await move('ocean', second!.shipmentOverallId, 'archive')).statusCode).toBe(200);
    expect((await move('ocean', first!.shipmentOverallId, 'archive')).statusCode).toBe(200);
    const answers = await Promise.all([
      move('ocean', first!.shipmentOverallId, 'unarchive'),
      move('ocean', second!.shipmentOverallId, 'unarchive'),
      move('express', parcel.expressOrderId, 'unarchive'),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 200, 409]);
    expect(await usage()).toBe(3);
  });

  it('another workspace’s shipments are not found, by id or in lists', async () => {
    const mine = await buildTeam(app, ctx);
    const theirs = await buildTeam(app, ctx);
    const { key } = await createKey(mine);
    const { key: theirKey } = await createKey(theirs);
    const [foreign] = await addOcean(theirKey);
    const express = (
      await withKey(theirKey, 'POST', '/api/v1/shipments/express', {
        items: [{ trackingNo: '1Z999AA10123456791' }],
      })
    ).json().result[0];
    for (const [method, url] of [
      ['GET', `/api/v1/shipments/ocean/${foreign!.shipmentOverallId}`],
      ['GET', `/api/v1/shipments/ocean/${foreign!.shipmentOverallId}/events`],
      ['POST', `/api/v1/shipments/ocean/${foreign!.shipmentOverallId}/archive`],
      ['POST', `/api/v1/shipments/ocean/${foreign!.shipmentOverallId}/unarchive`],
      ['GET', `/api/v1/shipments/express/${String(express.expressOrderId)}`],
      ['GET', `/api/v1/shipments/express/${String(express.expressOrderId)}/events`],
      ['POST', `/api/v1/shipments/express/${String(express.expressOrderId)}/archive`],
      ['POST', `/api/v1/shipments/express/${String(express.expressOrderId)}/unarchive`],
      ['GET', '/api/v1/shipments/ocean/not-a-uuid'],
    ] as const) {
      const res = await withKey(key, method, url);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
    }
    expect((await withKey(key, 'GET', '/api/v1/shipments/ocean')).json().result.items).toEqual([]);
    expect(
      (await withKey(key, 'GET', '/api/v1/shipments/express')).json().result.expressTrackingDocumentList,
    ).toEqual([]);
    const [row] = await ctx.db
      .execute<{ archived: boolean }>(
        sql`SELECT archived FROM ocean_shipments WHERE id = ${foreign!.shipmentOverallId}`,
      )
      .then((r) => r.rows);
    expect(row!.archived).toBe(false);
  });

  it('a key works in its own workspace only, whichever workspace its creator has open', async () => {
    const team = await buildTeam(app, ctx);
    const { key } = await createKey(team);
    const [shipment] = await addOcean(key);
    const second = await createWorkspaceAs(app, team.owner.cookie, 'Second desk');
    const switched = await asAdmin(team.owner.cookie, 'POST', '/api/workspaces/currentId', {
      workspaceId: second,
    });
    expect(switched.statusCode).toBe(200);
    expect((await asAdmin(team.owner.cookie, 'GET', '/api/shipments/ocean')).json().result.items).toEqual([]);

    expect((await withKey(key, 'GET', '/api/v1/key')).json().result.workspace.id).toBe(
      team.defaultWorkspaceId,
    );
    const list = (await withKey(key, 'GET', '/api/v1/shipments/ocean')).json().result.items;
    expect(list.map((s: { shipmentOverallId: string }) => s.shipmentOverallId)).toEqual([
      shipment!.shipmentOverallId,
    ]);
  });

  it('read-only keys cannot write', async () => {
    const team = await buildTeam(app, ctx);
    const { key: writer } = await createKey(team);
    const [shipment] = await addOcean(writer);
    const { key: reader } = await createKey(team, 'read', 'Dashboard');
    expect((await withKey(reader, 'GET', '/api/v1/shipments/ocean')).statusCode).toBe(200);
    for (const [url, payload] of [
      ['/api/v1/shipments/ocean', { items: [{ containerNo: containerNo(), mblNo: mbl() }] }],
      ['/api/v1/shipments/express', { items: [{ trackingNo: '1Z999AA10123456784' }] }],
      [`/api/v1/shipments/ocean/${shipment!.shipmentOverallId}/archive`, undefined],
      [`/api/v1/shipments/ocean/${shipment!.shipmentOverallId}/unarchive`, undefined],
      [`/api/v1/shipments/express/${shipment!.shipmentOverallId}/archive`, undefined],
      [`/api/v1/shipments/express/${shipment!.shipmentOverallId}/unarchive`, undefined],
    ] as const) {
      const res = await withKey(reader, 'POST', url, payload);
      expect(res.statusCode, url).toBe(403);
      expect(res.json().message).toBe(
        'This API key is read-only. Create a read-write key to add or archive shipments.',
      );
    }
    const list = (await withKey(reader, 'GET', '/api/v1/shipments/ocean')).json().result.items;
    expect(list).toHaveLength(1);
  });

  it('a key loses its power with its creator: demoted, or without shipment access', async () => {
    const team = await buildTeam(app, ctx);
    const admin = await addMember(app, ctx, team, { role: 'company_admin' });
    const res = await asAdmin(admin.cookie, 'POST', '/api/api-keys', {
      name: 'By a second admin',
      scope: 'read_write',
    });
    const { key } = res.json().result as { key: string };
    expect((await withKey(key, 'GET', '/api/v1/key')).statusCode).toBe(200);

    await ctx.db
      .update(organizationMembers)
      .set({ shipmentPermission: 1 })
      .where(eq(organizationMembers.userId, admin.userId));
    expect((await withKey(key, 'GET', '/api/v1/shipments/ocean')).statusCode).toBe(200);
    expect(
      (
        await withKey(key, 'POST', '/api/v1/shipments/ocean', {
          items: [{ containerNo: containerNo(), mblNo: mbl() }],
        })
      ).statusCode,
    ).toBe(403);

    await ctx.db
      .update(organizationMembers)
      .set({ role: 'general_user', shipmentPermission: 0 })
      .where(eq(organizationMembers.userId, admin.userId));
    const demoted = await withKey(key, 'GET', '/api/v1/shipments/ocean');
    expect(demoted.statusCode).toBe(403);
    expect(demoted.json().message).toMatch(/no longer an admin/);
  });

  it('bad input is a 400 in the envelope', async () => {
    const team = await buildTeam(app, ctx);
    const { key } = await createKey(team);
    for (const [method, url, payload] of [
      ['GET', '/api/v1/shipments/ocean?limit=0', undefined],
      ['GET', '/api/v1/shipments/ocean?attention=rolled', undefined],
      ['GET', '/api/v1/shipments/ocean?cursor=nonsense', undefined],
      ['POST', '/api/v1/shipments/ocean', { items: [] }],
      ['POST', '/api/v1/shipments/ocean', { nope: 1 }],
      ['POST', '/api/v1/shipments/express', { items: 'x' }],
    ] as const) {
      const res = await withKey(key, method, url, payload);
      expect(res.statusCode, url).toBe(400);
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
