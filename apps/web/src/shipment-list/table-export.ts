import { isoDay } from '../lib/dates';
import type { XlsxCell } from '../lib/xlsx';

/**
 * One exported cell: text, a calendar day ("YYYY-MM-DD" in the reader's zone; null when unknown), or a
 * number (a number cell in XLSX).
 */
export type ExportCell = XlsxCell;

/** One column of the exported file. */
export interface ExportField<Row> {
  label: string;
  value: (row: Row, timeZone: string) => ExportCell;
}

/** The part of a table column an export needs: its header and its cell as text, or its own fields. */
export interface ExportColumn<Row> {
  label: string;
  text: (row: Row, timeZone: string) => string;
  /**
   * The columns it becomes in a file instead of its text, when the screen's text would not sort or
   * filter in a spreadsheet: "25/10/2026 EST: 27/10/2026" becomes an actual and an estimated date.
   */
  exportFields?: ExportField<Row>[];
}

/** A date column of the exported file: a real date in XLSX, "YYYY-MM-DD" in CSV, empty when unknown. */
export function dateField<Row>(
  label: string,
  instant: (row: Row) => string | null | undefined,
): ExportField<Row> {
  return { label, value: (row, timeZone) => ({ day: isoDay(instant(row), timeZone) }) };
}

function fieldsOf<Row>(columns: ExportColumn<Row>[]): ExportField<Row>[] {
  return columns.flatMap(
    (column) =>
      column.exportFields ?? [{ label: column.label, value: (row, zone) => column.text(row, zone) }],
  );
}

/** The headers an export of these columns writes, in order. */
export const exportHeaders = <Row>(columns: ExportColumn<Row>[]): string[] =>
  fieldsOf(columns).map((field) => field.label);

/** The table as rows of cells (a header, then one row per item), dates kept as dates: for XLSX. */
export function tableToCells<Row>(
  rows: Row[],
  columns: ExportColumn<Row>[],
  timeZone: string,
): ExportCell[][] {
  const fields = fieldsOf(columns);
  return [
    fields.map((field) => field.label),
    ...rows.map((row) => fields.map((field) => field.value(row, timeZone))),
  ];
}

const cellText = (cell: ExportCell) =>
  typeof cell === 'string' ? cell : 'number' in cell ? String(cell.number) : (cell.day ?? '');

/** The table as rows of text, dates as "YYYY-MM-DD": what the CSV holds. */
export function tableToRows<Row>(rows: Row[], columns: ExportColumn<Row>[], timeZone: string): string[][] {
  return tableToCells(rows, columns, timeZone).map((cells) => cells.map(cellText));
}

/** Quotes a cell when it needs it, and defuses text a spreadsheet would run as a formula. */
function csvCell(value: string): string {
  const safe = /^[=+@\t\r]/.test(value) || /^-[^\s]/.test(value) ? `'${value}` : value;
  return /[",\r\n;]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/**
 * The table as CSV: the visible columns in the user's order, dates as ISO days in `timeZone` (a
 * spreadsheet reads them as dates in any locale). Excel reads UTF-8 only with a byte-order mark, so
 * one leads the file.
 */
export function tableToCsv<Row>(rows: Row[], columns: ExportColumn<Row>[], timeZone: string): string {
  const lines = tableToRows(rows, columns, timeZone).map((cells) => cells.map(csvCell).join(','));
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

/** "ocean-shipments-active-2025-03-14.csv": which list (`list`), and the day it was taken. */
export function exportFileName(list: string, now: Date = new Date(), extension = 'csv'): string {
  return `${list}-${now.toISOString().slice(0, 10)}.${extension}`;
}

/** Hands a file to the browser's downloads. */
export function downloadFile(
  content: string | Uint8Array<ArrayBuffer>,
  fileName: string,
  type = 'text/csv;charset=utf-8',
): void {
  const url = URL.createObjectURL(new Blob([content], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started from the object URL; release it once the click has been handled.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
