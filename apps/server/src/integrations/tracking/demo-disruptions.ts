import { createHash } from 'node:crypto';
import { portByLocode } from '@tracklane/shared/tracking/ocean/ports';
import type { TrackingEvent } from '@tracklane/shared/tracking/ocean/tracking-event';
import type { Timed } from './demo-timeline';
import { randomStream } from './random-stream';

const DAY = 86_400_000;
const HOUR = 3_600_000;

/**
 * What else goes wrong on a demo voyage besides rolls and ETA slips, about one voyage in eight:
 * - `omit`: the last leg's vessel was to call at a port on the way, and the carrier drops the call;
 * - `add`: the carrier announces a call on the way that was not planned;
 * - `swap`: of two calls on the way, the carrier announces the second first;
 * - `missed` (lanes with a transshipment): the box reaches the transshipment port days late, after
 *   the next vessel was to leave; that one is re-planned, so the box waits there longer than planned;
 * - `late_empty`: the empty comes back more than a week after the full pick-up.
 */
export type DisruptionKind = 'omit' | 'add' | 'swap' | 'missed' | 'late_empty';

export interface Disruption {
  kind: DisruptionKind;
  /** The ports on the way (`omit`, `add`: the first; `swap`: both). */
  ports: [string, string];
}

export const DISRUPTION_SHARE = 0.125;
/** How late the box reaches the transshipment port on a `missed` voyage. */
export const MISSED_BY_MS = 4 * DAY;
/** When the empty comes back on a `late_empty` voyage, after the full pick-up. */
export const LATE_EMPTY_MS = 9 * DAY;

/** Ports a mainline vessel may call at on its way. */
const WAY_PORTS = ['LKCMB', 'EGPSD', 'ESALG', 'MAPTM', 'MYPKG', 'SAJED', 'JPTYO', 'PABLB'];

/**
 * The voyage's disruption, or null: from a stream of its own, so that the rest of every voyage (and
 * whether it is disrupted at all) does not depend on it.
 */
export function disruptionOf(seed: string, calls: readonly string[]): Disruption | null {
  const random = randomStream(`${seed}|disruption`);
  if (random() >= DISRUPTION_SHARE) return null;
  const kinds: DisruptionKind[] =
    calls.length > 2
      ? ['omit', 'add', 'swap', 'missed', 'late_empty']
      : ['omit', 'add', 'swap', 'late_empty'];
  const kind = kinds[Math.floor(random() * kinds.length)]!;
  const way = WAY_PORTS.filter((p) => !calls.includes(p));
  const first = Math.floor(random() * way.length);
  return { kind, ports: [way[first]!, way[(first + 1) % way.length]!] };
}

/** The last leg's vessel, voyage and times, as drawn. */
export interface LastLeg {
  vessel: { name: string; imo: string };
  voyage: string;
  sequence: number;
  depart: number;
  arrive: number;
  booking: number;
}

/**
 * The calls on the way of an `omit`, `add` or `swap` voyage: arrivals and departures of the last
 * leg's vessel a third and two thirds of the way, each with the moment the carrier publishes it (and,
 * for an omitted call, stops publishing it). The change is announced a sixth of the way.
 */
export function wayCalls(seed: string, d: Disruption, leg: LastLeg): Timed<TrackingEvent>[] {
  if (d.kind !== 'omit' && d.kind !== 'add' && d.kind !== 'swap') return [];
  const span = leg.arrive - leg.depart;
  const announced = leg.depart + span / 6;
  const at = (share: number) => leg.depart + Math.round(span * share);
  const event = (
    typeCode: 'ARRI' | 'DEPA',
    locode: string,
    classifier: TrackingEvent['classifier'],
    time: number,
    created: number,
    version: string,
  ): TrackingEvent => ({
    eventId: createHash('sha1')
      .update(`${seed}|way|${locode}|${typeCode}|${version}`)
      .digest('hex')
      .slice(0, 20),
    eventType: 'TRANSPORT',
    typeCode,
    classifier,
    emptyIndicator: null,
    locationCode: locode,
    locationName: portByLocode(locode)?.name ?? null,
    vesselName: leg.vessel.name,
    vesselImo: leg.vessel.imo,
    voyage: leg.voyage,
    transportCallSequence: leg.sequence,
    eventTime: new Date(time).toISOString(),
    createdAt: new Date(created).toISOString(),
  });
  /** One call at `port` at `share` of the leg: its arrival and its departure 12 h later. */
  const call = (
    port: string,
    share: number,
    classifier: TrackingEvent['classifier'],
    created: number,
    version: string,
  ) => [
    event('ARRI', port, classifier, at(share), created, version),
    event('DEPA', port, classifier, at(share) + 12 * HOUR, created, version),
  ];
  const actual = (port: string, share: number) =>
    call(port, share, 'ACT', 0, 'act').map((e) => ({
      from: Date.parse(e.eventTime) + 20 * 60_000,
      value: { ...e, createdAt: new Date(Date.parse(e.eventTime) + 20 * 60_000).toISOString() },
    }));
  const [x, y] = d.ports;
  switch (d.kind) {
    case 'omit':
      return call(x, 1 / 3, 'PLN', leg.booking, 'pln').map((value) => ({
        from: leg.booking,
        value,
        until: announced,
      }));
    case 'add':
      return [
        ...call(x, 1 / 3, 'EST', announced, 'est').map((value) => ({ from: announced, value })),
        ...actual(x, 1 / 3),
      ];
    case 'swap':
      return [
        ...[...call(x, 1 / 3, 'PLN', leg.booking, 'pln'), ...call(y, 2 / 3, 'PLN', leg.booking, 'pln')].map(
          (value) => ({ from: leg.booking, value }),
        ),
        ...[...call(y, 1 / 3, 'EST', announced, 'est'), ...call(x, 2 / 3, 'EST', announced, 'est')].map(
          (value) => ({ from: announced, value }),
        ),
        ...actual(y, 1 / 3),
        ...actual(x, 2 / 3),
      ];
  }
}
