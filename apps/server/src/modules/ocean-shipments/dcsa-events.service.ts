import { and, asc, eq, gt, gte, inArray, lt, lte, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { oceanShipments, trackingEvents } from '../../db/schema/tracking';
import { toDcsaEvent, type DcsaOutEvent } from '../../integrations/tracking/dcsa/dcsa-out';
import { decodeSerialCursor, encodeSerialCursor } from '../../lib/keyset-cursor';
import { normaliseContainerNumber, normaliseMblNumber } from '@tracklane/shared/validation/container-number';
import { inWorkspace } from '../../tenancy/scope';

export const DCSA_EVENT_TYPES = ['SHIPMENT', 'TRANSPORT', 'EQUIPMENT'] as const;
export const DATE_OPERATORS = ['gte', 'gt', 'lte', 'lt', 'eq'] as const;
export type DateOperator = (typeof DATE_OPERATORS)[number];

export interface DcsaEventsFilter {
  eventTypes?: readonly (typeof DCSA_EVENT_TYPES)[number][];
  transportEventTypeCodes?: readonly string[];
  equipmentEventTypeCodes?: readonly string[];
  /** Only SHIPMENT events have these; we store none, so asking only for them finds nothing. */
  onlyShipmentFilters?: boolean;
  equipmentReference?: string;
  transportDocumentReference?: string;
  unLocationCode?: string;
  created?: { operator: DateOperator; at: Date }[];
  limit: number;
  cursor?: string;
}

/** A page of the feed and where the next one starts (null on the last page). */
export interface DcsaEventsPage {
  events: DcsaOutEvent[];
  nextCursor: string | null;
}

// The feed runs in the order events were stored: a page ends at its last stored event's id.
const BAD_CURSOR = 'The cursor is not valid. Start again from the first page (without cursor).';

const COMPARE: Record<DateOperator, (column: typeof trackingEvents.eventCreatedAt, at: Date) => SQL> = {
  gte: gte,
  gt: gt,
  lte: lte,
  lt: lt,
  eq: eq,
};

/**
 * One page of the carrier events of the workspace's ocean shipments (archived ones included), as DCSA
 * Track & Trace 2.2 events, filtered as `GET /v2/events` is. Another workspace's shipments are never
 * joined, so their events cannot appear.
 */
export async function listDcsaEvents(
  db: Database,
  workspaceId: string,
  filter: DcsaEventsFilter,
): Promise<DcsaEventsPage> {
  const types = filter.eventTypes ?? DCSA_EVENT_TYPES;
  const stored = types.filter((t) => t !== 'SHIPMENT');
  if (stored.length === 0 || filter.onlyShipmentFilters) return { events: [], nextCursor: null };

  const data = sql`${trackingEvents.data}`;
  const where: (SQL | undefined)[] = [
    inWorkspace({ workspaceId }, oceanShipments),
    inArray(sql`${data}->>'eventType'`, [...stored]),
  ];
  // A type code list narrows its own event type only (2.2: "only relevant when filtering on …").
  if (filter.transportEventTypeCodes)
    where.push(
      sql`(${data}->>'eventType' <> 'TRANSPORT' OR ${data}->>'typeCode' IN (${sql.join(
        filter.transportEventTypeCodes.map((c) => sql`${c}`),
        sql`, `,
      )}))`,
    );
  if (filter.equipmentEventTypeCodes)
    where.push(
      sql`(${data}->>'eventType' <> 'EQUIPMENT' OR ${data}->>'typeCode' IN (${sql.join(
        filter.equipmentEventTypeCodes.map((c) => sql`${c}`),
        sql`, `,
      )}))`,
    );
  if (filter.equipmentReference)
    where.push(eq(oceanShipments.containerNo, normaliseContainerNumber(filter.equipmentReference)));
  if (filter.transportDocumentReference)
    where.push(eq(oceanShipments.mblNo, normaliseMblNumber(filter.transportDocumentReference)));
  if (filter.unLocationCode)
    where.push(sql`${data}->>'locationCode' = ${filter.unLocationCode.toUpperCase()}`);
  for (const { operator, at } of filter.created ?? [])
    where.push(COMPARE[operator](trackingEvents.eventCreatedAt, at));
  if (filter.cursor) where.push(gt(trackingEvents.id, decodeSerialCursor(filter.cursor, BAD_CURSOR)));

  const rows = await db
    .select({
      id: trackingEvents.id,
      itemId: trackingEvents.itemId,
      source: trackingEvents.source,
      eventId: trackingEvents.eventId,
      eventTime: trackingEvents.eventTime,
      eventCreatedAt: trackingEvents.eventCreatedAt,
      data: trackingEvents.data,
      containerNo: oceanShipments.containerNo,
    })
    .from(trackingEvents)
    .innerJoin(oceanShipments, eq(oceanShipments.itemId, trackingEvents.itemId))
    .where(and(...where))
    .orderBy(asc(trackingEvents.id))
    .limit(filter.limit + 1);
  const page = rows.slice(0, filter.limit);
  const last = page.at(-1);
  return {
    events: page.map(toDcsaEvent).filter((e): e is DcsaOutEvent => e !== null),
    nextCursor: rows.length > filter.limit && last ? encodeSerialCursor(last.id) : null,
  };
}

/** Stored events as DCSA events, by tracking_events id (a DCSA-shaped webhook's body), in stored order. */
export async function dcsaEventsByIds(
  db: Database,
  workspaceId: string,
  ids: readonly (number | string)[],
): Promise<DcsaOutEvent[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({
      itemId: trackingEvents.itemId,
      source: trackingEvents.source,
      eventId: trackingEvents.eventId,
      eventTime: trackingEvents.eventTime,
      eventCreatedAt: trackingEvents.eventCreatedAt,
      data: trackingEvents.data,
      containerNo: oceanShipments.containerNo,
    })
    .from(trackingEvents)
    .innerJoin(oceanShipments, eq(oceanShipments.itemId, trackingEvents.itemId))
    .where(and(inWorkspace({ workspaceId }, oceanShipments), inArray(trackingEvents.id, ids.map(Number))))
    .orderBy(asc(trackingEvents.id));
  return rows.map(toDcsaEvent).filter((e): e is DcsaOutEvent => e !== null);
}
