import { describe, expect, it } from 'vitest';
import { oceanShipment } from '../../../test/ocean-shipment-fixtures';
import { COLUMNS } from './columns';
import { shipmentsToCsv } from './export-csv';

const columns = [
  COLUMNS.container,
  COLUMNS.mbl,
  COLUMNS.status,
  COLUMNS.departure,
  COLUMNS.arrival,
  COLUMNS.vessel,
];

describe('CSV export', () => {
  it('writes the visible columns with dates as day/month/year in the reader’s zone', () => {
    const csv = shipmentsToCsv(
      [
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
      ],
      columns,
      'Asia/Shanghai',
    );
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(csv.slice(1).split('\r\n')).toEqual([
      'Container,MBL,Status,ATD / ETD,ATA / ETA,Vessel',
      'MSCU1234566,MEDU12345678,In transit,02/02/2025,02/03/2025 EST: 03/03/2025,MSC IRINA',
      `MSKU1234565,MAEU240101,Fetching,-,EST: 10/04/2025,"'=HYPERLINK(""x"")"`,
      '',
    ]);
  });

  it('writes the same instants as the previous day in New York', () => {
    const csv = shipmentsToCsv(
      [oceanShipment({ arrivalVO: { ata: '2025-03-02T03:00:00Z', eta: null } })],
      [COLUMNS.arrival],
      'America/New_York',
    );
    expect(csv).toContain('\r\n01/03/2025\r\n');
  });
});
