import { describe, expect, it } from 'vitest';
import { exportFileName, tableToCsv, tableToRows, type ExportColumn } from './table-export';

interface Parcel {
  trackingNo: string;
  note: string;
}
const columns: ExportColumn<Parcel>[] = [
  { label: 'Tracking number', text: (p) => p.trackingNo },
  { label: 'Note', text: (p) => p.note },
];

describe('table export', () => {
  it('writes a header and one row per item, the columns in the order given', () => {
    expect(
      tableToRows([{ trackingNo: '1Z999', note: 'left at door' }], [...columns].reverse(), 'UTC'),
    ).toEqual([
      ['Note', 'Tracking number'],
      ['left at door', '1Z999'],
    ]);
  });

  it('leads with a byte-order mark, ends lines with CRLF, quotes and defuses what a spreadsheet would misread', () => {
    const csv = tableToCsv(
      [
        { trackingNo: '1Z999', note: 'a, b; "c"' },
        { trackingNo: '=HYPERLINK("x")', note: '-1+2' },
        { trackingNo: '+1', note: '- a list item' },
      ],
      columns,
      'UTC',
    );
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(csv.slice(1).split('\r\n')).toEqual([
      'Tracking number,Note',
      '1Z999,"a, b; ""c"""',
      `"'=HYPERLINK(""x"")",'-1+2`,
      "'+1,- a list item",
      '',
    ]);
  });

  it('names the file after the list and the day it was taken', () => {
    const day = new Date('2025-03-14T10:00:00Z');
    expect(exportFileName('ocean-shipments-active', day)).toBe('ocean-shipments-active-2025-03-14.csv');
    expect(exportFileName('express-shipments-archived', day, 'xlsx')).toBe(
      'express-shipments-archived-2025-03-14.xlsx',
    );
  });
});
