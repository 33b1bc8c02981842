import { z } from 'zod';

/**
 * What a DCSA Track & Trace 2.2 `GET /v2/events` answer must look like before we believe any of it
 * (shared/reference/dcsa/tnt-2.2.0-resolved.yaml). What 2.2 requires is enforced with its types, enums
 * and formats; optional fields are only checked where we read them, accept null as "absent", and
 * unknown fields are ignored, so a carrier that sends more than the minimum is not refused for it.
 */

// `format: date-time` is RFC 3339: a local time without offset would be ambiguous by up to 14 hours.
const dateTime = z.iso.datetime({ offset: true });

// `format: uuid`, without insisting on RFC 9562 version and variant bits: carriers' generators vary.
const uuid = z.guid();

// 2.2 lists ACT, PLN and EST; REQ (requested, from DCSA's port-call events) is let through and never
// becomes a milestone, so a carrier mixing those in is not refused for it.
const eventClassifierCode = z.enum(['ACT', 'PLN', 'EST', 'REQ']);

export const EQUIPMENT_EVENT_TYPE_CODES = [
  'LOAD',
  'DISC',
  'GTIN',
  'GTOT',
  'STUF',
  'STRP',
  'PICK',
  'DROP',
  'INSP',
  'RSEA',
  'RMVD',
] as const;

export const SHIPMENT_EVENT_TYPE_CODES = [
  'RECE',
  'DRFT',
  'PENA',
  'PENU',
  'REJE',
  'APPR',
  'ISSU',
  'SURR',
  'SUBM',
  'VOID',
  'CONF',
  'REQS',
  'CMPL',
  'HOLD',
  'RELS',
] as const;

export const DOCUMENT_TYPE_CODES = [
  'CBR',
  'BKG',
  'SHI',
  'SRM',
  'TRD',
  'ARN',
  'VGM',
  'CAS',
  'CUS',
  'DGD',
  'OOG',
] as const;

// Optional in 2.2, but it is how we place an event on the map and in the journey: keep 2.2's length.
const unLocationCode = z.string().max(5).nullish();

const location = z.object({
  locationName: z.string().nullish(),
  UNLocationCode: unLocationCode,
});

const vessel = z.object({
  vesselIMONumber: z.string().max(7),
  vesselName: z.string().nullish(),
});

const transportCall = z.object({
  transportCallID: z.string().max(100),
  modeOfTransport: z.enum(['VESSEL', 'RAIL', 'TRUCK', 'BARGE']),
  UNLocationCode: unLocationCode,
  transportCallSequenceNumber: z.int().nullish(),
  exportVoyageNumber: z.string().nullish(),
  importVoyageNumber: z.string().nullish(),
  // Deprecated in 2.2 in favour of exportVoyageNumber, still sent by older implementations.
  carrierVoyageNumber: z.string().nullish(),
  // Its 2.2 enum is not enforced: we do not read it, and new facility types should not break tracking.
  facilityTypeCode: z.string().nullish(),
  location: location.nullish(),
  vessel: vessel.nullish(),
});

// 2.2's enum here is misprinted ("BKG (Booking)"), and its own examples send plain "BKG": any string.
const documentReference = z.object({
  documentReferenceType: z.string().nullish(),
  documentReferenceValue: z.string().nullish(),
});

const baseEvent = {
  // Optional in 2.2, required here: it is the only identity an event has, and without it every poll
  // would store the same event again.
  eventID: uuid,
  eventCreatedDateTime: dateTime,
  eventDateTime: dateTime,
  eventClassifierCode,
  documentReferences: z.array(documentReference).nullish(),
};

export const dcsaTransportEventSchema = z.object({
  ...baseEvent,
  eventType: z.literal('TRANSPORT'),
  transportEventTypeCode: z.enum(['ARRI', 'DEPA']),
  transportCall,
});

export const dcsaEquipmentEventSchema = z.object({
  ...baseEvent,
  eventType: z.literal('EQUIPMENT'),
  equipmentEventTypeCode: z.enum(EQUIPMENT_EVENT_TYPE_CODES),
  emptyIndicatorCode: z.enum(['EMPTY', 'LADEN']),
  equipmentReference: z.string().max(15).nullish(),
  eventLocation: location.nullish(),
  transportCall: transportCall.nullish(),
});

export const dcsaShipmentEventSchema = z.object({
  ...baseEvent,
  eventType: z.literal('SHIPMENT'),
  shipmentEventTypeCode: z.enum(SHIPMENT_EVENT_TYPE_CODES),
  documentTypeCode: z.enum(DOCUMENT_TYPE_CODES),
  documentID: z.string(),
});

/** Clock differences and time zones mislabelled by a carrier (at most 14 hours) stay within this. */
const CLOCK_TOLERANCE_MS = 24 * 3_600_000;

export const dcsaEventSchema = z
  .discriminatedUnion('eventType', [
    dcsaTransportEventSchema,
    dcsaEquipmentEventSchema,
    dcsaShipmentEventSchema,
  ])
  // An actual is published after it happens: one dated long after its own publication is not an actual.
  .refine(
    (e) =>
      e.eventClassifierCode !== 'ACT' ||
      Date.parse(e.eventDateTime) <= Date.parse(e.eventCreatedDateTime) + CLOCK_TOLERANCE_MS,
    { message: 'an actual event cannot happen after it was published', path: ['eventDateTime'] },
  );

/** One page of a `GET /v2/events` answer: an array of events whose eventIDs are unique. */
export const dcsaEventListSchema = z.array(dcsaEventSchema).superRefine((events, ctx) => {
  const seen = new Set<string>();
  events.forEach((event, index) => {
    if (seen.has(event.eventID))
      ctx.addIssue({ code: 'custom', path: [index, 'eventID'], message: 'duplicate eventID' });
    seen.add(event.eventID);
  });
});

export type DcsaEvent = z.infer<typeof dcsaEventSchema>;
export type DcsaTransportEvent = z.infer<typeof dcsaTransportEventSchema>;
export type DcsaEquipmentEvent = z.infer<typeof dcsaEquipmentEventSchema>;

/**
 * Validates one page as of `now`: on top of the schema, no event may have been created in the future
 * (a carrier clock that is years off makes every date in the answer suspect).
 */
export function parseDcsaEvents(body: unknown, now: Date): z.ZodSafeParseResult<DcsaEvent[]> {
  const latest = now.getTime() + CLOCK_TOLERANCE_MS;
  return dcsaEventListSchema
    .superRefine((events, ctx) => {
      events.forEach((event, index) => {
        if (Date.parse(event.eventCreatedDateTime) > latest)
          ctx.addIssue({
            code: 'custom',
            path: [index, 'eventCreatedDateTime'],
            message: 'created in the future',
          });
      });
    })
    .safeParse(body);
}

/** A short, log-friendly account of why an answer was refused: the first few problems and where. */
export function describeDcsaIssues(error: z.ZodError, max = 3): string {
  const where = (path: PropertyKey[]) =>
    path
      .map((key, i) => (typeof key === 'number' ? `[${String(key)}]` : `${i > 0 ? '.' : ''}${String(key)}`))
      .join('') || '(root)';
  const shown = error.issues.slice(0, max).map((issue) => `${where(issue.path)}: ${issue.message}`);
  const more = error.issues.length - shown.length;
  return shown.join('; ') + (more > 0 ? ` (and ${String(more)} more)` : '');
}
