import type { TrackingEvent } from './tracking-event';

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
