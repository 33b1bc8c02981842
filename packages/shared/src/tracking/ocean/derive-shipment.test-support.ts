import type { TrackingEvent } from './tracking-event';
import type { DerivedShipment } from './derive-shipment';

let seq = 0;
/** A hand-built event; `created` defaults to the event time for actuals and a week before for plans. */
export function ev(
  typeCode: TrackingEvent['typeCode'],
  classifier: TrackingEvent['classifier'],
  at: string,
  where: string,
  more: Partial<TrackingEvent> = {},
): TrackingEvent {
  const transport = typeCode === 'ARRI' || typeCode === 'DEPA';
  return {
    eventId: `e${String(++seq)}`,
    eventType: transport ? 'TRANSPORT' : 'EQUIPMENT',
    typeCode,
    classifier,
    emptyIndicator: transport ? null : 'LADEN',
    locationCode: where,
    locationName: where,
    vesselName: null,
    vesselImo: null,
    voyage: null,
    transportCallSequence: null,
    eventTime: at,
    createdAt: classifier === 'ACT' ? at : '2026-10-01T00:00:00Z',
    ...more,
  };
}

export const SHA = 'CNSHA';
export const SIN = 'SGSIN';
export const RTM = 'NLRTM';

/**
 * A derived view with nothing known yet (in transit, no dates, ports or vessel), `over` on top: where
 * tests of what reads a view (exceptions, estimates, reliability, schedules, changes) start from.
 */
export function derivedView(over: Partial<DerivedShipment> = {}): DerivedShipment {
  return {
    shipmentOverall: {
      emptyGateOut: null,
      fullGateIn: null,
      loaded: null,
      lastFreeDay: null,
      fullGateOut: null,
      emptyReturned: null,
      discharged: null,
      berthed: null,
    },
    departureVO: { etd: null, atd: null },
    arrivalVO: { eta: null, ata: null },
    pol: null,
    pod: null,
    transshipments: [],
    vessel: null,
    status: 'in_transit',
    etaHistory: [],
    rolls: [],
    lastActualAt: null,
    ...over,
  };
}
