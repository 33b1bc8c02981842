import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { organizationMembers, organizations } from '../src/db/schema/organizations';
import { addMember, buildTeam, containerNo, createWorkspaceAs, mbl, refreshTracked } from './factories';
import { usePublicApiApp } from './support/public-api';

const { app, ctx, asAdmin, withKey, createKey, addOcean } = await usePublicApiApp();

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
