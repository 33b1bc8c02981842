import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { ParcelEvent } from '@tracklane/shared/tracking/express/parcel-event';
import { UNKNOWN_TIME, oceanShipments } from '../src/db/schema/tracking';
import { webhookEndpoints, webhookEvents } from '../src/db/schema/webhooks';
import { runExceptionSweep } from '../src/modules/exceptions/exceptions.jobs';
import { refreshItem } from '../src/modules/tracking/refresh.service';
import { buildTeam } from './factories';
import { useExceptionsApp } from './support/exceptions';

const { app, ctx, db, call, carrier, engine, ocean, parcel, exceptionsOf, sync, arri } =
  await useExceptionsApp();

describe('exceptions raised by the engine', () => {
  it('opens an ETA slip from a refresh, announces it, and auto-resolves it on arrival', async () => {
    const team = await buildTeam(app, ctx);
    await db.insert(webhookEndpoints).values({
      workspaceId: team.defaultWorkspaceId,
      url: 'https://hooks.example.com/x',
      secret: 'whsec_test',
      eventTypes: ['exception.opened', 'exception.resolved'],
    } as typeof webhookEndpoints.$inferInsert);
    const { item, sub } = await ocean(team.defaultWorkspaceId);
    const e1 = arri('e1', 'EST', '2026-12-01T00:00:00.000Z', '2026-11-01T00:00:00.000Z');
    carrier.ocean = { status: 'found', events: [e1] };
    await refreshItem(ctx, engine, item.id, new Date('2026-11-02T00:00:00Z'));
    expect(await exceptionsOf(sub.id)).toEqual([]);

    const e2 = arri('e2', 'EST', '2026-12-04T00:00:00.000Z', '2026-11-03T00:00:00.000Z');
    carrier.ocean = { status: 'found', events: [e1, e2] };
    await refreshItem(ctx, engine, item.id, new Date('2026-11-04T00:00:00Z'));
    const [slip] = await exceptionsOf(sub.id);
    expect(slip).toMatchObject({
      type: 'eta_slipped',
      state: 'open',
      detail: 'ETA 72 h later than first announced',
    });

    carrier.ocean = {
      status: 'found',
      events: [e1, e2, arri('e3', 'ACT', '2026-12-04T02:00:00.000Z', '2026-12-04T03:00:00.000Z')],
    };
    await refreshItem(ctx, engine, item.id, new Date('2026-12-04T04:00:00Z'));
    const [after] = await exceptionsOf(sub.id);
    expect(after).toMatchObject({ id: slip!.id, state: 'auto_resolved' });
    expect(after!.clearedAt).not.toBeNull();
    const events = await db
      .select()
      .from(webhookEvents)
      .where(eq(webhookEvents.workspaceId, team.defaultWorkspaceId));
    expect(events.map((e) => e.type).sort()).toEqual(['exception.opened', 'exception.resolved']);
  });

  it('opens not found from a refresh, for parcels too, and clears it once the carrier knows the number', async () => {
    const team = await buildTeam(app, ctx);
    const { item, sub } = await parcel(team.defaultWorkspaceId);
    carrier.express = { status: 'not_found' };
    await refreshItem(ctx, engine, item.id, new Date('2026-11-02T00:00:00Z'));
    expect((await exceptionsOf(sub.id)).map((x) => [x.type, x.state])).toEqual([['not_found', 'open']]);
    const scan = (
      id: string,
      status: ParcelEvent['status'],
      subStatus: string | null,
      time: string,
    ): ParcelEvent => ({
      eventId: id,
      classifier: 'ACT',
      status,
      subStatus,
      carrierCode: null,
      description: status ?? '',
      exceptionReason: null,
      location: null,
      eventTime: time,
      createdAt: time,
    });
    carrier.express = {
      status: 'found',
      events: [scan('p1', 'failed_attempt', null, '2026-11-02T10:00:00.000Z')],
    };
    await refreshItem(ctx, engine, item.id, new Date('2026-11-02T12:00:00Z'));
    expect((await exceptionsOf(sub.id)).map((x) => [x.type, x.state])).toEqual([
      ['not_found', 'auto_resolved'],
      ['failed_attempt', 'open'],
    ]);
    // Each mode's dashboard counts its own exceptions still to work on.
    const dashboard = async (mode: string) =>
      (await call(team.owner, 'GET', `/api/dashboard/${mode}`)).json().result.exceptions;
    expect(await dashboard('express')).toEqual({ active: 1, byType: { failed_attempt: 1 } });
    expect(await dashboard('ocean')).toEqual({ active: 0, byType: {} });
    carrier.express = {
      status: 'found',
      events: [
        scan('p1', 'failed_attempt', null, '2026-11-02T10:00:00.000Z'),
        scan('p2', 'exception', 'return_to_sender', '2026-11-03T10:00:00.000Z'),
      ],
    };
    await refreshItem(ctx, engine, item.id, new Date('2026-11-03T12:00:00Z'));
    const rows = await exceptionsOf(sub.id);
    expect(rows.map((x) => [x.type, x.state])).toEqual([
      ['not_found', 'auto_resolved'],
      ['failed_attempt', 'auto_resolved'],
      ['returned_to_sender', 'open'],
    ]);
  });

  it('raises and clears each column-based type, one per episode, a new roll a new exception', async () => {
    const team = await buildTeam(app, ctx);
    const now = new Date('2026-03-10T12:00:00Z');
    const { item, sub } = await ocean(team.defaultWorkspaceId, {
      rolledAt: new Date('2026-03-01T00:00:00Z'),
      terminalOnHold: true,
      freeTimeEndsOn: new Date('2026-03-09T00:00:00Z'),
    });
    await sync('ocean', item.id, now);
    expect((await exceptionsOf(sub.id)).map((x) => x.type).sort()).toEqual([
      'lfd_passed',
      'on_hold',
      'rolled',
    ]);
    await sync('ocean', item.id, now); // nothing new: still one each
    expect(await exceptionsOf(sub.id)).toHaveLength(3);
    await db
      .update(oceanShipments)
      .set({
        rolledAt: new Date('2026-03-05T00:00:00Z'),
        terminalOnHold: false,
        freeTimeEndsOn: UNKNOWN_TIME,
      })
      .where(eq(oceanShipments.id, sub.id));
    await sync('ocean', item.id, now);
    const rows = await exceptionsOf(sub.id);
    expect(
      rows
        .filter((x) => x.type === 'rolled')
        .map((x) => x.state)
        .sort(),
    ).toEqual(['auto_resolved', 'open']);
    expect(rows.filter((x) => x.type !== 'rolled').every((x) => x.state === 'auto_resolved')).toBe(true);

    const late = await parcel(team.defaultWorkspaceId, {
      estimatedDelivery: new Date('2026-03-08T00:00:00Z'),
    });
    await runExceptionSweep(ctx, now);
    expect((await exceptionsOf(late.sub.id)).map((x) => x.type)).toEqual(['late']);
  });

  it('keeps one exception when two refreshes raise it at once', async () => {
    const team = await buildTeam(app, ctx);
    const { item, sub } = await ocean(team.defaultWorkspaceId, { terminalOnHold: true });
    const now = new Date();
    await Promise.all([
      sync('ocean', item.id, now),
      sync('ocean', item.id, now),
      sync('ocean', item.id, now),
    ]);
    expect(await exceptionsOf(sub.id)).toHaveLength(1);
  });
});
