import { randomUUID } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { shipmentExceptions } from '../../src/db/schema/exceptions';
import { oceanShipments, trackedItems } from '../../src/db/schema/tracking';
import { runExceptionSweep } from '../../src/modules/exceptions/exceptions.jobs';
import { refreshItem } from '../../src/modules/tracking/refresh.service';
import { containerNo, type Team } from '../factories';
import { useTerminalAvailabilityApp } from './terminal-availability';

export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;

/** A vessel on one voyage, as a DCSA transport call names it. */
export interface Ship {
  name: string;
  imo: string;
  voyage: string;
}
export const FEEDER: Ship = { name: 'MAERSK ESSEN', imo: '9456771', voyage: '431W' };
export const MAINLINER: Ship = { name: 'MAERSK EMDEN', imo: '9456783', voyage: '512W' };
export const OTHER: Ship = { name: 'MAERSK ELBA', imo: '9456795', voyage: '620W' };

/**
 * The app with Maersk's DCSA Track & Trace 2.2 API played by a fake carrier (and an APM Terminals
 * availability API), and what a journey needs: DCSA events as a carrier publishes them, a container
 * followed through the API, refreshes and sweeps at chosen moments, and the exceptions each leaves.
 */
export async function useDcsaJourneys() {
  const journeys = await useTerminalAvailabilityApp();
  const { carrier, ctx, call, bill } = journeys;
  /**
   * The journey's clock: days from a UTC midnight 40 days ago, so that a terminal asked at the real
   * time finds the box where the journey left it.
   */
  const T0 = Math.floor(Date.now() / DAY) * DAY - 40 * DAY;
  const day = (n: number, hours = 0) => new Date(T0 + n * DAY + hours * HOUR).toISOString();

  /** A DCSA 2.2 transport event (ARRI or DEPA) of a call; published `created` days in. */
  function transport(
    code: 'ARRI' | 'DEPA',
    classifier: 'PLN' | 'EST' | 'ACT',
    at: string,
    port: string,
    ship: Ship,
    sequence: number,
    created: number,
  ) {
    return {
      eventID: randomUUID(),
      eventCreatedDateTime: day(created),
      eventType: 'TRANSPORT',
      eventClassifierCode: classifier,
      eventDateTime: at,
      transportEventTypeCode: code,
      transportCall: {
        transportCallID: randomUUID(),
        carrierServiceCode: 'AE7',
        exportVoyageNumber: ship.voyage,
        importVoyageNumber: ship.voyage,
        transportCallSequenceNumber: sequence,
        UNLocationCode: port,
        modeOfTransport: 'VESSEL',
        vessel: { vesselIMONumber: ship.imo, vesselName: ship.name },
      },
    };
  }

  /** A DCSA 2.2 equipment event of the box (laden unless said), at a port, on a call or not. */
  function equipment(
    box: string,
    code: 'GTOT' | 'GTIN' | 'LOAD' | 'DISC',
    classifier: 'PLN' | 'EST' | 'ACT',
    at: string,
    port: string,
    created: number,
    more: { empty?: boolean; ship?: Ship; sequence?: number } = {},
  ) {
    return {
      eventID: randomUUID(),
      eventCreatedDateTime: day(created),
      eventType: 'EQUIPMENT',
      eventClassifierCode: classifier,
      eventDateTime: at,
      equipmentEventTypeCode: code,
      equipmentReference: box,
      emptyIndicatorCode: more.empty ? 'EMPTY' : 'LADEN',
      eventLocation: { UNLocationCode: port },
      ...(more.ship
        ? {
            transportCall: {
              transportCallID: randomUUID(),
              exportVoyageNumber: more.ship.voyage,
              importVoyageNumber: more.ship.voyage,
              transportCallSequenceNumber: more.sequence ?? 1,
              UNLocationCode: port,
              modeOfTransport: 'VESSEL',
              vessel: { vesselIMONumber: more.ship.imo, vesselName: more.ship.name },
            },
          }
        : {}),
    };
  }

  /** A Maersk container on a Maersk bill, followed by the team through the API. */
  async function follow(team: Team) {
    const box = containerNo('MSKU');
    const mbl = bill();
    const res = await call(team.owner.cookie, 'POST', '/api/shipments/ocean', {
      items: [{ containerNo: box, mblNo: mbl }],
    });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await ctx.db
      .select({ itemId: trackedItems.id, subId: oceanShipments.id })
      .from(oceanShipments)
      .innerJoin(trackedItems, eq(trackedItems.id, oceanShipments.itemId))
      .where(
        and(eq(oceanShipments.containerNo, box), eq(oceanShipments.workspaceId, team.defaultWorkspaceId)),
      );
    return { box, mbl, ...row! };
  }

  /** The carrier now answers these events for the box (its whole answer: what it leaves out is gone). */
  const answer = (box: string, events: object[]) => carrier.events.set(box, events);

  /** A refresh of the box's item at `at` (days in), through the DCSA provider. */
  async function refresh(itemId: string, at: number) {
    const outcome = await refreshItem(ctx, ctx.tracking, itemId, new Date(T0 + at * DAY));
    expect(outcome.result, JSON.stringify(outcome)).not.toBe('failed');
    return outcome;
  }

  const sweep = (at: number) => runExceptionSweep(ctx, new Date(T0 + at * DAY));

  /** Every exception of the subscription, oldest first. */
  const exceptionsOf = (subId: string) =>
    ctx.db
      .select()
      .from(shipmentExceptions)
      .where(eq(shipmentExceptions.subscriptionId, subId))
      .orderBy(asc(shipmentExceptions.openedAt), asc(shipmentExceptions.type));

  /** The types of its exceptions still to work on (open or acknowledged), sorted. */
  const active = async (subId: string) =>
    (await exceptionsOf(subId))
      .filter((x) => x.state === 'open' || x.state === 'acknowledged')
      .map((x) => x.type)
      .sort();

  /** Its exceptions of one type, as [state, detail], oldest first. */
  const ofType = async (subId: string, type: string) =>
    (await exceptionsOf(subId)).filter((x) => x.type === type).map((x) => [x.state, x.detail]);

  return {
    ...journeys,
    T0,
    day,
    transport,
    equipment,
    follow,
    answer,
    refresh,
    sweep,
    exceptionsOf,
    active,
    ofType,
  };
}
