import type { EventClassifier, TrackingEvent } from './tracking-event';

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

const RANK: Record<EventClassifier, number> = { PLN: 0, EST: 1, ACT: 2 };
const time = (iso: string) => Date.parse(iso);

/** Later-created events first; among equals, the later event id (stable). */
function newestFirst(a: TrackingEvent, b: TrackingEvent): number {
  return time(b.createdAt) - time(a.createdAt) || (a.eventId < b.eventId ? 1 : -1);
}

/**
 * The best knowledge of one milestone: an actual if there is one (an estimate never overwrites an
 * actual), otherwise the most recently created estimate, otherwise the most recent plan.
 */
export function pickMilestone(candidates: TrackingEvent[]): TrackingEvent | null {
  let best: TrackingEvent | null = null;
  for (const event of [...candidates].sort(newestFirst)) {
    if (!best || RANK[event.classifier] > RANK[best.classifier]) best = event;
  }
  return best;
}

const port = (e: TrackingEvent | null | undefined): PortRef | null =>
  e?.locationCode ? { locode: e.locationCode, name: e.locationName } : null;

const milestone = (e: TrackingEvent | null): Milestone | null =>
  e ? { time: e.eventTime, classifier: e.classifier, location: port(e) } : null;

const is = (e: TrackingEvent, typeCode: TrackingEvent['typeCode'], empty?: 'EMPTY' | 'LADEN') =>
  e.typeCode === typeCode && (empty === undefined || e.emptyIndicator === empty);

type CallCode = 'ARRI' | 'DISC' | 'LOAD' | 'DEPA';
/** The order of the moves within one port call, for milestones given the same time. */
const CALL_ORDER: Record<CallCode, number> = { ARRI: 0, DISC: 1, LOAD: 2, DEPA: 3 };

/** Every version (plan, estimates, actual) of one move of the container at one port call. */
interface CallMilestone {
  typeCode: CallCode;
  locode: string;
  key: string;
  events: TrackingEvent[];
  best: TrackingEvent;
}

/** One stay of the container at a port: consecutive milestones there, whichever vessel they belong to. */
interface Visit {
  port: PortRef;
  milestones: CallMilestone[];
}

const isCallEvent = (e: TrackingEvent): e is TrackingEvent & { typeCode: CallCode; locationCode: string } =>
  e.locationCode !== null &&
  (is(e, 'ARRI') || is(e, 'DEPA') || is(e, 'LOAD', 'LADEN') || is(e, 'DISC', 'LADEN'));

function byJourneyOrder(a: CallMilestone, b: CallMilestone): number {
  return (
    time(a.best.eventTime) - time(b.best.eventTime) ||
    CALL_ORDER[a.typeCode] - CALL_ORDER[b.typeCode] ||
    a.locode.localeCompare(b.locode) ||
    a.key.localeCompare(b.key)
  );
}

/**
 * The ports the container calls at, in the order it calls at them. The versions of one move share its
 * type, place and transport call (voyage and transportCallSequenceNumber, which DCSA numbers per voyage
 * and so only tell two calls of one voyage apart). Moves are ordered by their best-known time, never
 * by sequence numbers, which cannot order the calls of two vessels; consecutive moves at one port are
 * one visit, so a transshipment's discharge and reload stay together and a port called at again later
 * is a second visit.
 */
function portVisits(events: TrackingEvent[], withdrawn: ReadonlySet<string> = new Set()): Visit[] {
  const groups = new Map<string, CallMilestone>();
  for (const e of events.filter(isCallEvent)) {
    const key = [e.typeCode, e.locationCode, e.voyage ?? '', String(e.transportCallSequence ?? '')].join('|');
    const group = groups.get(key);
    if (group) group.events.push(e);
    else groups.set(key, { typeCode: e.typeCode, locode: e.locationCode, key, events: [e], best: e });
  }
  // A move the carrier no longer lists (all its plans and estimates withdrawn, never actual) is not
  // part of the route any more: the call was omitted.
  const listed = (m: CallMilestone) =>
    m.events.some((e) => e.classifier === 'ACT' || !withdrawn.has(e.eventId));
  const milestones = [...groups.values()]
    .filter(listed)
    .map((m) => ({ ...m, best: pickMilestone(m.events) ?? m.best }))
    .sort(byJourneyOrder);

  const visits: Visit[] = [];
  for (const m of milestones) {
    const last = visits.at(-1);
    if (last?.port.locode === m.locode) last.milestones.push(m);
    else visits.push({ port: { locode: m.locode, name: null }, milestones: [m] });
  }
  for (const visit of visits) {
    // The first name the carrier gives for the port in this visit, so that it does not depend on input order.
    visit.port.name = visit.milestones.find((m) => m.best.locationName)?.best.locationName ?? null;
  }
  return visits;
}

const has = (visit: Visit, typeCode: CallCode) => visit.milestones.some((m) => m.typeCode === typeCode);
const eventsOf = (visit: Visit | undefined, typeCode: CallCode) =>
  visit?.milestones.filter((m) => m.typeCode === typeCode).flatMap((m) => m.events) ?? [];

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
 * The visit at the port of discharge: the last port the container is planned, estimated or known to
 * reach. A visit with a load sends the box on (a transshipment, whatever the times of a discharge and
 * a reload there say, since a stale plan can put them either way round); one with a discharge only
 * ends a leg there; a vessel's arrival without either counts while the box is on board (carriers often
 * send no discharge plan), while after a discharge the vessel's further calls are not the container's.
 * -1 while nothing says where the box is going.
 */
function podIndexOf(visits: Visit[], polIndex: number): number {
  let onBoard = true;
  let podIndex = -1;
  visits.forEach((visit, index) => {
    const loaded = has(visit, 'LOAD');
    const discharged = has(visit, 'DISC');
    const reached = !loaded && (discharged || (onBoard && has(visit, 'ARRI')));
    if (index > polIndex && reached) podIndex = index;
    if (loaded || discharged) onBoard = loaded;
  });
  return podIndex;
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

/** The earliest-published plan or estimate among these events (the first the carrier said). */
function firstPublished(list: TrackingEvent[]): TrackingEvent | null {
  const plans = list.filter((e) => e.classifier !== 'ACT');
  return (
    plans.sort((a, b) => time(a.createdAt) - time(b.createdAt) || a.eventId.localeCompare(b.eventId))[0] ??
    null
  );
}

/** The calls from the port of loading to the port of discharge, when both are known. */
function routeOf(visits: Visit[]): PortRef[] | null {
  const polIndex = visits.findIndex((v) => has(v, 'LOAD') || has(v, 'DEPA'));
  const podIndex = podIndexOf(visits, polIndex);
  if (polIndex < 0 || podIndex < 0) return null;
  return visits.slice(polIndex, podIndex + 1).map((v) => ({ ...v.port }));
}

/**
 * The route as the carrier first published it: the port calls its events named at the first moment
 * (by the events' creation times) they named both a port of loading and one of discharge. Withdrawn
 * calls count: they were planned then. Empty while no such moment is known.
 */
function plannedRoute(events: TrackingEvent[]): PortRef[] {
  const calls = events.filter(isCallEvent);
  const moments = [...new Set(calls.map((e) => time(e.createdAt)))].sort((a, b) => a - b);
  for (const moment of moments) {
    const route = routeOf(portVisits(calls.filter((e) => time(e.createdAt) <= moment)));
    if (route) return route;
  }
  return [];
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
