import type { PortRef } from './derive-shipment';
import type { EventClassifier, TrackingEvent } from './tracking-event';

// The port calls of a container as its events tell them (each move's versions, the visits in journey
// order, the ports of loading and discharge) and the route as the carrier first published it: what
// deriveShipment builds its view on.

const RANK: Record<EventClassifier, number> = { PLN: 0, EST: 1, ACT: 2 };
export const time = (iso: string) => Date.parse(iso);

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

export const is = (e: TrackingEvent, typeCode: TrackingEvent['typeCode'], empty?: 'EMPTY' | 'LADEN') =>
  e.typeCode === typeCode && (empty === undefined || e.emptyIndicator === empty);

export type CallCode = 'ARRI' | 'DISC' | 'LOAD' | 'DEPA';
/** The order of the moves within one port call, for milestones given the same time. */
const CALL_ORDER: Record<CallCode, number> = { ARRI: 0, DISC: 1, LOAD: 2, DEPA: 3 };

/** Every version (plan, estimates, actual) of one move of the container at one port call. */
export interface CallMilestone {
  typeCode: CallCode;
  locode: string;
  key: string;
  events: TrackingEvent[];
  best: TrackingEvent;
}

/** One stay of the container at a port: consecutive milestones there, whichever vessel they belong to. */
export interface Visit {
  port: PortRef;
  milestones: CallMilestone[];
}

export const isCallEvent = (
  e: TrackingEvent,
): e is TrackingEvent & { typeCode: CallCode; locationCode: string } =>
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
export function portVisits(events: TrackingEvent[], withdrawn: ReadonlySet<string> = new Set()): Visit[] {
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

export const has = (visit: Visit, typeCode: CallCode) =>
  visit.milestones.some((m) => m.typeCode === typeCode);
export const eventsOf = (visit: Visit | undefined, typeCode: CallCode) =>
  visit?.milestones.filter((m) => m.typeCode === typeCode).flatMap((m) => m.events) ?? [];

/**
 * The visit at the port of discharge: the last port the container is planned, estimated or known to
 * reach. A visit with a load sends the box on (a transshipment, whatever the times of a discharge and
 * a reload there say, since a stale plan can put them either way round); one with a discharge only
 * ends a leg there; a vessel's arrival without either counts while the box is on board (carriers often
 * send no discharge plan), while after a discharge the vessel's further calls are not the container's.
 * -1 while nothing says where the box is going.
 */
export function podIndexOf(visits: Visit[], polIndex: number): number {
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

/** The earliest-published plan or estimate among these events (the first the carrier said). */
export function firstPublished(list: TrackingEvent[]): TrackingEvent | null {
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
export function plannedRoute(events: TrackingEvent[]): PortRef[] {
  const calls = events.filter(isCallEvent);
  const moments = [...new Set(calls.map((e) => time(e.createdAt)))].sort((a, b) => a - b);
  for (const moment of moments) {
    const route = routeOf(portVisits(calls.filter((e) => time(e.createdAt) <= moment)));
    if (route) return route;
  }
  return [];
}
