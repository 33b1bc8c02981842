import type { AirDashboard } from './dashboard';
import type { AirRow, AirTab } from './list-api';

/** The test mode's answers, as its fake API gives them. */

export const airDashboard = (fields: Partial<AirDashboard> = {}): AirDashboard => ({
  attentionVO: [
    {
      rule: 'offloaded',
      label: 'Offloaded at the last airport',
      count: 1,
      items: [
        {
          id: 'air-1',
          identifier: '020-12345675',
          link: { awb: '020-12345675' },
          reason: [{ kind: 'text', value: 'Offloaded at FRA' }],
        },
      ],
    },
    { rule: 'customsHold', label: 'Held by customs', count: 0, items: [] },
  ],
  liveMapVO: { positions: [], legs: [] },
  updatedTime: '2026-01-05T09:00:00.000Z',
  statusBreakdown: [
    { status: 'departed', label: 'In the air', count: 3 },
    { status: 'landed', label: 'Landed', count: 2 },
  ],
  arrivals: { thisWeek: 4, nextWeek: 7 },
  carriers: [
    { carrier: 'LH', name: 'Lufthansa Cargo', count: 4 },
    { carrier: 'AF', name: null, count: 1 },
  ],
  exceptions: { active: 0, byType: {} },
  customsHolds: [{ airport: 'FRA', held: 2, releasedThisWeek: 5 }],
  ...fields,
});

export const airRow = (fields: Partial<AirRow> = {}): AirRow => ({
  airShipmentId: 'air-1',
  awb: '020-12345675',
  airline: 'LH',
  state: 'tracking',
  status: 'departed',
  landingAt: '2026-01-07T10:00:00.000Z',
  tags: [],
  favorite: false,
  archived: false,
  createdAt: '2026-01-01T00:00:00.000Z',
  ...fields,
});

/** A page of one tab's rows, with both tabs' counts. */
export const airListPage = (tabs: Record<AirTab, AirRow[]>, tab: AirTab) => ({
  items: tabs[tab],
  nextCursor: null,
  activeCount: tabs.active.length,
  archivedCount: tabs.archived.length,
});
