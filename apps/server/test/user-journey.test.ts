import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { usageEvents } from '../src/db/schema/feedback';
import { useTestApp } from './app';
import { buildTeam } from './factories';

const { app, ctx } = await useTestApp();

const post = (url: string, cookie: string | null, payload: object) =>
  app.inject({ method: 'POST', url, headers: cookie ? { cookie } : {}, payload });

describe('tutorial statuses', () => {
  it('shows every tutorial to a new user, and "Don\'t show me again" turns one off for good', async () => {
    const { owner } = await buildTeam(app, ctx);
    const first = await post('/api/_api/user-journey/getTutorialsStatuses', owner.cookie, {
      id: owner.userId,
    });
    expect(first.json().result).toEqual({
      singleShipment: { display: true },
      multipleShipments: { display: true },
    });
    const off = await post('/api/_api/user-journey/updateTutorialStatus', owner.cookie, {
      id: owner.userId,
      tutorial: 'multipleShipments',
      display: false,
    });
    expect(off.json().result).toEqual({
      singleShipment: { display: true },
      multipleShipments: { display: false },
    });
    // A second flag changed later leaves the first as it was.
    await post('/api/_api/user-journey/updateTutorialStatus', owner.cookie, {
      id: owner.userId,
      tutorial: 'singleShipment',
      display: false,
    });
    const after = await post('/api/_api/user-journey/getTutorialsStatuses', owner.cookie, {
      id: owner.userId,
    });
    expect(after.json().result).toEqual({
      singleShipment: { display: false },
      multipleShipments: { display: false },
    });
  });

  it("refuses another user's id, anonymous callers and bad input", async () => {
    const a = await buildTeam(app, ctx);
    const b = await buildTeam(app, ctx);
    const read = await post('/api/_api/user-journey/getTutorialsStatuses', a.owner.cookie, {
      id: b.owner.userId,
    });
    expect(read.statusCode).toBe(403);
    const write = await post('/api/_api/user-journey/updateTutorialStatus', a.owner.cookie, {
      id: b.owner.userId,
      tutorial: 'multipleShipments',
      display: false,
    });
    expect(write.statusCode).toBe(403);
    const untouched = await post('/api/_api/user-journey/getTutorialsStatuses', b.owner.cookie, {
      id: b.owner.userId,
    });
    expect(untouched.json().result.multipleShipments.display).toBe(true);
    expect(
      (await post('/api/_api/user-journey/getTutorialsStatuses', null, { id: a.owner.userId })).statusCode,
    ).toBe(401);
    const bad = await post('/api/_api/user-journey/updateTutorialStatus', a.owner.cookie, {
      id: a.owner.userId,
      tutorial: 'everything',
      display: false,
    });
    expect(bad.statusCode).toBe(400);
    expect(
      (await post('/api/_api/user-journey/getTutorialsStatuses', a.owner.cookie, { id: 'me' })).statusCode,
    ).toBe(400);
  });
});

describe('usage events', () => {
  it('stores page views and key actions with the workspace the user is in', async () => {
    const team = await buildTeam(app, ctx);
    const res = await post('/api/_api/user-journey/post', team.owner.cookie, {
      action: 'page_view',
      details: { title: 'Dashboard' },
      pageUrl: '/dashboard/ocean',
    });
    expect(res.statusCode).toBe(200);
    await post('/api/_api/user-journey/post', team.owner.cookie, {
      action: 'shipments_created',
      details: { mode: 'ocean', count: 3 },
      pageUrl: '/new-shipments/ocean',
    });
    const rows = await ctx.db
      .select()
      .from(usageEvents)
      .where(eq(usageEvents.userId, team.owner.userId))
      .orderBy(usageEvents.id);
    expect(rows.map((r) => [r.action, r.pageUrl, r.details, r.workspaceId])).toEqual([
      ['page_view', '/dashboard/ocean', { title: 'Dashboard' }, team.defaultWorkspaceId],
      ['shipments_created', '/new-shipments/ocean', { mode: 'ocean', count: 3 }, team.defaultWorkspaceId],
    ]);
  });

  it('refuses unknown actions, outside URLs, nested details and anonymous callers', async () => {
    const team = await buildTeam(app, ctx);
    const cases = [
      { action: 'drop_tables', details: {}, pageUrl: '/' },
      { action: 'page_view', details: {}, pageUrl: 'https://evil.example/' },
      { action: 'page_view', details: { deep: { x: 1 } }, pageUrl: '/' },
      { action: 'page_view', details: {}, pageUrl: `/${'a'.repeat(3000)}` },
    ];
    for (const payload of cases) {
      expect((await post('/api/_api/user-journey/post', team.owner.cookie, payload)).statusCode).toBe(400);
    }
    expect(
      (await post('/api/_api/user-journey/post', null, { action: 'page_view', details: {}, pageUrl: '/' }))
        .statusCode,
    ).toBe(401);
    expect(
      await ctx.db
        .select()
        .from(usageEvents)
        .where(and(eq(usageEvents.userId, team.owner.userId))),
    ).toEqual([]);
  });
});
