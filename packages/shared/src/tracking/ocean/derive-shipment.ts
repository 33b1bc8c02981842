import {
  eventsOf,
  firstPublished,
  has,
  is,
  pickMilestone,
  plannedRoute,
  podIndexOf,
  portVisits,
  time,
  type Visit,
} from './port-visits';
import type { EventClassifier, TrackingEvent } from './tracking-event';

export { pickMilestone } from './port-visits';

export interface PortRef {
  locode: string;
  name: string | null;
}

export interface Milestone {
  time: string;
  classifier: EventClassifier;
  location: PortRef | null;
}

export interface ShipmentOverall {
  emptyGateOut: Milestone | null;
  fullGateIn: Milestone | null;
  loaded: Milestone | null;
  lastFreeDay: Milestone | null;
  fullGateOut: Milestone | null;
  emptyReturned: Milestone | null;
  discharged: Milestone | null;
  berthed: Milestone | null;
}

export const SHIPMENT_STATUSES = [
  'booked',
  'empty_picked_up',
  'at_origin',
  'loaded',
  'in_transit',
  'arrived',
  'discharged',
  'delivered',
  'empty_returned',
] as const;
export type ShipmentStatus = (typeof SHIPMENT_STATUSES)[number];

export interface EtaRecord {
  eta: string;
  classifier: EventClassifier;
  recordedAt: string;
}

export interface VesselRef {
  name: string | null;
  imo: string | null;
  voyage: string | null;
}

/** The carrier moved the box to another vessel or voyage at a port where it is loaded (a "roll"). */
export interface Roll {
  port: PortRef;
  from: VesselRef;
  to: VesselRef;
  /** When the carrier published the new vessel or voyage. */
  recordedAt: string;
}

/**
 * One sea leg of the box: from a port call it leaves to the next one it reaches, with the departure
 * from the first and the arrival at the second (the box may stay on board there).
 */
export interface VoyageLeg {
  from: PortRef;
  to: PortRef;
  /**
   * `plannedEtd`: the departure as the carrier first planned or estimated it (its earliest-published
   * plan or estimate); views derived before it was read have none.
   */
  departure: { etd: string | null; atd: string | null; plannedEtd?: string | null };
  arrival: { eta: string | null; ata: string | null };
}

export interface DerivedShipment {
  shipmentOverall: ShipmentOverall;
  departureVO: { etd: string | null; atd: string | null };
  arrivalVO: { eta: string | null; ata: string | null };
  pol: PortRef | null;
  pod: PortRef | null;
  transshipments: PortRef[];
  vessel: { name: string; imo: string | null; voyage: string | null } | null;
  status: ShipmentStatus;
  /** Every distinct ETA for the port of discharge the carrier has given, oldest first. */
  etaHistory: EtaRecord[];
  /** Every roll at the port of loading and the transshipment ports, oldest first. */
  rolls: Roll[];
  /**
   * The legs between the port calls from the port of loading to the port of discharge (or the last
   * call known while that is not), in order. Views derived before legs were read have none.
   */
  legs?: VoyageLeg[];
  /**
   * The port calls from the port of loading to the port of discharge as the carrier first published
   * them (its first answer that named a port of discharge), withdrawn calls included: what a port
   * added, omitted or called in another order is told against. Views derived before it was read have none.
   */
  plannedRoute?: PortRef[];
  lastActualAt: string | null;
}

const port = (e: TrackingEvent | null | undefined): PortRef | null =>
  e?.locationCode ? { locode: e.locationCode, name: e.locationName } : null;

const milestone = (e: TrackingEvent | null): Milestone | null =>
  e ? { time: e.eventTime, classifier: e.classifier, location: port(e) } : null;

/** Two references name other transports: another vessel (by IMO, else by name) or another voyage, where both say. */
function otherTransport(a: VesselRef, b: VesselRef): boolean {
  const vessel =
    a.imo && b.imo
      ? a.imo !== b.imo
      : Boolean(a.name && b.name) && a.name!.trim().toUpperCase() !== b.name!.trim().toUpperCase();
  return vessel || (a.voyage !== null && b.voyage !== null && a.voyage !== b.voyage);
}

/**
 * The rolls at one visit where the box is loaded: its load and departure events in the order the
 * carrier published them, each compared with what the events before it said of vessel and voyage (an
 * event that leaves one out keeps the earlier value); one naming another vessel or voyage is a roll.
 */
function rollsAt(visit: Visit): Roll[] {
  const published = visit.milestones
    .filter((m) => m.typeCode === 'LOAD' || m.typeCode === 'DEPA')
    .flatMap((m) => m.events)
    .sort((a, b) => time(a.createdAt) - time(b.createdAt) || a.eventId.localeCompare(b.eventId));
  const rolls: Roll[] = [];
  let known = null as VesselRef | null;
  for (const e of published) {
    const said: VesselRef = { name: e.vesselName, imo: e.vesselImo, voyage: e.voyage };
    if (known && otherTransport(known, said)) {
      rolls.push({ port: { ...visit.port }, from: known, to: said, recordedAt: e.createdAt });
      known = said;
    } else if (said.name !== null || said.imo !== null || said.voyage !== null) {
      known = {
        name: said.name ?? known?.name ?? null,
        imo: said.imo ?? known?.imo ?? null,
        voyage: said.voyage ?? known?.voyage ?? null,
      };
    }
  }
  return rolls;
}

/**
 * Derives the spec's shipment view (shipmentOverall milestones, arrivalVO, departureVO, ports, vessel,
 * status, ETA history) from a container's events, whatever order they arrived in. Pure.
 */
export function deriveShipment(
  events: TrackingEvent[],
  extras: { lastFreeDay?: string | null; withdrawn?: ReadonlySet<string> } = {},
): DerivedShipment {
  const visits = portVisits(events, extras.withdrawn);
  const polIndex = visits.findIndex((v) => has(v, 'LOAD') || has(v, 'DEPA'));
  const podIndex = podIndexOf(visits, polIndex);
  const polVisit = polIndex >= 0 ? visits[polIndex] : undefined;
  const podVisit = podIndex >= 0 ? visits[podIndex] : undefined;
  const pol = polVisit ? { ...polVisit.port } : null;
  const pod = podVisit ? { ...podVisit.port } : null;
  const at = (place: PortRef | null) => (e: TrackingEvent) =>
    place !== null && e.locationCode === place.locode;

  // The ports between where the box is loaded first and discharged last at which it changes vessel.
  const transshipments = visits
    .slice(polIndex + 1, podIndex >= 0 ? podIndex : undefined)
    .filter((v) => has(v, 'DISC') || has(v, 'LOAD'))
    .map((v) => ({ ...v.port }));

  // Departure and arrival are those of these visits only: an arrival at a transshipment port, or at
  // the port of discharge on an earlier call, is not the container's arrival.
  const departure = eventsOf(polVisit, 'DEPA');
  const arrival = eventsOf(podVisit, 'ARRI');
  const actualOf = (list: TrackingEvent[]) => pickMilestone(list.filter((e) => e.classifier === 'ACT'));
  const estimateOf = (list: TrackingEvent[]) => pickMilestone(list.filter((e) => e.classifier !== 'ACT'));

  const discharged = pickMilestone(eventsOf(podVisit, 'DISC'));
  const fullGateOut = pickMilestone(events.filter((e) => is(e, 'GTOT', 'LADEN') && at(pod)(e)));
  const emptyGateOut = pickMilestone(events.filter((e) => is(e, 'GTOT', 'EMPTY') && !at(pod)(e)));
  // The empty return is the empty gate-in that follows delivery (or at least the empty pick-up), at any depot.
  const returnAfter = [fullGateOut, discharged, emptyGateOut].find((m) => m !== null);
  const emptyReturned = pickMilestone(
    events.filter(
      (e) => is(e, 'GTIN', 'EMPTY') && (!returnAfter || time(e.eventTime) >= time(returnAfter.eventTime)),
    ),
  );

  const shipmentOverall: ShipmentOverall = {
    emptyGateOut: milestone(emptyGateOut),
    fullGateIn: milestone(pickMilestone(events.filter((e) => is(e, 'GTIN', 'LADEN') && at(pol)(e)))),
    loaded: milestone(pickMilestone(eventsOf(polVisit, 'LOAD'))),
    lastFreeDay: extras.lastFreeDay ? { time: extras.lastFreeDay, classifier: 'EST', location: pod } : null,
    fullGateOut: milestone(fullGateOut),
    emptyReturned: milestone(emptyReturned),
    discharged: milestone(discharged),
    // No T&T code for berthing: the actual arrival at the terminal stands in (DCSA README).
    berthed: milestone(actualOf(arrival)),
  };

  const etaHistory: EtaRecord[] = [];
  for (const e of arrival
    .filter((x) => x.classifier !== 'ACT')
    .sort(
      (a, b) =>
        time(a.createdAt) - time(b.createdAt) ||
        time(a.eventTime) - time(b.eventTime) ||
        a.eventId.localeCompare(b.eventId),
    )) {
    if (etaHistory.at(-1)?.eta !== e.eventTime)
      etaHistory.push({ eta: e.eventTime, classifier: e.classifier, recordedAt: e.createdAt });
  }

  const actuals = events
    .filter((e) => e.classifier === 'ACT')
    .sort((a, b) => time(a.eventTime) - time(b.eventTime));
  // The vessel the box was last seen on, else the one of the first port where a vessel is named, as
  // the carrier last published it there (after a roll, not the one first booked).
  const moves = visits.flatMap((v) => v.milestones.map((m) => m.best));
  const firstNamed =
    visits
      .map((v) => v.milestones.flatMap((m) => m.events).filter((e) => e.vesselName))
      .find((named) => named.length > 0) ?? [];
  const lastVesselEvent =
    moves.filter((e) => e.vesselName && e.classifier === 'ACT').at(-1) ?? pickMilestone(firstNamed);

  const rolls =
    polIndex >= 0
      ? visits
          .slice(polIndex, podIndex >= 0 ? podIndex : undefined)
          .filter((v) => has(v, 'LOAD') || has(v, 'DEPA'))
          .flatMap(rollsAt)
          .sort((a, b) => time(a.recordedAt) - time(b.recordedAt))
      : [];

  // Every call from the port of loading to the port of discharge, the box's own moves or its vessel's.
  const calls = polIndex >= 0 ? visits.slice(polIndex, podIndex >= 0 ? podIndex + 1 : undefined) : [];
  const legs = calls.slice(1).map((to, i): VoyageLeg => {
    const from = calls[i]!;
    const leaving = eventsOf(from, 'DEPA');
    const reaching = eventsOf(to, 'ARRI');
    return {
      from: { ...from.port },
      to: { ...to.port },
      departure: {
        etd: estimateOf(leaving)?.eventTime ?? null,
        atd: actualOf(leaving)?.eventTime ?? null,
        plannedEtd: firstPublished(leaving)?.eventTime ?? null,
      },
      arrival: { eta: estimateOf(reaching)?.eventTime ?? null, ata: actualOf(reaching)?.eventTime ?? null },
    };
  });

  return {
    shipmentOverall,
    departureVO: {
      etd: estimateOf(departure)?.eventTime ?? null,
      atd: actualOf(departure)?.eventTime ?? null,
    },
    arrivalVO: { eta: estimateOf(arrival)?.eventTime ?? null, ata: actualOf(arrival)?.eventTime ?? null },
    pol,
    pod,
    transshipments,
    vessel: lastVesselEvent?.vesselName
      ? { name: lastVesselEvent.vesselName, imo: lastVesselEvent.vesselImo, voyage: lastVesselEvent.voyage }
      : null,
    status: statusOf(shipmentOverall, actualOf(departure) !== null, actualOf(arrival) !== null),
    etaHistory,
    rolls,
    legs,
    plannedRoute: plannedRoute(events),
    lastActualAt: actuals.at(-1)?.eventTime ?? null,
  };
}

function statusOf(o: ShipmentOverall, departed: boolean, arrived: boolean): ShipmentStatus {
  const done = (m: Milestone | null) => m?.classifier === 'ACT';
  if (done(o.emptyReturned)) return 'empty_returned';
  if (done(o.fullGateOut)) return 'delivered';
  if (done(o.discharged)) return 'discharged';
  if (arrived) return 'arrived';
  if (departed) return 'in_transit';
  if (done(o.loaded)) return 'loaded';
  if (done(o.fullGateIn)) return 'at_origin';
  if (done(o.emptyGateOut)) return 'empty_picked_up';
  return 'booked';
}

/** spec §3 arrival/departure text: actual, then "EST: " estimated; or "EST: " estimated only; or "-". */
export function milestoneText(
  actual: string | null,
  estimated: string | null,
  format: (iso: string) => string,
): string {
  if (actual && estimated) return `${format(actual)} EST: ${format(estimated)}`;
  if (actual) return format(actual);
  if (estimated) return `EST: ${format(estimated)}`;
  return '-';
}
