import { describe, expect, it } from 'vitest';
import type { OceanListItem } from '@tracklane/shared/tracking/ocean/ocean-shipments.schema';
import { freeTime, oceanShipment as shipment } from '../../../test/ocean-shipment-fixtures';
import {
  layoutFromPreference,
  REFERENCE_COLUMN_IDS,
  moveColumn,
  nextSort,
  toggleColumn,
} from '../../../shipment-list/table-columns';
import { tableToCells, tableToCsv } from '../../../shipment-list/table-export';
import { OCEAN_COLUMNS } from './columns';

const { ids: COLUMN_IDS, columns: COLUMNS, defaultLayout: DEFAULT_LAYOUT } = OCEAN_COLUMNS;

/** A list's row: the shipment with the attention the list adds. */
const oceanShipment = (fields: Parameters<typeof shipment>[0] = {}): OceanListItem => ({
  attention: null,
  ...shipment(fields),
});

describe('ocean table columns', () => {
  it('uses the default layout until the user saved one', () => {
    expect(layoutFromPreference(OCEAN_COLUMNS, null)).toEqual(DEFAULT_LAYOUT);
  });

  it('drops unknown columns, places new ones where the default puts them (hidden if hidden by default), never hides the container', () => {
    const layout = layoutFromPreference(OCEAN_COLUMNS, {
      order: ['arrival', 'container', 'gone', 'mbl'],
      hidden: ['container', 'vessel', 'gone'],
    });
    expect([...layout.order].sort()).toEqual([...COLUMN_IDS].sort());
    // The saved order stands; each new column follows the one it follows by default.
    expect(layout.order).toEqual([
      'arrival',
      'freeTime',
      'ddCost',
      'vessel',
      'added',
      ...REFERENCE_COLUMN_IDS,
      'container',
      'mbl',
      'carrier',
      'status',
      'tags',
      'route',
      'departure',
    ]);
    // Those added since that the default hides stay hidden: a new column does not appear on its own.
    expect(layout.hidden).toEqual(['vessel', 'added', ...REFERENCE_COLUMN_IDS]);
  });

  it('toggles and moves columns', () => {
    expect(toggleColumn(OCEAN_COLUMNS, DEFAULT_LAYOUT, 'mbl').hidden).toContain('mbl');
    expect(toggleColumn(OCEAN_COLUMNS, DEFAULT_LAYOUT, 'vessel').hidden).not.toContain('vessel');
    expect(toggleColumn(OCEAN_COLUMNS, DEFAULT_LAYOUT, 'container')).toBe(DEFAULT_LAYOUT);
    expect(moveColumn(DEFAULT_LAYOUT, 'mbl', -1).order.slice(0, 2)).toEqual(['mbl', 'container']);
    expect(moveColumn(DEFAULT_LAYOUT, 'container', -1)).toBe(DEFAULT_LAYOUT);
  });

  it('maps header clicks to the server sorts, toggling direction where there are two', () => {
    expect(nextSort(COLUMNS.arrival, 'created_desc')).toBe('arrival_asc');
    expect(nextSort(COLUMNS.arrival, 'arrival_asc')).toBe('arrival_desc');
    expect(nextSort(COLUMNS.arrival, 'arrival_desc')).toBe('arrival_asc');
    expect(nextSort(COLUMNS.container, 'container_asc')).toBe('container_asc');
    expect(nextSort(COLUMNS.vessel, 'created_desc')).toBeNull();
  });
});

describe('CSV and XLSX export of the ocean columns', () => {
  const columns = [
    COLUMNS.container,
    COLUMNS.mbl,
    COLUMNS.status,
    COLUMNS.departure,
    COLUMNS.arrival,
    COLUMNS.vessel,
  ];
  const shipments = [
    oceanShipment({
      containerNo: 'MSCU1234566',
      mblNo: 'MEDU12345678',
      departureVO: { atd: '2025-02-01T20:00:00Z', etd: null },
      // 23:30 UTC is already the next day in Shanghai.
      arrivalVO: { ata: '2025-03-01T23:30:00Z', eta: '2025-03-03T10:00:00Z' },
    }),
    oceanShipment({
      containerNo: 'MSKU1234565',
      mblNo: 'MAEU240101',
      status: null,
      state: 'pending',
      departureVO: { atd: null, etd: null },
      arrivalVO: { ata: null, eta: '2025-04-10T02:00:00Z' },
      vesselName: '=HYPERLINK("x")',
    }),
  ];

  it('writes actual and estimated dates as separate ISO date columns, days in the reader’s zone', () => {
    const csv = tableToCsv(shipments, columns, 'Asia/Shanghai');
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(csv.slice(1).split('\r\n')).toEqual([
      'Container,MBL,Status,ATD,ETD,ATA,ETA,Vessel',
      'MSCU1234566,MEDU12345678,In transit,2025-02-02,,2025-03-02,2025-03-03,MSC IRINA',
      `MSKU1234565,MAEU240101,Fetching,,,,2025-04-10,"'=HYPERLINK(""x"")"`,
      '',
    ]);
  });

  it('writes the same instants as the previous day in New York', () => {
    const csv = tableToCsv(
      [oceanShipment({ arrivalVO: { ata: '2025-03-02T03:00:00Z', eta: null } })],
      [COLUMNS.arrival],
      'America/New_York',
    );
    expect(csv.slice(1).split('\r\n')).toEqual(['ATA,ETA', '2025-03-01,', '']);
  });

  it('gives the XLSX real date cells for the same columns, and text for the rest', () => {
    const [header, first, second] = tableToCells(shipments, columns, 'Asia/Shanghai');
    expect(header).toEqual(['Container', 'MBL', 'Status', 'ATD', 'ETD', 'ATA', 'ETA', 'Vessel']);
    expect(first).toEqual([
      'MSCU1234566',
      'MEDU12345678',
      'In transit',
      { day: '2025-02-02' },
      { day: null },
      { day: '2025-03-02' },
      { day: '2025-03-03' },
      'MSC IRINA',
    ]);
    expect(second?.[6]).toEqual({ day: '2025-04-10' });
  });
});

describe('the last-free-day column names its clock', () => {
  // Picked up on demurrage's last free day (today, 27 Nov): detention runs, its last free day tomorrow.
  const delivered = oceanShipment({
    status: 'delivered',
    freeTime: freeTime({
      clock: 'detention',
      lastFreeDay: '2026-11-28',
      daysLeft: 1,
      demurrage: { state: 'stopped', lastFreeDay: '2026-11-27', daysLeft: null, cost: 0 },
      detention: { state: 'running', lastFreeDay: '2026-11-28', daysLeft: 1, cost: 0 },
    }),
  });

  it('shows the running clock’s last free day with its name and days left, never another clock’s day', () => {
    expect(COLUMNS.freeTime.label).toBe('Last free day');
    expect(COLUMNS.freeTime.text(delivered, 'UTC')).toBe('28/11/2026 Detention · 1 day left');
    expect(COLUMNS.freeTime.text(oceanShipment(), 'UTC')).toBe('');
  });

  it('exports each clock’s last free day as a date, and the clock the days left belong to', () => {
    expect(tableToCsv([delivered], [COLUMNS.freeTime], 'UTC').slice(1).split('\r\n')).toEqual([
      'Demurrage LFD,Detention LFD,Free time clock,Free days left',
      '2026-11-27,2026-11-28,Detention,1',
      '',
    ]);
    // Calendar days of the port: the reader's zone does not move them.
    expect(tableToCells([delivered], [COLUMNS.freeTime], 'Pacific/Auckland')[1]).toEqual([
      { day: '2026-11-27' },
      { day: '2026-11-28' },
      'Detention',
      '1',
    ]);
  });
});
