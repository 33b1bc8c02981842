/** The part of a column an export needs: its header and its cell as text. */
export interface ExportColumn<Row> {
  label: string;
  text: (row: Row, timeZone: string) => string;
}

/** Quotes a cell when it needs it, and defuses text a spreadsheet would run as a formula. */
function csvCell(value: string): string {
  const safe = /^[=+@\t\r]/.test(value) || /^-[^\s]/.test(value) ? `'${value}` : value;
  return /[",\r\n;]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** The table as rows of text (a header, then one row per item), for CSV and XLSX alike. */
export function tableToRows<Row>(rows: Row[], columns: ExportColumn<Row>[], timeZone: string): string[][] {
  return [
    columns.map((column) => column.label),
    ...rows.map((row) => columns.map((column) => column.text(row, timeZone))),
  ];
}

/**
 * The table as CSV: the visible columns in the user's order, dates as day/month/year in `timeZone`
 * (spec §9). Excel reads UTF-8 only with a byte-order mark, so one leads the file.
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
