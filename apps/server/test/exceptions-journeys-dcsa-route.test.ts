import { describe, expect, it } from 'vitest';
import { buildTeam } from './factories';
import { FEEDER, MAINLINER, OTHER, useDcsaJourneys, type Ship } from './support/exception-journeys';

const { app, ctx, call, day, transport, equipment, follow, answer, refresh, sweep, ofType, active } =
  await useDcsaJourneys();

/**
 * Shanghai to Rotterdam by DCSA Track & Trace 2.2, as the carrier plans it on day 0: the feeder to
 * Singapore (arriving day 12), a transshipment onto the mainliner (leaving day 15), which calls at
 * Colombo and Piraeus on its way (days 20 and 26) and reaches Rotterdam on day 38.
 */
function plan(box: string) {
  const call = (port: string, ship: Ship, seq: number, arrive: number, leave: number) => [
    transport('ARRI', 'PLN', day(arrive), port, ship, seq, 0),
    transport('DEPA', 'PLN', day(leave), port, ship, seq, 0),
  ];
  return {
    origin: [
      equipment(box, 'LOAD', 'PLN', day(5), 'CNSHA', 0, { ship: FEEDER, sequence: 1 }),
      transport('DEPA', 'PLN', day(5, 6), 'CNSHA', FEEDER, 1, 0),
    ],
    singapore: [
      transport('ARRI', 'PLN', day(12), 'SGSIN', FEEDER, 2, 0),
      equipment(box, 'DISC', 'PLN', day(12, 8), 'SGSIN', 0, { ship: FEEDER, sequence: 2 }),
      equipment(box, 'LOAD', 'PLN', day(15, -6), 'SGSIN', 0, { ship: MAINLINER, sequence: 1 }),
      transport('DEPA', 'PLN', day(15), 'SGSIN', MAINLINER, 1, 0),
    ],
    colombo: call('LKCMB', MAINLINER, 2, 20, 21),
    piraeus: call('GRPIR', MAINLINER, 3, 26, 27),
    rotterdam: [
      transport('ARRI', 'PLN', day(38), 'NLRTM', MAINLINER, 4, 0),
      equipment(box, 'DISC', 'PLN', day(38, 10), 'NLRTM', 0, { ship: MAINLINER, sequence: 4 }),
    ],
  };
}
const all = (p: ReturnType<typeof plan>) => Object.values(p).flat();

describe('exception journeys through a DCSA carrier: the route', () => {
  it('raises a port added, then omitted, and clears it once the route is as planned again', async () => {
    const team = await buildTeam(app, ctx);
    const { box, itemId, subId } = await follow(team);
    const p = plan(box);
    answer(box, all(p));
    await refresh(itemId, 1);
    expect(await active(subId)).toEqual([]);

    // Day 2: the mainliner is to call at Algeciras too.
    const algeciras = [
      transport('ARRI', 'EST', day(33), 'ESALG', MAINLINER, 5, 2),
      transport('DEPA', 'EST', day(34), 'ESALG', MAINLINER, 5, 2),
    ];
    answer(box, [...all(p), ...algeciras]);
    await refresh(itemId, 2);
    expect(await ofType(subId, 'port_changed')).toEqual([['open', 'Route changed: ESALG added']]);

    // Day 3: the carrier no longer lists Algeciras, nor Colombo: the first episode ends, another opens.
    const { colombo: _dropped, ...rest } = p;
    answer(box, Object.values(rest).flat());
    await refresh(itemId, 3);
    expect(await ofType(subId, 'port_changed')).toEqual([
      ['auto_resolved', 'Route changed: ESALG added'],
      ['open', 'Route changed: LKCMB omitted'],
    ]);
    // Shown as the inbox shows it, filtered by its type.
    const listed = await call(team.owner.cookie, 'GET', '/api/exceptions?type=port_changed');
    expect(listed.statusCode).toBe(200);
    expect(listed.json().result.items).toMatchObject([
      { type: 'port_changed', state: 'open', detail: 'Route changed: LKCMB omitted', reference: box },
    ]);

    // Day 4: Colombo is back in the carrier's answer: the route is as planned.
    answer(box, all(p));
    await refresh(itemId, 4);
    expect((await ofType(subId, 'port_changed')).map(([state]) => state)).toEqual([
      'auto_resolved',
      'auto_resolved',
    ]);
    expect(await active(subId)).toEqual([]);
  });

  it('raises a changed call order and clears it when the order is back', async () => {
    const team = await buildTeam(app, ctx);
    const { box, itemId, subId } = await follow(team);
    const p = plan(box);
    answer(box, all(p));
    await refresh(itemId, 1);

    // Day 2: Colombo is now expected after Piraeus.
    const later = [
      transport('ARRI', 'EST', day(28), 'LKCMB', MAINLINER, 2, 2),
      transport('DEPA', 'EST', day(29), 'LKCMB', MAINLINER, 2, 2),
    ];
    answer(box, [...all(p), ...later]);
    await refresh(itemId, 2);
    expect(await ofType(subId, 'sequence_changed')).toEqual([
      [
        'open',
        'Port calls now CNSHA → SGSIN → GRPIR → LKCMB → NLRTM (planned CNSHA → SGSIN → LKCMB → GRPIR → NLRTM)',
      ],
    ]);
    expect(await ofType(subId, 'port_changed')).toEqual([]);

    // Day 3: Colombo before Piraeus again.
    const back = [
      transport('ARRI', 'EST', day(20), 'LKCMB', MAINLINER, 2, 3),
      transport('DEPA', 'EST', day(21), 'LKCMB', MAINLINER, 2, 3),
    ];
    answer(box, [...all(p), ...later, ...back]);
    await refresh(itemId, 3);
    expect((await ofType(subId, 'sequence_changed')).map(([state]) => state)).toEqual(['auto_resolved']);
  });

  it('raises a roll and an ETA slip, and clears both on arrival', async () => {
    const team = await buildTeam(app, ctx);
    const { box, itemId, subId } = await follow(team);
    const p = plan(box);
    answer(box, all(p));
    await refresh(itemId, 1);

    // Day 2: the box is to leave Shanghai on another vessel.
    const rolled = [
      equipment(box, 'LOAD', 'EST', day(5), 'CNSHA', 2, { ship: OTHER, sequence: 1 }),
      transport('DEPA', 'EST', day(5, 6), 'CNSHA', OTHER, 1, 2),
    ];
    answer(box, [...all(p), ...rolled]);
    await refresh(itemId, 2);
    expect(await ofType(subId, 'rolled')).toEqual([
      ['open', 'Rolled at CNSHA from MAERSK ESSEN to MAERSK ELBA'],
    ]);

    // Day 3: Rotterdam three days later than first announced.
    const slipped = transport('ARRI', 'EST', day(41), 'NLRTM', MAINLINER, 4, 3);
    answer(box, [...all(p), ...rolled, slipped]);
    await refresh(itemId, 3);
    expect(await ofType(subId, 'eta_slipped')).toEqual([['open', 'ETA 72 h later than first announced']]);
    expect(await active(subId)).toEqual(['eta_slipped', 'rolled']);

    // Day 41: arrived at Rotterdam.
    const arrived = transport('ARRI', 'ACT', day(41), 'NLRTM', MAINLINER, 4, 41);
    answer(box, [...all(p), ...rolled, slipped, arrived]);
    await refresh(itemId, 41.2);
    expect((await ofType(subId, 'rolled')).map(([state]) => state)).toEqual(['auto_resolved']);
    expect((await ofType(subId, 'eta_slipped')).map(([state]) => state)).toEqual(['auto_resolved']);
  });

  it('raises a connection at risk and a delayed transshipment, and clears each in turn', async () => {
    const team = await buildTeam(app, ctx);
    const { box, itemId, subId } = await follow(team);
    const p = plan(box);
    answer(box, all(p));
    await refresh(itemId, 1);

    // Day 2: the feeder is to reach Singapore 6 h after the mainliner leaves.
    const late = transport('ARRI', 'EST', day(15, 6), 'SGSIN', FEEDER, 2, 2);
    answer(box, [...all(p), late]);
    await refresh(itemId, 2);
    expect(await ofType(subId, 'connection_at_risk')).toEqual([
      ['open', 'Next vessel leaves SGSIN 6 h before the box arrives'],
    ]);

    // Day 3: the mainliner waits: it leaves on day 17, 42 h after the feeder arrives.
    const waits = [
      equipment(box, 'LOAD', 'EST', day(17, -6), 'SGSIN', 3, { ship: MAINLINER, sequence: 1 }),
      transport('DEPA', 'EST', day(17), 'SGSIN', MAINLINER, 1, 3),
    ];
    answer(box, [...all(p), late, ...waits]);
    await refresh(itemId, 3);
    expect((await ofType(subId, 'connection_at_risk')).map(([state]) => state)).toEqual(['auto_resolved']);
    // Not at Singapore yet: a later departure there is no delay of a box that waits.
    expect(await ofType(subId, 'transshipment_delayed')).toEqual([]);

    // Day 15.5: the box is at Singapore, left there 48 h longer than planned.
    const there = [
      transport('DEPA', 'ACT', day(5, 6), 'CNSHA', FEEDER, 1, 5),
      transport('ARRI', 'ACT', day(15, 6), 'SGSIN', FEEDER, 2, 15),
      equipment(box, 'DISC', 'ACT', day(15, 10), 'SGSIN', 15, { ship: FEEDER, sequence: 2 }),
    ];
    answer(box, [...all(p), late, ...waits, ...there]);
    await refresh(itemId, 15.5);
    expect(await ofType(subId, 'transshipment_delayed')).toEqual([
      ['open', 'Next departure from SGSIN 48 h later than planned'],
    ]);

    // Day 17.5: the mainliner has left with the box.
    const left = transport('DEPA', 'ACT', day(17), 'SGSIN', MAINLINER, 1, 17);
    answer(box, [...all(p), late, ...waits, ...there, left]);
    await refresh(itemId, 17.5);
    expect((await ofType(subId, 'transshipment_delayed')).map(([state]) => state)).toEqual(['auto_resolved']);
  });

  it('raises a transshipment overdue at the sweep while the carrier keeps silent, cleared on departure', async () => {
    const team = await buildTeam(app, ctx);
    const { box, itemId, subId } = await follow(team);
    const p = plan(box);
    const there = [
      transport('DEPA', 'ACT', day(5, 6), 'CNSHA', FEEDER, 1, 5),
      transport('ARRI', 'ACT', day(12), 'SGSIN', FEEDER, 2, 12),
    ];
    answer(box, [...all(p), ...there]);
    await refresh(itemId, 13);
    expect(await ofType(subId, 'transshipment_delayed')).toEqual([]);

    // Day 16: still no departure from Singapore, planned for day 15.
    await sweep(16);
    expect(await ofType(subId, 'transshipment_delayed')).toEqual([
      ['open', 'Still at SGSIN 24 h after the planned departure'],
    ]);
    const left = transport('DEPA', 'ACT', day(16, 2), 'SGSIN', MAINLINER, 1, 16);
    answer(box, [...all(p), ...there, left]);
    await refresh(itemId, 16.2);
    expect((await ofType(subId, 'transshipment_delayed')).map(([state]) => state)).toEqual(['auto_resolved']);
  });
});
