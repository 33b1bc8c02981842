import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { alertEpisodes } from '../src/db/schema/alerts';
import { shipmentExceptions } from '../src/db/schema/exceptions';
import { addMember, buildTeam } from './factories';
import { FEEDER, MAINLINER, useDcsaJourneys } from './support/exception-journeys';

const { app, ctx, call, day, transport, equipment, follow, answer, refresh } = await useDcsaJourneys();

describe('alert rules on route and transshipment exceptions', () => {
  it('route them to the owner a rule names and alert once per episode, over the DCSA path', async () => {
    const team = await buildTeam(app, ctx);
    const desk = await addMember(app, ctx, team);
    const rule = (name: string, kind: string) =>
      call(team.owner.cookie, 'POST', '/api/alert-rules', {
        name,
        mode: 'ocean',
        condition: { kind },
        recipients: { allMembers: true, userIds: [], emails: [] },
        exceptionOwnerId: desk.userId,
      });
    const route = await rule('Route changes to the desk', 'route_changed');
    expect(route.statusCode, route.body).toBe(200);
    const connection = await rule('Connections to the desk', 'transshipment');
    expect(connection.statusCode, connection.body).toBe(200);
    // Not for parcels: the express mode has no route.
    const parcels = await call(team.owner.cookie, 'POST', '/api/alert-rules', {
      name: 'Parcel routes',
      mode: 'express',
      condition: { kind: 'route_changed' },
    });
    expect(parcels.statusCode).toBe(400);

    const { box, itemId, subId } = await follow(team);
    const planned = [
      equipment(box, 'LOAD', 'PLN', day(5), 'CNSHA', 0, { ship: FEEDER, sequence: 1 }),
      transport('DEPA', 'PLN', day(5, 6), 'CNSHA', FEEDER, 1, 0),
      transport('ARRI', 'PLN', day(12), 'SGSIN', FEEDER, 2, 0),
      equipment(box, 'DISC', 'PLN', day(12, 8), 'SGSIN', 0, { ship: FEEDER, sequence: 2 }),
      equipment(box, 'LOAD', 'PLN', day(15, -6), 'SGSIN', 0, { ship: MAINLINER, sequence: 1 }),
      transport('DEPA', 'PLN', day(15), 'SGSIN', MAINLINER, 1, 0),
      transport('ARRI', 'PLN', day(38), 'NLRTM', MAINLINER, 2, 0),
    ];
    answer(box, planned);
    await refresh(itemId, 1);
    const added = [
      transport('ARRI', 'EST', day(25), 'EGPSD', MAINLINER, 3, 2),
      transport('DEPA', 'EST', day(26), 'EGPSD', MAINLINER, 3, 2),
    ];
    const tight = transport('ARRI', 'EST', day(14, 12), 'SGSIN', FEEDER, 2, 2);
    answer(box, [...planned, ...added, tight]);
    await refresh(itemId, 2);

    const rows = await ctx.db
      .select()
      .from(shipmentExceptions)
      .where(eq(shipmentExceptions.subscriptionId, subId))
      .orderBy(asc(shipmentExceptions.type));
    expect(rows.map((x) => [x.type, x.ownerId])).toEqual([
      ['connection_at_risk', desk.userId],
      ['port_changed', desk.userId],
    ]);
    // Each rule alerted in the same refresh, once.
    const episodes = async () =>
      (await ctx.db.select().from(alertEpisodes).where(eq(alertEpisodes.subscriptionId, subId))).map((e) => [
        e.mark,
        e.closedAt === null,
      ]);
    expect((await episodes()).sort()).toEqual([
      ['connection_at_risk:SGSIN', true],
      ['port_changed:+EGPSD', true],
    ]);
    await refresh(itemId, 2.5);
    expect(await episodes()).toHaveLength(2);

    // The carrier drops the extra call: the exception clears, and the rule's episode closes.
    answer(box, [...planned, tight]);
    await refresh(itemId, 3);
    expect((await episodes()).sort()).toEqual([
      ['connection_at_risk:SGSIN', true],
      ['port_changed:+EGPSD', false],
    ]);
  });
});
