import type {
  ExpressIntakeOutcome,
  ExpressListResult,
  ExpressListItem,
  ExpressShipment,
  ExpressShipmentDetail,
} from '@tracklane/shared/tracking/express/express-shipments.schema';

/** Express shipments (parcels) shaped exactly as the server answers them (shared schemas). */

let sequence = 0;

/** A UUID-shaped id, distinct per call, stable in the order a test creates parcels. */
function nextId(): string {
  sequence += 1;
  return `00000000-0000-4000-9000-${String(sequence).padStart(12, '0')}`;
}

type Place = NonNullable<ExpressShipment['origin']>;

export const parcelPlace = (name: string | null, fields: Partial<Place> = {}): Place => ({
  name,
  city: null,
  countryCode: null,
  latitude: null,
  longitude: null,
  ...fields,
});

export function expressShipment(fields: Partial<ExpressShipment> = {}): ExpressShipment {
  return {
    expressOrderId: fields.expressOrderId ?? nextId(),
    expressOrderNo: '1Z5R89390357567127',
    carrier: 'ups',
    carrierName: 'UPS',
    service: 'UPS United States Ground',
    state: 'active',
    status: 'in_transit',
    subStatus: null,
    statusText: 'Departed from facility',
    origin: parcelPlace('LOUISVILLE KY US'),
    destination: parcelPlace('NEW YORK NY US'),
    lastLocation: parcelPlace('PHILADELPHIA PA US'),
    lastEventAt: '2025-03-03T14:30:00.000Z',
    estimatedDelivery: '2025-03-05T22:00:00.000Z',
    deliveredAt: null,
    favorite: false,
    tags: [],
    archived: false,
    createdAt: '2025-03-01T09:00:00.000Z',
    lastCheckedAt: '2025-03-03T15:00:00.000Z',
    source: 'demo',
    ...fields,
  };
}

type ParcelEvent = ExpressShipmentDetail['events'][number];

export function parcelEvent(
  fields: Partial<ParcelEvent> & Pick<ParcelEvent, 'description' | 'eventTime'>,
): ParcelEvent {
  return {
    classifier: 'ACT',
    status: 'in_transit',
    subStatus: null,
    carrierCode: null,
    exceptionReason: null,
    location: null,
    eventCreatedAt: fields.eventTime,
    receivedAt: fields.eventTime,
    source: 'demo',
    ...fields,
  };
}

export function expressShipmentDetail(fields: Partial<ExpressShipmentDetail> = {}): ExpressShipmentDetail {
  return {
    ...expressShipment(fields),
    exceptionReason: null,
    pickedUpAt: '2025-03-01T18:00:00.000Z',
    signedBy: null,
    failedAttempts: 0,
    estimatedDeliveryHistory: [],
    events: [],
    lastError: null,
    nextCheckAt: '2025-03-03T16:00:00.000Z',
    ...fields,
  };
}

/** A list answer: one page, with the counts of all three tabs; rows fall under no attention rule unless they say. */
export const expressListPage = (
  items: (ExpressShipment & Partial<Pick<ExpressListItem, 'attention'>>)[],
  counts: Pick<ExpressListResult, 'activeCount' | 'archivedCount' | 'notFoundCount'>,
  nextCursor: string | null = null,
): ExpressListResult => ({
  expressTrackingDocumentList: items.map((item) => ({ attention: null, ...item })),
  nextCursor,
  ...counts,
});

/** What POST /api/shipments/express answers for one item. */
export const intakeOutcome = (fields: Partial<ExpressIntakeOutcome> = {}): ExpressIntakeOutcome => ({
  trackingNo: '1Z5R89390357567127',
  carrier: 'ups',
  outcome: 'created',
  message: null,
  expressOrderId: nextId(),
  ...fields,
});
