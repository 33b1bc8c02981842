import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { shareLinks } from '../src/db/schema/sharing';
import { workspaces } from '../src/db/schema/organizations';
import { useTestApp } from './app';
import { addMember, buildTeam, type Team } from './factories';
import { sharingHelpers } from './sharing-helpers';

const { app, ctx } = await useTestApp();
const { call, teamWithShipments } = sharingHelpers(app, ctx);

describe('public share links', () => {
  const PRIVATE_KEYS = [
    'workspace',
    'workspaceId',
    'workspaceName',
    'organization',
    'favorite',
    'archived',
    'comments',
    'members',
    'notes',
    'tags',
    'email',
    'createdBy',
    'shipmentOverallId',
    'expressOrderId',
    'events',
    'source',
    'lastError',
  ];
  const keysOf = (value: unknown): string[] =>
    Array.isArray(value)
      ? value.flatMap(keysOf)
      : value && typeof value === 'object'
        ? Object.entries(value).flatMap(([k, v]) => [k, ...keysOf(v)])
        : [];

  async function linkFor(team: Team, ids: string[], extra: object = {}) {
    const res = await call('POST', '/api/share-links', team.owner.cookie, {
      shipmentType: 'ocean',
      shipmentIds: ids,
      ...extra,
    });
    expect(res.statusCode).toBe(200);
    return res.json().result as { id: string; token: string; url: string; numbers: string[] };
  }

  it('shows milestones, ETA and map to anyone with the link, and no private field', async () => {
    const { team, a, b } = await teamWithShipments();
    const link = await linkFor(team, [a.id]);
    expect(link.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(link.url).toContain(`/share/${link.token}`);
    expect(link.numbers).toEqual([a.containerNo]);
    const [stored] = await ctx.db.select().from(shareLinks).where(eq(shareLinks.id, link.id));
    expect(JSON.stringify(stored)).not.toContain(link.token);

    const res = await call('GET', `/api/share/${link.token}`, null);
    expect(res.statusCode).toBe(200);
    const result = res.json().result;
    expect(result.shipments).toHaveLength(1);
    expect(result.shipments[0]).toMatchObject({ number: a.containerNo, reference: a.mblNo });
    expect(result.shipments[0].milestones.map((m: { key: string }) => m.key)).toContain('arrived');
    const keys = keysOf(res.json());
    for (const key of PRIVATE_KEYS) expect(keys).not.toContain(key);
    const [ws] = await ctx.db.select().from(workspaces).where(eq(workspaces.id, team.defaultWorkspaceId));
    expect(res.body).not.toContain(ws!.name);
    expect(res.body).not.toContain(team.owner.email);
    expect(res.body).not.toContain(b.containerNo);
    expect(res.body).not.toContain(a.id);
  });

  it('answers not found for a guessed or altered token, and expired once revoked or past its date', async () => {
    const { team, a } = await teamWithShipments();
    const link = await linkFor(team, [a.id], { expiresInDays: 7 });
    const altered = link.token.slice(0, -1) + (link.token.endsWith('A') ? 'B' : 'A');
    expect((await call('GET', `/api/share/${altered}`, null)).statusCode).toBe(404);
    expect((await call('GET', `/api/share/${'x'.repeat(43)}`, null)).statusCode).toBe(404);
    expect((await call('GET', '/api/share/short', null)).statusCode).toBe(404);
    expect((await call('GET', `/api/share/${link.token}`, null)).statusCode).toBe(200);

    const other = await buildTeam(app, ctx);
    expect((await call('DELETE', `/api/share-links/${link.id}`, other.owner.cookie)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/share-links/${link.id}`, team.owner.cookie)).statusCode).toBe(200);
    const revoked = await call('GET', `/api/share/${link.token}`, null);
    expect(revoked.statusCode).toBe(410);
    expect(revoked.json().code).toBe('LINK_EXPIRED');

    const expiring = await linkFor(team, [a.id], { expiresInDays: 1 });
    await ctx.db
      .update(shareLinks)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(shareLinks.id, expiring.id));
    expect((await call('GET', `/api/share/${expiring.token}`, null)).statusCode).toBe(410);
  });

  it('never links another workspace’s shipment, and view-only members cannot publish', async () => {
    const { team, a } = await teamWithShipments();
    const other = await buildTeam(app, ctx);
    const res = await call('POST', '/api/share-links', other.owner.cookie, {
      shipmentType: 'ocean',
      shipmentIds: [a.id],
    });
    expect(res.statusCode).toBe(404);
    const viewOnly = await addMember(app, ctx, team, { shipmentPermission: 1 });
    expect(
      (
        await call('POST', '/api/share-links', viewOnly.cookie, {
          shipmentType: 'ocean',
          shipmentIds: [a.id],
        })
      ).statusCode,
    ).toBe(403);
    expect((await call('GET', '/api/share-links?shipmentType=ocean', viewOnly.cookie)).statusCode).toBe(403);
    const link = await linkFor(team, [a.id]);
    expect((await call('DELETE', `/api/share-links/${link.id}`, viewOnly.cookie)).statusCode).toBe(403);
    expect(
      (await call('GET', '/api/share-links?shipmentType=ocean', other.owner.cookie)).json().result,
    ).toEqual([]);
    expect(
      (await call('GET', '/api/share-links?shipmentType=ocean', team.owner.cookie)).json().result,
    ).toHaveLength(1);
  });

  it('rate limits the public endpoint', async () => {
    const headers = { 'x-forwarded-for': '203.0.113.77' };
    const statuses: number[] = [];
    for (let i = 0; i <= ctx.config.shareLinkRateLimitPerMinute; i++) {
      statuses.push(
        (
          await app.inject({
            method: 'GET',
            url: `/api/share/${'y'.repeat(43)}`,
            headers,
            remoteAddress: '203.0.113.77',
          })
        ).statusCode,
      );
    }
    expect(statuses.slice(0, -1).every((s) => s === 404)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });
});
