import type { OceanTrackingDetail } from '@tracklane/shared/tracking/ocean/ocean-shipments.schema';
import type { PortRef } from '@tracklane/shared/tracking/ocean/derive-shipment';
import type { EventClassifier } from '@tracklane/shared/tracking/ocean/tracking-event';

type DetailEvent = OceanTrackingDetail['events'][number];

export interface JourneyTime {
  time: string;
  classifier: EventClassifier;
}

export interface JourneyStop {
  key: string;
  label: string;
  /** The best knowledge: an actual, else the latest estimate or plan; null when nothing is known. */
  at: JourneyTime | null;
  location: PortRef | null;
  kind: 'milestone' | 'transshipment' | 'deadline';
  /** Transshipments: when the box arrived at and left the port, each actual or estimated. */
  legs?: { label: string; at: JourneyTime | null }[];
}

const RANK: Record<EventClassifier, number> = { PLN: 0, EST: 1, ACT: 2 };

/** An actual beats an estimate, which beats a plan; among equals the one the carrier created last. */
function best(events: DetailEvent[]): JourneyTime | null {
  let chosen: DetailEvent | null = null;
  for (const event of events) {
    if (
      !chosen ||
      RANK[event.classifier] > RANK[chosen.classifier] ||
      (RANK[event.classifier] === RANK[chosen.classifier] &&
        Date.parse(event.eventCreatedAt) > Date.parse(chosen.eventCreatedAt))
    ) {
      chosen = event;
    }
  }
  return chosen ? { time: chosen.eventTime, classifier: chosen.classifier } : null;
}

const fromVO = (actual: string | null, estimated: string | null): JourneyTime | null =>
  actual ? { time: actual, classifier: 'ACT' } : estimated ? { time: estimated, classifier: 'EST' } : null;

type Milestone = OceanTrackingDetail['shipmentOverall']['loaded'];
const fromMilestone = (m: Milestone): JourneyTime | null =>
  m ? { time: m.time, classifier: m.classifier } : null;

function transshipmentStop(port: PortRef, index: number, events: DetailEvent[]): JourneyStop {
  const here = events.filter((e) => e.location?.locode === port.locode);
  const of = (...codes: string[]) =>
    codes.map((code) => best(here.filter((e) => e.typeCode === code))).find((t) => t !== null) ?? null;
  const arrived = of('ARRI', 'DISC');
  const departed = of('DEPA', 'LOAD');
  const at = [departed, arrived].find((t) => t?.classifier === 'ACT') ?? arrived ?? departed ?? null;
  return {
    key: `transshipment-${String(index)}-${port.locode}`,
    label: 'Transshipment',
    at,
    location: port,
    kind: 'transshipment',
    legs: [
      { label: 'Arrival', at: arrived },
      { label: 'Departure', at: departed },
    ],
  };
}

/**
 * The container's journey in the order it happens (spec §3 milestones), from the empty pick-up to the
 * empty return, transshipment ports between departure and arrival.
 */
export function journeyStops(shipment: OceanTrackingDetail): JourneyStop[] {
  const o = shipment.shipmentOverall;
  const stop = (
    key: string,
    label: string,
    at: JourneyTime | null,
    location: PortRef | null,
    kind: JourneyStop['kind'] = 'milestone',
  ): JourneyStop => ({ key, label, at, location, kind });
  return [
    stop('emptyGateOut', 'Empty gate-out', fromMilestone(o.emptyGateOut), o.emptyGateOut?.location ?? null),
    stop('fullGateIn', 'Full gate-in', fromMilestone(o.fullGateIn), o.fullGateIn?.location ?? shipment.pol),
    stop('loaded', 'Loaded', fromMilestone(o.loaded), o.loaded?.location ?? shipment.pol),
    stop('departure', 'Departure', fromVO(shipment.departureVO.atd, shipment.departureVO.etd), shipment.pol),
    ...shipment.transshipments.map((port, index) => transshipmentStop(port, index, shipment.events)),
    stop('arrival', 'Arrival', fromVO(shipment.arrivalVO.ata, shipment.arrivalVO.eta), shipment.pod),
    stop('berthed', 'Berthed', fromMilestone(o.berthed), o.berthed?.location ?? shipment.pod),
    stop('discharged', 'Discharged', fromMilestone(o.discharged), o.discharged?.location ?? shipment.pod),
    stop(
      'lastFreeDay',
      // The carrier's: its terminal's, where demurrage runs (detention's is on the free-time panel).
      'Demurrage last free day',
      fromMilestone(o.lastFreeDay),
      o.lastFreeDay?.location ?? shipment.pod,
      'deadline',
    ),
    stop(
      'fullGateOut',
      'Full gate-out',
      fromMilestone(o.fullGateOut),
      o.fullGateOut?.location ?? shipment.pod,
    ),
    stop(
      'emptyReturned',
      'Empty returned',
      fromMilestone(o.emptyReturned),
      o.emptyReturned?.location ?? null,
    ),
  ];
}

/** The index of the last stop that has actually happened (-1 before the first). */
export function lastActualIndex(stops: JourneyStop[]): number {
  return stops.findLastIndex((s) => s.kind !== 'deadline' && s.at?.classifier === 'ACT');
}

export interface EtaSlip {
  /** The carrier's first ETA for the port of discharge. */
  first: string;
  /** The actual arrival, or the carrier's latest estimate (never one set by hand). */
  latest: string;
  latestIsActual: boolean;
}

/**
 * How the arrival moved since the carrier's first estimate, by the carrier's own history (an ETA set
 * by hand in `arrivalVO.eta` is no slip); null when there is nothing to compare.
 */
export function etaSlip(shipment: Pick<OceanTrackingDetail, 'etaHistory' | 'arrivalVO'>): EtaSlip | null {
  const first = shipment.etaHistory[0]?.eta;
  const latest = shipment.arrivalVO.ata ?? shipment.etaHistory.at(-1)?.eta ?? shipment.arrivalVO.eta;
  if (!first || !latest || Date.parse(first) === Date.parse(latest)) return null;
  return { first, latest, latestIsActual: shipment.arrivalVO.ata !== null };
}
