import type {
  OceanListItem,
  OceanShipment,
  OceanShipmentDetail,
} from '@tracklane/shared/tracking/ocean/ocean-shipments.schema';

/** Ocean shipments shaped exactly as the server answers them (shared schemas). */

let sequence = 0;

/** A UUID-shaped id, distinct per call, stable in the order a test creates shipments. */
function nextId(): string {
  sequence += 1;
  return `00000000-0000-4000-8000-${String(sequence).padStart(12, '0')}`;
}

const emptyOverall = (id: string): OceanShipment['shipmentOverall'] => ({
  shipmentOverallId: id,
  emptyGateOut: null,
  fullGateIn: null,
  loaded: null,
  lastFreeDay: null,
  fullGateOut: null,
  emptyReturned: null,
  discharged: null,
  berthed: null,
});

const notStarted = { state: 'not_started', lastFreeDay: null, daysLeft: null, cost: 0 } as const;

/** Free time as the server answers it; by default no clock started. */
export function freeTime(fields: Partial<OceanShipment['freeTime']> = {}): OceanShipment['freeTime'] {
  return {
    clock: null,
    lastFreeDay: null,
    daysLeft: null,
    combined: false,
    demurrage: notStarted,
    detention: notStarted,
    cost: 0,
    currency: 'USD',
    ...fields,
  };
}

export function oceanShipment(fields: Partial<OceanShipment> = {}): OceanShipment {
  const id = fields.shipmentOverallId ?? nextId();
  return {
    shipmentOverallId: id,
    containerNo: 'MSCU1234566',
    mblNo: 'MEDU12345678',
    referenceKind: 'bl',
    bill: null,
    carrierScac: 'MSCU',
    carrierName: 'MSC Mediterranean Shipping Company',
    state: 'active',
    status: 'in_transit',
    pol: { locode: 'CNSHA', name: 'Shanghai' },
    pod: { locode: 'NLRTM', name: 'Rotterdam' },
    vesselName: 'MSC IRINA',
    departureVO: { etd: null, atd: '2025-02-01T08:00:00.000Z' },
    arrivalVO: { eta: '2025-03-04T10:00:00.000Z', ata: null },
    shipmentOverall: emptyOverall(id),
    favorite: false,
    tags: [],
    archived: false,
    freeTime: freeTime(),
    createdAt: '2025-01-20T09:00:00.000Z',
    lastCheckedAt: '2025-02-10T12:00:00.000Z',
    source: 'demo',
    ...fields,
  };
}

type DetailEvent = OceanShipmentDetail['events'][number];

export function trackingEvent(
  fields: Partial<DetailEvent> & Pick<DetailEvent, 'typeCode' | 'eventTime'>,
): DetailEvent {
  return {
    eventType: fields.typeCode === 'ARRI' || fields.typeCode === 'DEPA' ? 'TRANSPORT' : 'EQUIPMENT',
    classifier: 'ACT',
    emptyIndicator: null,
    location: null,
    vesselName: null,
    vesselImo: null,
    voyage: null,
    transportCallSequence: null,
    eventCreatedAt: fields.eventTime,
    receivedAt: fields.eventTime,
    source: 'demo',
    ...fields,
  };
}

export function oceanShipmentDetail(fields: Partial<OceanShipmentDetail> = {}): OceanShipmentDetail {
  const { bill = null, ...rest } = fields;
  return {
    ...oceanShipment(rest),
    bill,
    transshipments: [],
    vessel: { name: 'MSC IRINA', imo: '9980253', voyage: '411W' },
    etaHistory: [],
    rolls: [],
    events: [],
    map: { position: null, route: null },
    lastError: null,
    nextCheckAt: '2025-02-10T13:00:00.000Z',
    ...rest,
  };
}

/** A list answer: one page, with the counts of both tabs; rows fall under no attention rule unless they say. */
export const listPage = (
  items: (OceanShipment & Partial<Pick<OceanListItem, 'attention'>>)[],
  counts: { activeCount: number; archivedCount: number; billsPending?: number },
  nextCursor: string | null = null,
) => ({
  items: items.map((item): OceanListItem => ({ attention: null, ...item })),
  nextCursor,
  billsPending: 0,
  ...counts,
});

export const noOptions = { carriers: [], pols: [], pods: [], tags: [] as string[] };
