import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { TrackingEvent } from '@tracklane/shared/tracking/ocean/tracking-event';
import { EQUIPMENT_EVENT_TYPE_CODES } from './dcsa-schema';

/**
 * Our stored carrier events as DCSA Track & Trace 2.2 events (shared/reference/dcsa/tnt-2.2.0-resolved.yaml),
 * for the DCSA events feed and DCSA-shaped webhooks. The zod schemas below are what we promise to
 * send: stricter than the incoming ones in dcsa-schema.ts (every field we fill is required, lengths
 * are 2.2's), and the tests check each type we store against the 2.2 document itself.
 *
 * Choices the 2.2 document forces:
 * - `documentReferences` is left out: 2.2 misprints its enum ("TRD (Transport Document)"), so the bill
 *   of lading cannot be sent there validly. Every event carries the container instead, as
 *   `references: [{ referenceType: 'EQ' }]`, which transport events have no other field for.
 * - `eventID` is ours (2.2: "the message, not the source"): a name-based UUID of the stored event, the
 *   same at every request, unique even where two bills carry one carrier event.
 * - An equipment event without an empty/laden indicator cannot be valid 2.2 and is left out (our
 *   providers always give one).
 */

export const DCSA_API_VERSION = '2.2.0';

const dateTime = z.iso.datetime({ offset: true });
const uuid = z.guid();
const classifier = z.enum(['PLN', 'EST', 'ACT']);
const unLocationCode = z.string().length(5);

const outLocation = z.object({
  locationName: z.string().max(100).optional(),
  UNLocationCode: unLocationCode.optional(),
});

const outTransportCall = z.object({
  transportCallID: z.string().max(100),
  modeOfTransport: z.literal('VESSEL'),
  UNLocationCode: unLocationCode.optional(),
  transportCallSequenceNumber: z.int().optional(),
  exportVoyageNumber: z.string().max(50).optional(),
  importVoyageNumber: z.string().max(50).optional(),
  location: outLocation.optional(),
  vessel: z
    .object({ vesselIMONumber: z.string().regex(/^\d{7}$/), vesselName: z.string().max(35).optional() })
    .optional(),
});

const outReferences = z.array(
  z.object({ referenceType: z.literal('EQ'), referenceValue: z.string().max(100) }),
);

const outBase = {
  eventID: uuid,
  eventCreatedDateTime: dateTime,
  eventDateTime: dateTime,
  eventClassifierCode: classifier,
  references: outReferences,
};

export const dcsaOutTransportEventSchema = z.object({
  ...outBase,
  eventType: z.literal('TRANSPORT'),
  transportEventTypeCode: z.enum(['ARRI', 'DEPA']),
  transportCall: outTransportCall,
});

export const dcsaOutEquipmentEventSchema = z.object({
  ...outBase,
  eventType: z.literal('EQUIPMENT'),
  equipmentEventTypeCode: z.enum(EQUIPMENT_EVENT_TYPE_CODES),
  equipmentReference: z.string().max(15),
  emptyIndicatorCode: z.enum(['EMPTY', 'LADEN']),
  eventLocation: outLocation.optional(),
  transportCall: outTransportCall.optional(),
});

export const dcsaOutEventSchema = z.discriminatedUnion('eventType', [
  dcsaOutTransportEventSchema,
  dcsaOutEquipmentEventSchema,
]);
export type DcsaOutEvent = z.infer<typeof dcsaOutEventSchema>;

/** A stored event row with what the DCSA shape needs of its shipment. */
export interface StoredOceanEvent {
  itemId: string;
  source: string;
  eventId: string;
  eventTime: Date;
  eventCreatedAt: Date;
  data: Record<string, unknown>;
  containerNo: string;
}

/** A UUID (version 5 layout, SHA-1) named by `name`: stable across requests and processes. */
export function nameBasedUuid(name: string): string {
  const bytes = createHash('sha1').update(`tracklane:${name}`).digest().subarray(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x50;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

const clip = (value: string | null, max: number) => (value ? value.slice(0, max) : undefined);
const defined = <T extends object>(value: T): T =>
  Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;

function transportCallOf(e: TrackingEvent, inbound: boolean): z.infer<typeof outTransportCall> {
  const vessel = e.vesselImo && /^\d{7}$/.test(e.vesselImo) ? e.vesselImo : null;
  const locode = e.locationCode && e.locationCode.length === 5 ? e.locationCode : undefined;
  const voyage = clip(e.voyage, 50);
  return defined({
    // One call of one vessel's voyage at one port: the same id for its arrival, departure, loads and discharges.
    transportCallID: nameBasedUuid(
      `call:${vessel ?? e.vesselName ?? ''}:${e.voyage ?? ''}:${e.locationCode ?? ''}:${String(e.transportCallSequence ?? '')}`,
    ),
    modeOfTransport: 'VESSEL' as const,
    UNLocationCode: locode,
    transportCallSequenceNumber: e.transportCallSequence ?? undefined,
    exportVoyageNumber: inbound ? undefined : voyage,
    importVoyageNumber: inbound ? voyage : undefined,
    location: e.locationName
      ? defined({ locationName: clip(e.locationName, 100), UNLocationCode: locode })
      : undefined,
    vessel: vessel ? defined({ vesselIMONumber: vessel, vesselName: clip(e.vesselName, 35) }) : undefined,
  });
}

/** One stored ocean event as a DCSA 2.2 event, or null when 2.2 cannot express it. */
export function toDcsaEvent(row: StoredOceanEvent): DcsaOutEvent | null {
  const e = row.data as unknown as TrackingEvent;
  const base = {
    eventID: nameBasedUuid(`event:${row.itemId}:${row.source}:${row.eventId}`),
    eventCreatedDateTime: row.eventCreatedAt.toISOString(),
    eventDateTime: row.eventTime.toISOString(),
    eventClassifierCode: e.classifier,
    references: [{ referenceType: 'EQ' as const, referenceValue: row.containerNo }],
  };
  if (e.eventType === 'TRANSPORT') {
    if (e.typeCode !== 'ARRI' && e.typeCode !== 'DEPA') return null;
    return {
      ...base,
      eventType: 'TRANSPORT',
      transportEventTypeCode: e.typeCode,
      transportCall: transportCallOf(e, e.typeCode === 'ARRI'),
    };
  }
  if (e.eventType !== 'EQUIPMENT' || !e.emptyIndicator) return null;
  if (!(EQUIPMENT_EVENT_TYPE_CODES as readonly string[]).includes(e.typeCode)) return null;
  const locode = e.locationCode && e.locationCode.length === 5 ? e.locationCode : undefined;
  const hasCall = Boolean(e.vesselName || e.vesselImo || e.voyage);
  return defined({
    ...base,
    eventType: 'EQUIPMENT' as const,
    equipmentEventTypeCode: e.typeCode as (typeof EQUIPMENT_EVENT_TYPE_CODES)[number],
    equipmentReference: row.containerNo,
    emptyIndicatorCode: e.emptyIndicator,
    eventLocation:
      locode || e.locationName
        ? defined({ locationName: clip(e.locationName, 100), UNLocationCode: locode })
        : undefined,
    transportCall: hasCall ? transportCallOf(e, e.typeCode === 'DISC') : undefined,
  });
}
