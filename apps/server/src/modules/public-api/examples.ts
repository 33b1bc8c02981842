/**
 * Example values for the OpenAPI document of /api/v1/: what a client sees, written once. They follow
 * the response schemas (a test checks each against its schema), so the reference never shows a field
 * the API does not send.
 */

import { seaLanes } from '@tracklane/shared/tracking/ocean/sea-lanes/sea-lanes';
import { voyageMap } from '@tracklane/shared/tracking/ocean/sea-lanes/voyage-map';

const envelope = <T>(result: T, message = 'OK') => ({ success: true, result, message, code: 'OK' });

export const errorExamples = {
  400: { success: false, result: null, message: 'Container number is too long', code: 'VALIDATION' },
  401: {
    success: false,
    result: null,
    message: 'This API key is not valid or has been revoked.',
    code: 'UNAUTHENTICATED',
  },
  403: {
    success: false,
    result: null,
    message: 'This API key is read-only. Create a read-write key to add or archive shipments.',
    code: 'FORBIDDEN',
  },
  404: {
    success: false,
    result: null,
    message: 'This shipment is not tracked in this workspace.',
    code: 'NOT_FOUND',
  },
  429: {
    success: false,
    result: null,
    message:
      'This API key made more than 120 requests in a minute. Wait for the number of seconds in Retry-After, then try again.',
    code: 'RATE_LIMITED',
  },
} as const;

const port = (locode: string, name: string) => ({ locode, name });
const milestone = (time: string, classifier: 'PLN' | 'EST' | 'ACT', location: ReturnType<typeof port>) => ({
  time,
  classifier,
  location,
});

const oceanShipment = {
  shipmentOverallId: '5b0e7f3c-2a47-4d7e-9c51-0f8d5b6a1c22',
  containerNo: 'MSCU1234566',
  mblNo: 'MEDU123456789',
  referenceKind: 'bl',
  // Found on a bill of lading the workspace follows alone (ADR 0037).
  bill: { billId: '3c9e1b2a-6d4f-4e8a-b7c5-2f1d0a9e8b76', kind: 'bl', reference: 'MEDU123456789' },
  carrierScac: 'MSCU',
  carrierName: 'MSC Mediterranean Shipping Company',
  state: 'active',
  status: 'in_transit',
  pol: port('CNSHA', 'Shanghai'),
  pod: port('NLRTM', 'Rotterdam'),
  vesselName: 'MSC GULSUN',
  departureVO: { etd: '2026-03-02T06:00:00.000Z', atd: '2026-03-02T09:30:00.000Z' },
  arrivalVO: { eta: '2026-04-06T14:00:00.000Z', ata: null },
  shipmentOverall: {
    shipmentOverallId: '5b0e7f3c-2a47-4d7e-9c51-0f8d5b6a1c22',
    emptyGateOut: milestone('2026-02-24T08:12:00.000Z', 'ACT', port('CNSHA', 'Shanghai')),
    fullGateIn: milestone('2026-02-27T16:40:00.000Z', 'ACT', port('CNSHA', 'Shanghai')),
    loaded: milestone('2026-03-01T22:05:00.000Z', 'ACT', port('CNSHA', 'Shanghai')),
    lastFreeDay: null,
    fullGateOut: null,
    emptyReturned: null,
    discharged: milestone('2026-04-07T03:00:00.000Z', 'EST', port('NLRTM', 'Rotterdam')),
    berthed: milestone('2026-04-06T14:00:00.000Z', 'EST', port('NLRTM', 'Rotterdam')),
  },
  favorite: false,
  tags: ['customer A', 'urgent'],
  archived: false,
  createdAt: '2026-02-20T10:15:00.000Z',
  lastCheckedAt: '2026-03-12T07:01:12.000Z',
  source: 'dcsa',
  freeTime: {
    clock: null,
    lastFreeDay: null,
    daysLeft: null,
    combined: false,
    demurrage: { state: 'not_started', lastFreeDay: null, daysLeft: null, cost: 0 },
    detention: { state: 'not_started', lastFreeDay: null, daysLeft: null, cost: 0 },
    cost: 0,
    currency: 'USD',
  },
};

/** Picked up the day its demurrage ended: detention runs, and its own last free day is the next. */
const deliveredShipment = {
  ...oceanShipment,
  shipmentOverallId: '9d1c2b7a-4e3f-4a5b-8c6d-7e8f9a0b1c2d',
  containerNo: 'MSCU7654325',
  mblNo: 'MEDU987654321',
  bill: null,
  status: 'delivered',
  arrivalVO: { eta: '2026-04-06T14:00:00.000Z', ata: '2026-04-06T15:20:00.000Z' },
  shipmentOverall: {
    ...oceanShipment.shipmentOverall,
    shipmentOverallId: '9d1c2b7a-4e3f-4a5b-8c6d-7e8f9a0b1c2d',
    lastFreeDay: milestone('2026-04-10T00:00:00.000Z', 'ACT', port('NLRTM', 'Rotterdam')),
    discharged: milestone('2026-04-07T03:00:00.000Z', 'ACT', port('NLRTM', 'Rotterdam')),
    berthed: milestone('2026-04-06T15:20:00.000Z', 'ACT', port('NLRTM', 'Rotterdam')),
    fullGateOut: milestone('2026-04-10T11:30:00.000Z', 'ACT', port('NLRTM', 'Rotterdam')),
  },
  tags: [],
  freeTime: {
    clock: 'detention',
    lastFreeDay: '2026-04-13',
    daysLeft: 1,
    combined: false,
    demurrage: { state: 'stopped', lastFreeDay: '2026-04-10', daysLeft: null, cost: 0 },
    detention: { state: 'running', lastFreeDay: '2026-04-13', daysLeft: 1, cost: 0 },
    cost: 0,
    currency: 'USD',
  },
};

const oceanEvent = {
  eventType: 'EQUIPMENT',
  typeCode: 'LOAD',
  classifier: 'ACT',
  emptyIndicator: 'LADEN',
  location: port('CNSHA', 'Shanghai'),
  vesselName: 'MSC GULSUN',
  vesselImo: '9839430',
  voyage: 'FA609W',
  transportCallSequence: 1,
  eventTime: '2026-03-01T22:05:00.000Z',
  eventCreatedAt: '2026-03-01T22:20:31.000Z',
  receivedAt: '2026-03-01T22:31:02.000Z',
  source: 'dcsa',
};

const expressShipment = {
  expressOrderId: '0c4d2a9e-7b1f-4f0a-a9f6-3e2b8d5c7a10',
  expressOrderNo: '1Z999AA10123456784',
  carrier: 'ups',
  carrierName: 'UPS',
  service: 'UPS Worldwide Express',
  state: 'active',
  status: 'in_transit',
  subStatus: 'departed_facility',
  statusText: 'Departed from facility',
  origin: {
    name: 'Louisville Worldport',
    city: 'Louisville',
    countryCode: 'US',
    latitude: 38.17,
    longitude: -85.74,
  },
  destination: { name: null, city: 'Hamburg', countryCode: 'DE', latitude: 53.55, longitude: 9.99 },
  lastLocation: { name: 'Cologne Hub', city: 'Cologne', countryCode: 'DE', latitude: 50.87, longitude: 7.14 },
  lastEventAt: '2026-03-11T05:42:00.000Z',
  estimatedDelivery: '2026-03-12T18:00:00.000Z',
  deliveredAt: null,
  favorite: false,
  tags: [],
  archived: false,
  createdAt: '2026-03-09T13:02:00.000Z',
  lastCheckedAt: '2026-03-11T06:00:04.000Z',
  source: 'karrio',
};

const parcelEvent = {
  classifier: 'ACT',
  status: 'in_transit',
  subStatus: 'departed_facility',
  carrierCode: 'DP',
  description: 'Departed from facility',
  exceptionReason: null,
  location: expressShipment.lastLocation,
  eventTime: '2026-03-11T05:42:00.000Z',
  eventCreatedAt: '2026-03-11T05:44:10.000Z',
  receivedAt: '2026-03-11T06:00:04.000Z',
  source: 'karrio',
};

/** The bill of lading the first example container was found on, followed alone. */
const oceanBillSummary = {
  billId: oceanShipment.bill.billId,
  kind: 'bl',
  reference: 'MEDU123456789',
  carrierScac: 'MSCU',
  carrierName: 'MSC Mediterranean Shipping Company',
  state: 'found',
  transportDocumentReference: null,
  containerCount: 1,
  notAdded: [],
  source: 'dcsa',
  lastCheckedAt: '2026-03-12T06:00:00.000Z',
  nextCheckAt: '2026-03-12T12:00:00.000Z',
  lastError: null,
  createdAt: '2026-02-20T10:14:00.000Z',
};

const oceanBill = {
  ...oceanBillSummary,
  containers: [
    {
      containerNo: oceanShipment.containerNo,
      shipmentOverallId: oceanShipment.shipmentOverallId,
      mblNo: oceanShipment.mblNo,
      state: 'active',
      status: 'in_transit',
      archived: false,
    },
  ],
};

export const examples = {
  keyInfo: envelope({
    name: 'ERP sync',
    prefix: 'tlk_Q2x8fJ1a',
    scope: 'read_write',
    expiresAt: null,
    workspace: { id: '1f7a4c52-3e0b-4b8e-8d7c-6a9f2e1b0c33', name: 'Default Workspace' },
  }),
  oceanList: envelope({
    // A list row also names the attention rule it falls under: the delivered box's detention ends soon.
    items: [
      { ...oceanShipment, attention: null },
      { ...deliveredShipment, attention: 'lfdSoon' },
    ],
    nextCursor: null,
    activeCount: 2,
    archivedCount: 0,
    billsPending: 0,
  }),
  oceanDetail: envelope({
    ...oceanShipment,
    bill: oceanBill,
    transshipments: [],
    // The example's voyage as the server computes it: where the vessel is on 12 March, and the route.
    map: voyageMap(
      seaLanes(),
      { ...oceanShipment, status: 'in_transit', transshipments: [] },
      oceanShipment.vesselName,
      new Date('2026-03-12T07:01:12.000Z'),
    ),
    vessel: { name: 'MSC GULSUN', imo: '9839430', voyage: 'FA609W' },
    etaHistory: [
      { eta: '2026-04-06T14:00:00.000Z', classifier: 'EST', recordedAt: '2026-03-02T10:00:00.000Z' },
    ],
    rolls: [],
    events: [oceanEvent],
    lastError: null,
    nextCheckAt: '2026-03-12T13:01:12.000Z',
  }),
  oceanEvents: envelope([oceanEvent]),
  oceanIntakeRequest: {
    items: [
      {
        containerNo: 'MSCU1234566',
        mblNo: 'MEDU123456789',
        carrierScac: 'MSCU',
        references: { poNumbers: ['PO-4411'] },
        customFields: { '3f1c2b4a-5d6e-4f70-8a9b-0c1d2e3f4a5b': 'Urgent' },
      },
      { mblNo: 'MEDU555666777' },
      { bookingNo: '241100123', carrierScac: 'MAEU' },
    ],
  },
  oceanIntake: envelope(
    [
      {
        kind: 'container',
        containerNo: 'MSCU1234566',
        mblNo: 'MEDU123456789',
        bookingNo: '',
        carrierScac: 'MSCU',
        outcome: 'created',
        message: null,
        shipmentOverallId: oceanShipment.shipmentOverallId,
        billId: null,
      },
      {
        kind: 'bill',
        containerNo: '',
        mblNo: 'MEDU555666777',
        bookingNo: '',
        carrierScac: 'MSCU',
        outcome: 'created',
        message: null,
        shipmentOverallId: null,
        billId: '7a2d4c6e-8b1f-4a3c-9e5d-0b2f4a6c8e1d',
      },
      {
        kind: 'bill',
        containerNo: '',
        mblNo: '',
        bookingNo: '241100123',
        carrierScac: 'MAEU',
        outcome: 'created',
        message: null,
        shipmentOverallId: null,
        billId: '1e3c5a7b-9d2f-4b6a-8c0e-2d4f6a8b0c3e',
      },
    ],
    '3 shipment(s) added',
  ),
  oceanBills: envelope({
    items: [
      {
        ...oceanBillSummary,
        billId: '1e3c5a7b-9d2f-4b6a-8c0e-2d4f6a8b0c3e',
        kind: 'booking',
        reference: '241100123',
        carrierScac: 'MAEU',
        carrierName: 'Maersk',
        state: 'pending',
        containerCount: 0,
        source: null,
        lastCheckedAt: null,
        nextCheckAt: '2026-03-12T07:02:00.000Z',
        createdAt: '2026-03-12T07:01:30.000Z',
      },
      oceanBillSummary,
    ],
    nextCursor: null,
  }),
  oceanBill: envelope(oceanBill),
  oceanBillStopped: envelope({ billId: oceanBill.billId }, 'No longer following this bill'),
  expressList: envelope({
    expressTrackingDocumentList: [{ ...expressShipment, attention: null }],
    nextCursor: null,
    activeCount: 1,
    archivedCount: 0,
    notFoundCount: 0,
  }),
  expressDetail: envelope({
    ...expressShipment,
    exceptionReason: null,
    pickedUpAt: '2026-03-09T17:20:00.000Z',
    signedBy: null,
    failedAttempts: 0,
    estimatedDeliveryHistory: [
      { estimatedDelivery: '2026-03-12T18:00:00.000Z', recordedAt: '2026-03-09T17:25:00.000Z' },
    ],
    events: [parcelEvent],
    lastError: null,
    nextCheckAt: '2026-03-11T08:00:04.000Z',
  }),
  expressEvents: envelope([parcelEvent]),
  expressIntakeRequest: {
    items: [
      {
        trackingNo: '1Z999AA10123456784',
        carrier: 'ups',
        customFields: { '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d': 12 },
      },
    ],
  },
  expressIntake: envelope(
    [
      {
        trackingNo: '1Z999AA10123456784',
        carrier: 'ups',
        outcome: 'created',
        message: null,
        expressOrderId: expressShipment.expressOrderId,
      },
    ],
    '1 shipment(s) added',
  ),
  archived: envelope({ shipmentId: oceanShipment.shipmentOverallId, archived: true }, 'Archived'),
  unarchived: envelope(
    { shipmentId: oceanShipment.shipmentOverallId, archived: false },
    'Moved back to active',
  ),
};
