/**
 * A carrier event in the shape of DCSA Track & Trace 2.2 (see shared/reference/dcsa): what every
 * provider produces and what we store. Milestones, ETA history and the dashboard derive from these.
 */
export const EVENT_CLASSIFIERS = ['PLN', 'EST', 'ACT'] as const;
export type EventClassifier = (typeof EVENT_CLASSIFIERS)[number];

export type EquipmentEventCode =
  'GTOT' | 'GTIN' | 'LOAD' | 'DISC' | 'STUF' | 'STRP' | 'PICK' | 'DROP' | 'INSP' | 'RSEA' | 'RMVD';
export type TransportEventCode = 'ARRI' | 'DEPA';

export interface TrackingEvent {
  /** Unique within its source (DCSA eventID, or the demo carrier's own id). */
  eventId: string;
  eventType: 'EQUIPMENT' | 'TRANSPORT';
  typeCode: EquipmentEventCode | TransportEventCode;
  classifier: EventClassifier;
  emptyIndicator: 'EMPTY' | 'LADEN' | null;
  locationCode: string | null;
  locationName: string | null;
  vesselName: string | null;
  vesselImo: string | null;
  voyage: string | null;
  /**
   * Which call of its voyage this is (DCSA transportCallSequenceNumber), when known. DCSA numbers calls
   * per voyage: it tells two calls at one port in one voyage apart, and cannot order two vessels' calls.
   */
  transportCallSequence: number | null;
  /** When it happened, or is planned or expected to happen (ISO 8601). */
  eventTime: string;
  /** When the carrier created this event (DCSA eventCreatedDateTime): later estimates win. */
  createdAt: string;
}
