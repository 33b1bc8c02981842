import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { shipmentExceptionEvents } from '../src/db/schema/exceptions';
import { trackedItems } from '../src/db/schema/tracking';
import { buildTeam } from './factories';
import { availabilityRecord } from './fake-terminal';
import { FEEDER, useDcsaJourneys } from './support/exception-journeys';

const {
  app,
  ctx,
  terminal,
  connectTerminal,
  day,
  transport,
  equipment,
  follow,
  answer,
  refresh,
  sweep,
  ofType,
  active,
  exceptionsOf,
} = await useDcsaJourneys();

/** Yantian to Los Angeles by DCSA Track & Trace 2.2: loaded on day 2, discharged on day 20. */
function voyage(box: string) {
  return [
    equipment(box, 'GTOT', 'ACT', day(0), 'CNYTN', 0, { empty: true }),
    equipment(box, 'LOAD', 'ACT', day(2), 'CNYTN', 2, { ship: FEEDER, sequence: 1 }),
    transport('DEPA', 'ACT', day(2, 6), 'CNYTN', FEEDER, 1, 2),
    transport('ARRI', 'PLN', day(19), 'USLAX', FEEDER, 2, 0),
  ];
}
const discharged = (box: string) => [
  transport('ARRI', 'ACT', day(19, 4), 'USLAX', FEEDER, 2, 19),
  equipment(box, 'DISC', 'ACT', day(20), 'USLAX', 20, { ship: FEEDER, sequence: 2 }),
];
/** The terminal's storage paid through `n` days in (its last free day), with or without a hold. */
const atTerminal = (box: string, n: number, holds: string) =>
  availabilityRecord(box, {
    containerHolds: holds,
    readyForDelivery: holds ? 'N' : 'Y',
    storagePaidThroughDate: day(n).slice(0, 10),
  });

describe('exception journeys through a DCSA carrier: not found, silence, the terminal, free time', () => {
  it('raises not found until the carrier knows the box, and no update while it keeps silent', async () => {
    const team = await buildTeam(app, ctx);
    const { box, itemId, subId } = await follow(team);
    answer(box, []);
    for (let attempt = 0; attempt < 10; attempt++) {
      await refresh(itemId, 0.1 * (attempt + 1));
      const [item] = await ctx.db.select().from(trackedItems).where(eq(trackedItems.id, itemId));
      if (item!.state === 'not_found') break;
    }
    expect(await ofType(subId, 'not_found')).toEqual([['open', 'The carrier does not know the number']]);

    answer(box, voyage(box));
    await refresh(itemId, 2);
    expect((await ofType(subId, 'not_found')).map(([state]) => state)).toEqual(['auto_resolved']);

    // Three days without an answer (the carrier's API fails meanwhile): the sweep raises it.
    await sweep(4.9);
    expect(await ofType(subId, 'no_update')).toEqual([]);
    await sweep(5);
    expect(await ofType(subId, 'no_update')).toEqual([
      ['open', 'No answer from the carrier for 3 days or more'],
    ]);
    // The carrier answers again, the same events: nothing new, yet the silence is over at once.
    expect((await refresh(itemId, 5.5)).result).toBe('unchanged');
    expect((await ofType(subId, 'no_update')).map(([state]) => state)).toEqual(['auto_resolved']);
    expect(await active(subId)).toEqual([]);
    const [silence] = (await exceptionsOf(subId)).filter((x) => x.type === 'no_update');
    const trail = await ctx.db
      .select({ action: shipmentExceptionEvents.action, at: shipmentExceptionEvents.createdAt })
      .from(shipmentExceptionEvents)
      .where(eq(shipmentExceptionEvents.exceptionId, silence!.id))
      .orderBy(asc(shipmentExceptionEvents.createdAt));
    expect(trail).toEqual([
      { action: 'opened', at: new Date(day(5)) },
      { action: 'auto_resolved', at: new Date(day(5.5)) },
    ]);
    // Another unchanged answer soon after: the episode stays ended, none is opened.
    await refresh(itemId, 5.6);
    expect((await ofType(subId, 'no_update')).map(([state]) => state)).toEqual(['auto_resolved']);
  });

  it('raises a hold the terminal reports, the last free day at risk and passed, and the empty not returned', async () => {
    const team = await buildTeam(app, ctx);
    const { box, itemId, subId } = await follow(team);
    await connectTerminal(team);
    answer(box, voyage(box));
    await refresh(itemId, 3);
    expect(await active(subId)).toEqual([]);

    // Day 20.5: discharged at Los Angeles; the terminal holds it for customs, storage paid through day 21.
    terminal.records.set(`USLAX:${box}`, atTerminal(box, 21, 'CUSTOMS HOLD'));
    answer(box, [...voyage(box), ...discharged(box)]);
    await refresh(itemId, 20.5);
    expect(await ofType(subId, 'on_hold')).toEqual([
      ['open', 'The terminal reports a hold on the container'],
    ]);
    expect(await ofType(subId, 'lfd_at_risk')).toEqual([
      ['open', `Last free day ${day(21).slice(0, 10)} is tomorrow`],
    ]);

    // Day 21.5: customs released it; the next answer of the terminal says so.
    terminal.records.set(`USLAX:${box}`, atTerminal(box, 21, ''));
    await refresh(itemId, 21.5);
    expect((await ofType(subId, 'on_hold')).map(([state]) => state)).toEqual(['auto_resolved']);

    // Day 23: nobody picked it up in time.
    await sweep(23);
    expect((await ofType(subId, 'lfd_at_risk')).map(([state]) => state)).toEqual(['auto_resolved']);
    expect(await ofType(subId, 'lfd_passed')).toEqual([
      ['open', `Last free day ${day(21).slice(0, 10)} has passed`],
    ]);

    // Day 23.5: picked up full; demurrage stops, detention's clock runs.
    const out = equipment(box, 'GTOT', 'ACT', day(23, 6), 'USLAX', 23.5);
    terminal.records.set(`USLAX:${box}`, atTerminal(box, 21, ''));
    answer(box, [...voyage(box), ...discharged(box), out]);
    await refresh(itemId, 23.5);
    expect((await ofType(subId, 'lfd_passed')).map(([state]) => state)).toEqual(['auto_resolved']);

    // A week later the empty is still out (the carrier's answers unchanged: time alone, the sweep's).
    await refresh(itemId, 30);
    expect(await ofType(subId, 'empty_not_returned')).toEqual([]);
    await sweep(30.3);
    expect(await ofType(subId, 'empty_not_returned')).toEqual([
      ['open', 'Picked up full 7 days ago or more, empty not returned'],
    ]);
    const back = equipment(box, 'GTIN', 'ACT', day(30, 12), 'USLAX', 30.5, { empty: true });
    answer(box, [...voyage(box), ...discharged(box), out, back]);
    await refresh(itemId, 30.6);
    expect((await ofType(subId, 'empty_not_returned')).map(([state]) => state)).toEqual(['auto_resolved']);
    expect(await active(subId)).toEqual([]);
  });
});
