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

function callOrder(a: TrackingEvent, b: TrackingEvent): number {
  const sa = a.transportCallSequence ?? Number.MAX_SAFE_INTEGER;
  const sb = b.transportCallSequence ?? Number.MAX_SAFE_INTEGER;
  return sa - sb || time(a.eventTime) - time(b.eventTime);
}

const is = (e: TrackingEvent, typeCode: TrackingEvent['typeCode'], empty?: 'EMPTY' | 'LADEN') =>
  e.typeCode === typeCode && (empty === undefined || e.emptyIndicator === empty);

/**
 * Derives the spec's shipment view (shipmentOverall milestones, arrivalVO, departureVO, ports, vessel,
 * status, ETA history) from a container's events, whatever order they arrived in. Pure.
 */
export function deriveShipment(
  events: TrackingEvent[],
  extras: { lastFreeDay?: string | null } = {},
): DerivedShipment {
  const loads = events.filter((e) => is(e, 'LOAD', 'LADEN')).sort(callOrder);
  const discharges = events.filter((e) => is(e, 'DISC', 'LADEN')).sort(callOrder);
  const departures = events.filter((e) => is(e, 'DEPA')).sort(callOrder);
  const arrivals = events.filter((e) => is(e, 'ARRI')).sort(callOrder);

  const pol = port(loads[0] ?? departures[0]);
  const pod = port(discharges.at(-1) ?? arrivals.at(-1));
  const at = (place: PortRef | null) => (e: TrackingEvent) =>
    place !== null && e.locationCode === place.locode;

  const transshipments: PortRef[] = [];
  for (const e of [...loads, ...discharges].sort(callOrder)) {
    const p = port(e);
    if (
      p &&
      p.locode !== pol?.locode &&
      p.locode !== pod?.locode &&
      !transshipments.some((t) => t.locode === p.locode)
    ) {
      transshipments.push(p);
    }
  }

  const departure = departures.filter(at(pol));
  const arrival = arrivals.filter(at(pod));
  const actualOf = (list: TrackingEvent[]) => pickMilestone(list.filter((e) => e.classifier === 'ACT'));
  const estimateOf = (list: TrackingEvent[]) => pickMilestone(list.filter((e) => e.classifier !== 'ACT'));

  const discharged = pickMilestone(discharges.filter(at(pod)));
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
    loaded: milestone(pickMilestone(loads.filter(at(pol)))),
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
    .sort((a, b) => time(a.createdAt) - time(b.createdAt))) {
    if (etaHistory.at(-1)?.eta !== e.eventTime)
      etaHistory.push({ eta: e.eventTime, classifier: e.classifier, recordedAt: e.createdAt });
  }

  const actuals = events
    .filter((e) => e.classifier === 'ACT')
    .sort((a, b) => time(a.eventTime) - time(b.eventTime));
  const lastVesselEvent =
    [...events.filter((e) => e.vesselName && e.classifier === 'ACT')].sort(
      (a, b) => time(b.eventTime) - time(a.eventTime),
    )[0] ??
    departure.find((e) => e.vesselName) ??
    events.find((e) => e.vesselName);

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
