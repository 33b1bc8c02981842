import type { ExpressDashboard, OceanDashboard } from '@tracklane/shared/dashboard/dashboard.schema';

/** An ocean dashboard answer; by default a workspace with no containers. */
export function oceanDashboard(fields: Partial<OceanDashboard> = {}): OceanDashboard {
  return {
    attentionVO: [
      { rule: 'lfdPassed', label: 'Last free day passed', count: 0, items: [] },
      { rule: 'lfdSoon', label: 'Last free day within 3 days', count: 0, items: [] },
    ],
    liveMapVO: { positions: [], legs: [] },
    updatedTime: null,
    statusBreakdown: [
      { status: 'preDeparture', label: 'Pre-departure', count: 0 },
      { status: 'onWater', label: 'On the water', count: 0 },
      { status: 'atDestination', label: 'At destination', count: 0 },
      { status: 'completed', label: 'Completed', count: 0 },
    ],
    arrivals: { thisWeek: 0, nextWeek: 0 },
    carriers: [],
    exceptions: { active: 0, byType: {} },
    freeTimeMoney: [],
    ...fields,
  };
}

/** An ocean dashboard of a workspace with three containers, two of them with a last free day soon. */
export const busyOceanDashboard = (): OceanDashboard =>
  oceanDashboard({
    attentionVO: [
      { rule: 'lfdPassed', label: 'Last free day passed', count: 0, items: [] },
      {
        rule: 'lfdSoon',
        label: 'Last free day within 3 days',
        count: 2,
        items: [
          {
            id: 'so-1',
            identifier: 'MSCU1234566',
            link: { containerNo: 'MSCU1234566', mblNo: 'MEDU12345678' },
            reason: [
              { kind: 'text', value: 'Detention last free day ' },
              { kind: 'day', value: '2025-02-12' },
              { kind: 'text', value: ' · 2 days left' },
            ],
          },
          {
            id: 'so-2',
            identifier: 'MSKU1234565',
            link: { containerNo: 'MSKU1234565', mblNo: 'MAEU240101' },
            reason: [
              { kind: 'text', value: 'Demurrage last free day ' },
              { kind: 'day', value: '2025-02-13' },
              { kind: 'text', value: ' · 3 days left' },
            ],
          },
        ],
      },
    ],
    liveMapVO: {
      positions: [
        {
          key: 'port:NLRTM',
          kind: 'port',
          name: 'Rotterdam',
          lat: 51.9,
          lon: 4.5,
          count: 2,
          items: [
            {
              id: 'so-1',
              identifier: 'MSCU1234566',
              link: { containerNo: 'MSCU1234566', mblNo: 'MEDU12345678' },
            },
          ],
        },
      ],
      legs: [],
    },
    updatedTime: '2025-02-10T12:00:00.000Z',
    statusBreakdown: [
      { status: 'preDeparture', label: 'Pre-departure', count: 1 },
      { status: 'onWater', label: 'On the water', count: 0 },
      { status: 'atDestination', label: 'At destination', count: 2 },
      { status: 'completed', label: 'Completed', count: 0 },
    ],
    arrivals: { thisWeek: 2, nextWeek: 1 },
    carriers: [{ carrier: 'MSCU', name: 'MSC', count: 3 }],
  });

/** An express dashboard answer; by default a workspace with no parcels. */
export function expressDashboard(fields: Partial<ExpressDashboard> = {}): ExpressDashboard {
  return {
    attentionVO: [
      { rule: 'exception', label: 'Exception', count: 0, items: [] },
      { rule: 'late', label: 'Late against the estimate', count: 0, items: [] },
    ],
    liveMapVO: { positions: [], legs: [] },
    updatedTime: null,
    statusBreakdown: [],
    arrivals: { thisWeek: 0, nextWeek: 0 },
    carriers: [],
    exceptions: { active: 0, byType: {} },
    ...fields,
  };
}

/** An express dashboard of a workspace with one late parcel. */
export const busyExpressDashboard = (): ExpressDashboard =>
  expressDashboard({
    attentionVO: [
      { rule: 'exception', label: 'Exception', count: 0, items: [] },
      {
        rule: 'late',
        label: 'Late against the estimate',
        count: 1,
        items: [
          {
            id: 'p-1',
            identifier: '1Z999AA10123456784',
            link: { expressOrderId: 'p-1', expressOrderNo: '1Z999AA10123456784' },
            reason: [
              { kind: 'text', value: 'Expected ' },
              { kind: 'instant', value: '2025-02-08T18:00:00.000Z' },
              { kind: 'text', value: ', 2 days late' },
            ],
          },
        ],
      },
    ],
    updatedTime: '2025-02-10T12:00:00.000Z',
    statusBreakdown: [{ status: 'in_transit', label: 'In transit', count: 1 }],
    arrivals: { thisWeek: 1, nextWeek: 0 },
    carriers: [{ carrier: 'ups', name: 'UPS', count: 1 }],
  });

type AttentionCard = OceanDashboard['attentionVO'][number];
type AttentionItem = AttentionCard['items'][number];

/** The "ETA slipped" attention card with these containers. */
export const etaSlippedCard = (items: AttentionItem[]): AttentionCard => ({
  rule: 'etaSlipped',
  label: 'ETA slipped',
  count: items.length,
  items,
});

/** An "ETA slipped" card's container: its carrier's ETA alone (fewer than 20 arrivals measured, no band). */
export const etaSlippedItem = ({
  id,
  containerNo,
  mblNo,
  eta,
  later,
}: {
  id: string;
  containerNo: string;
  mblNo: string;
  eta: string;
  /** What follows the date, e.g. ", 1 day later than first given". */
  later: string;
}): AttentionItem => ({
  id,
  identifier: containerNo,
  link: { containerNo, mblNo },
  reason: [
    { kind: 'text', value: 'ETA ' },
    {
      kind: 'eta',
      value: eta,
      estimates: {
        used: 'carrier',
        estimates: [
          { source: 'carrier', kind: 'port', eta, issuedAt: null, biasHours: null, confidence: null },
        ],
      },
    },
    { kind: 'text', value: later },
  ],
});
