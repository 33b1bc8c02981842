import type { TrackingEvent } from '@tracklane/shared/tracking/ocean/tracking-event';
import type { DcsaEquipmentEvent, DcsaEvent, DcsaTransportEvent } from './dcsa-schema';

/** Container numbers are compared without the spaces and dashes some systems print them with. */
const sameEquipment = (a: string, b: string) =>
  a.replace(/[^A-Za-z0-9]/g, '').toUpperCase() === b.replace(/[^A-Za-z0-9]/g, '').toUpperCase();

const utc = (iso: string) => new Date(iso).toISOString();

/**
 * One DCSA event as a container milestone (shared/reference/dcsa/README.md), or null when it is not one:
 * shipment (document) events, requested times, and equipment events of other containers on the bill.
 */
export function toTrackingEvent(event: DcsaEvent, containerNo: string): TrackingEvent | null {
  if (event.eventType === 'SHIPMENT' || event.eventClassifierCode === 'REQ') return null;
  const common = {
    eventId: event.eventID,
    classifier: event.eventClassifierCode,
    eventTime: utc(event.eventDateTime),
    createdAt: utc(event.eventCreatedDateTime),
  };
  if (event.eventType === 'TRANSPORT')
    return {
      ...common,
      ...callDetails(event.transportCall, event.transportEventTypeCode === 'ARRI'),
      eventType: 'TRANSPORT',
      typeCode: event.transportEventTypeCode,
      emptyIndicator: null,
    };
  if (event.equipmentReference && !sameEquipment(event.equipmentReference, containerNo)) return null;
  return {
    ...common,
    ...equipmentPlace(event),
    eventType: 'EQUIPMENT',
    typeCode: event.equipmentEventTypeCode,
    emptyIndicator: event.emptyIndicatorCode,
  };
}

type Call = DcsaTransportEvent['transportCall'];
type Place = Pick<
  TrackingEvent,
  'locationCode' | 'locationName' | 'vesselName' | 'vesselImo' | 'voyage' | 'transportCallSequence'
>;

/** Where and on which vessel and voyage: arrivals and discharges belong to the import voyage. */
function callDetails(call: Call | null | undefined, inbound: boolean): Place {
  const voyage = inbound
    ? (call?.importVoyageNumber ?? call?.exportVoyageNumber)
    : (call?.exportVoyageNumber ?? call?.importVoyageNumber);
  return {
    locationCode: call?.UNLocationCode ?? call?.location?.UNLocationCode ?? null,
    locationName: call?.location?.locationName ?? null,
    vesselName: call?.vessel?.vesselName ?? null,
    vesselImo: call?.vessel?.vesselIMONumber ?? null,
    voyage: voyage ?? call?.carrierVoyageNumber ?? null,
    transportCallSequence: call?.transportCallSequenceNumber ?? null,
  };
}

/** An equipment event happens at its eventLocation (a depot, say); its transport call is the context. */
function equipmentPlace(event: DcsaEquipmentEvent): Place {
  const call = callDetails(event.transportCall, event.equipmentEventTypeCode === 'DISC');
  const here = event.eventLocation;
  // A name without a code (or the call's name beside the event's own code) could describe another place.
  if (!here?.UNLocationCode) return call;
  return { ...call, locationCode: here.UNLocationCode, locationName: here.locationName ?? null };
}
