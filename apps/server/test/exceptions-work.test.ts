import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { mentionToken } from '@tracklane/shared/comments/comment-content';
import { notifications, trackingChanges } from '../src/db/schema/notifications';
import { addMember, buildTeam } from './factories';
import { useExceptionsApp } from './support/exceptions';

const { app, ctx, db, call, ocean, exceptionsOf, sync } = await useExceptionsApp();

describe('exceptions as work', () => {
  it('lists, assigns (notifying the owner), notes with a mention, resolves, and audits each step', async () => {
    const team = await buildTeam(app, ctx);
    const colleague = await addMember(app, ctx, team);
    const viewer = await addMember(app, ctx, team, { shipmentPermission: 1 });
    const { item, sub } = await ocean(team.defaultWorkspaceId, { terminalOnHold: true, tags: ['Retail'] });
    await sync('ocean', item.id, new Date());
    const listed = await call(viewer, 'GET', '/api/exceptions?type=on_hold&tag=retail&carrier=mscu');
    expect(listed.statusCode, listed.body).toBe(200);
    const list = listed.json().result;
    expect(list.total).toBe(1);
    const id = list.items[0].id as string;
    expect(list.items[0]).toMatchObject({ shipmentId: sub.id, carrier: 'MSCU', state: 'open', owner: null });

    const forbidden = await call(viewer, 'PATCH', `/api/exceptions/${id}`, { state: 'resolved' });
    expect(forbidden.statusCode).toBe(403);

    const assigned = await call(team.owner, 'PATCH', `/api/exceptions/${id}`, {
      ownerId: colleague.userId,
      dueOn: '2026-12-01',
    });
    expect(assigned.statusCode, assigned.body).toBe(200);
    expect(assigned.json().result).toMatchObject({ owner: { id: colleague.userId }, dueOn: '2026-12-01' });
    const notified = await db
      .select({ text: trackingChanges.text })
      .from(notifications)
      .innerJoin(trackingChanges, eq(trackingChanges.id, notifications.changeId))
      .where(and(eq(notifications.recipientId, colleague.userId), eq(notifications.itemId, item.id)));
    expect(notified.map((n) => n.text)).toEqual(['Exception assigned to you: On hold at the terminal']);

    const note = `Asked the broker, ${mentionToken('Viewer', viewer.userId)} please check`;
    expect(
      (await call(colleague, 'PATCH', `/api/exceptions/${id}`, { note, state: 'acknowledged' })).statusCode,
    ).toBe(200);
    const mention = await db.select().from(notifications).where(eq(notifications.recipientId, viewer.userId));
    expect(mention).toHaveLength(1);

    const resolved = await call(colleague, 'PATCH', `/api/exceptions/${id}`, { state: 'resolved' });
    expect(resolved.json().result.state).toBe('resolved');
    expect(resolved.json().result.events.map((e: { action: string }) => e.action)).toEqual([
      'opened',
      'assigned',
      'due_set',
      'noted',
      'acknowledged',
      'resolved',
    ]);
    // Resolved by a person while the hold lasts: the engine does not raise it again.
    await sync('ocean', item.id, new Date());
    expect(await exceptionsOf(sub.id)).toHaveLength(1);
    expect((await call(colleague, 'PATCH', `/api/exceptions/${id}`, { note: 'late' })).statusCode).toBe(409);
  });

  it('bulk-resolves all or none, refuses a bad owner, and hides everything from another tenant', async () => {
    const team = await buildTeam(app, ctx);
    const other = await buildTeam(app, ctx);
    const a = await ocean(team.defaultWorkspaceId, { terminalOnHold: true });
    const b = await ocean(team.defaultWorkspaceId, { terminalOnHold: true });
    const theirs = await ocean(other.defaultWorkspaceId, { terminalOnHold: true });
    for (const s of [a, b, theirs]) await sync('ocean', s.item.id, new Date());
    const [xa] = await exceptionsOf(a.sub.id);
    const [xb] = await exceptionsOf(b.sub.id);
    const [xt] = await exceptionsOf(theirs.sub.id);

    expect((await call(other.owner, 'GET', `/api/exceptions/${xa!.id}`)).statusCode).toBe(404);
    expect(
      (await call(other.owner, 'PATCH', `/api/exceptions/${xa!.id}`, { state: 'resolved' })).statusCode,
    ).toBe(404);
    const mixed = await call(team.owner, 'POST', '/api/exceptions/bulk', {
      ids: [xa!.id, xt!.id],
      action: { kind: 'resolve' },
    });
    expect(mixed.statusCode).toBe(404);
    expect((await exceptionsOf(a.sub.id))[0]!.state).toBe('open');

    const badOwner = await call(team.owner, 'POST', '/api/exceptions/bulk', {
      ids: [xa!.id],
      action: { kind: 'assign', ownerId: other.owner.userId },
    });
    expect(badOwner.statusCode).toBe(400);

    const done = await call(team.owner, 'POST', '/api/exceptions/bulk', {
      ids: [xa!.id, xb!.id],
      action: { kind: 'resolve' },
    });
    expect(done.json().result).toEqual({ changed: 2 });
    const counts = (await call(team.owner, 'GET', '/api/exceptions/counts')).json().result;
    expect(counts).toEqual({ active: 0, byType: {} });
    expect((await call(other.owner, 'GET', '/api/exceptions/counts')).json().result).toEqual({
      active: 1,
      byType: { on_hold: 1 },
    });
  });

  it('routes an exception type to the owner an alert rule names, on the shipments its filters match', async () => {
    const team = await buildTeam(app, ctx);
    const colleague = await addMember(app, ctx, team);
    const rule = (over: object) => ({
      name: 'Rolls to the desk',
      mode: 'ocean',
      condition: { kind: 'rolled' },
      filters: { carriers: ['MSCU'], pol: [], pod: [], tags: [], favoritesOnly: false },
      recipients: { allMembers: true, userIds: [], emails: [] },
      ...over,
    });
    // A member may route only to themselves; an admin to a member who sees shipments.
    const outsider = await buildTeam(app, ctx);
    expect(
      (await call(colleague, 'POST', '/api/alert-rules', rule({ exceptionOwnerId: team.owner.userId })))
        .statusCode,
    ).toBe(400);
    expect(
      (await call(team.owner, 'POST', '/api/alert-rules', rule({ exceptionOwnerId: outsider.owner.userId })))
        .statusCode,
    ).toBe(400);
    const saved = await call(
      team.owner,
      'POST',
      '/api/alert-rules',
      rule({ exceptionOwnerId: colleague.userId }),
    );
    expect(saved.json().result.exceptionOwnerId).toBe(colleague.userId);

    const matched = await ocean(team.defaultWorkspaceId, {
      rolledAt: new Date('2026-03-01T00:00:00Z'),
      terminalOnHold: true,
    });
    const other = await ocean(team.defaultWorkspaceId, {
      rolledAt: new Date('2026-03-01T00:00:00Z'),
      carrierScac: 'MAEU',
    });
    await sync('ocean', matched.item.id, new Date('2026-03-02T00:00:00Z'));
    await sync('ocean', other.item.id, new Date('2026-03-02T00:00:00Z'));
    const owners = (await exceptionsOf(matched.sub.id)).map((x) => [x.type, x.ownerId]).sort();
    expect(owners).toEqual([
      ['on_hold', null],
      ['rolled', colleague.userId],
    ]);
    expect((await exceptionsOf(other.sub.id)).map((x) => x.ownerId)).toEqual([null]);
    const heard = await db
      .select()
      .from(notifications)
      .where(and(eq(notifications.recipientId, colleague.userId), eq(notifications.itemId, matched.item.id)));
    expect(heard).toHaveLength(1);
  });
});
