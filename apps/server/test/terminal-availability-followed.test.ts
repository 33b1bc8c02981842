import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import type { RealtimeEvent } from '../src/integrations/realtime/realtime-hub';
import { oceanShipments } from '../src/db/schema/tracking';
import { addMember, buildTeam, containerNo, refreshTracked } from './factories';
import { equipmentEvent } from './fake-carrier';
import { useTerminalAvailabilityApp } from './support/terminal-availability';

const {
  carrier,
  terminal,
  app,
  ctx,
  call,
  bill,
  daysAgo,
  PAID_THROUGH,
  EXTENDED,
  BY_HAND,
  record,
  dischargedAtLosAngeles,
  connectTerminal,
  follow,
  detail,
  rule,
  storedFacts,
} = await useTerminalAvailabilityApp();

describe('terminal availability on a followed container', () => {
  it('is asked once the box is at its port, stored for its organization only, and drives the rules', async () => {
    const mine = await buildTeam(app, ctx);
    const theirs = await buildTeam(app, ctx);
    const box = containerNo('MSKU');
    const mbl = bill();
    dischargedAtLosAngeles(box);
    terminal.records.set(`USLAX:${box}`, record(box));
    for (const team of [mine, theirs]) await follow(team, box, mbl);
    await refreshTracked(ctx, [box]);
    // No terminal connection yet: nothing asked.
    expect((await detail(mine, box, mbl)).terminal).toBeNull();

    // Adding the connection asks about the organization's containers at its terminals at once.
    const tokenRequests = terminal.tokenRequests;
    const id = await connectTerminal(mine);
    const shown = await detail(mine, box, mbl);
    expect(shown.terminal).toMatchObject({
      operator: 'APM Terminals',
      facility: 'USLAX',
      status: 'on_hold',
      answeredAt: expect.any(String),
      facts: {
        readyForDelivery: false,
        holds: {
          customs: { state: 'held', names: ['CUSTOMS HOLD'] },
          line: { state: 'none', names: [] },
          terminal: { state: 'none', names: [] },
        },
        lastFreeDay: PAID_THROUGH,
        yardLocation: 'Y0709A',
        demurrageOwed: { amount: 0, currency: 'USD', text: '$0.00' },
      },
    });
    // The terminal's storage-paid-through date is demurrage's last free day.
    expect(shown.freeTime.demurrage).toMatchObject({
      lastFreeDay: PAID_THROUGH,
      lastFreeDaySource: 'terminal',
    });

    const held = await rule(mine, 'onHold');
    expect(held.count).toBe(1);
    expect(held.rows.map((r) => r.shipmentOverallId)).toEqual([shown.shipmentOverallId]);
    expect(held.top[0]!.reason).toEqual([
      { kind: 'text', value: 'Customs hold at USLAX' },
      { kind: 'text', value: ' · storage paid through ' },
      { kind: 'day', value: PAID_THROUGH },
    ]);
    const all = await call(mine.owner.cookie, 'GET', '/api/shipments/ocean');
    expect(all.json().result.items[0].attention).toBe('onHold');
    expect((await rule(mine, 'availableForPickup')).count).toBe(0);

    // The other organization follows the very same item and sees none of it.
    const other = await detail(theirs, box, mbl);
    expect(other.terminal).toBeNull();
    expect(other.freeTime.demurrage.lastFreeDaySource).toBe('tariff');
    expect((await rule(theirs, 'onHold')).count).toBe(0);
    expect((await storedFacts(box)).map((r) => r.organizationId)).toEqual([mine.organizationId]);

    // Released and ready: the next refresh moves it to "available for pickup", list and card alike,
    // and the organization's open pages hear of it (the other organization's do not).
    const heard: RealtimeEvent[] = [];
    const stop = ctx.realtime.subscribe({ event: (e) => heard.push(e), reset: () => undefined });
    terminal.records.set(
      `USLAX:${box}`,
      record(box, { containerHolds: '', readyForDelivery: 'Y', storagePaidThroughDate: EXTENDED }),
    );
    await refreshTracked(ctx, [box]);
    expect((await rule(mine, 'onHold')).count).toBe(0);
    const available = await rule(mine, 'availableForPickup');
    expect(available.count).toBe(1);
    expect(available.rows.map((r) => r.shipmentOverallId)).toEqual([shown.shipmentOverallId]);
    expect(available.top[0]!.reason).toContainEqual({ kind: 'text', value: ' · yard Y0709A' });
    try {
      await vi.waitFor(() =>
        expect(heard.filter((e) => e.topic === 'shipments')).toEqual([
          { topic: 'shipments', userIds: [mine.owner.userId] },
        ]),
      );
    } finally {
      stop();
    }
    expect((await detail(mine, box, mbl)).freeTime.demurrage.lastFreeDay).toBe(EXTENDED);
    // Several refreshes, one token: it lives 30 minutes.
    expect(terminal.tokenRequests - tokenRequests).toBe(1);

    // The carrier reports the full gate-out: neither rule holds any longer, whatever the terminal said.
    carrier.events.get(box)!.push(
      equipmentEvent(box, {
        equipmentEventTypeCode: 'GTOT',
        emptyIndicatorCode: 'LADEN',
        eventDateTime: daysAgo(0.5),
        eventCreatedDateTime: daysAgo(0.5),
        eventLocation: { locationName: 'Los Angeles', UNLocationCode: 'USLAX' },
      }),
    );
    await refreshTracked(ctx, [box]);
    expect((await rule(mine, 'availableForPickup')).count).toBe(0);

    // Disabling the connection takes its word back; deleting it removes what it obtained.
    await call(mine.owner.cookie, 'PATCH', `/api/carrier-connections/${id}`, { enabled: false });
    expect((await detail(mine, box, mbl)).freeTime.demurrage.lastFreeDaySource).toBe('tariff');
    await call(mine.owner.cookie, 'DELETE', `/api/carrier-connections/${id}`);
    expect(await storedFacts(box)).toEqual([]);
  });

  it('lets a last free day set by hand win over the terminal’s, and takes it back', async () => {
    const team = await buildTeam(app, ctx);
    const box = containerNo('MSKU');
    const mbl = bill();
    dischargedAtLosAngeles(box);
    terminal.records.set(`USLAX:${box}`, record(box));
    await follow(team, box, mbl);
    await refreshTracked(ctx, [box]);
    await connectTerminal(team);
    const { shipmentOverallId: id } = await detail(team, box, mbl);
    const path = `/api/shipments/ocean/${id}/last-free-day`;

    const set = await call(team.owner.cookie, 'PUT', path, { lastFreeDay: BY_HAND });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().result.milestones).toMatchObject({
      manualLastFreeDay: BY_HAND,
      terminalLastFreeDay: PAID_THROUGH,
    });
    expect((await detail(team, box, mbl)).freeTime.demurrage).toMatchObject({
      lastFreeDay: BY_HAND,
      lastFreeDaySource: 'manual',
    });
    // The list's and the cards' stored clock follow it too.
    const [row] = await ctx.db.select().from(oceanShipments).where(eq(oceanShipments.id, id));
    expect(row!.lastFreeDay?.toISOString()).toBe(`${BY_HAND}T00:00:00.000Z`);
    expect(row!.freeTimeEndsOn.toISOString()).toBe(`${BY_HAND}T00:00:00.000Z`);

    const removed = await call(team.owner.cookie, 'PUT', path, { lastFreeDay: null });
    expect(removed.json().message).toBe('Last free day set by hand removed');
    expect((await detail(team, box, mbl)).freeTime.demurrage.lastFreeDaySource).toBe('terminal');

    for (const bad of [{ lastFreeDay: '12/03/2026' }, { lastFreeDay: '2026-02-30' }, {}]) {
      const res = await call(team.owner.cookie, 'PUT', path, bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
    }
    // A member who may only view shipments may not; another organization does not find it.
    const viewer = await addMember(app, ctx, team, { shipmentPermission: 1 });
    expect((await call(viewer.cookie, 'PUT', path, { lastFreeDay: BY_HAND })).statusCode).toBe(403);
    const other = await buildTeam(app, ctx);
    expect((await call(other.owner.cookie, 'PUT', path, { lastFreeDay: BY_HAND })).statusCode).toBe(404);
  });
});
