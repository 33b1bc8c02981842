import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';

// Characters XML 1.0 cannot carry at all: they are dropped, the rest escaped.
// eslint-disable-next-line no-control-regex
const XML_FORBIDDEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F]/g;

const escapeXml = (s: string) =>
  s
    .replace(XML_FORBIDDEN, '')
    .replace(/[<>&"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;' })[c] ?? c);

function columnName(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26))
    name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

/**
 * A cell to write: text, a calendar day ("YYYY-MM-DD", null for an empty cell) written as a date, or a
 * number written as one (a spreadsheet sums it).
 */
export type XlsxCell = string | { day: string | null } | { number: number };

const DAY_MS = 86_400_000;
/** Day 0 of Excel's 1900 date system as it counts today (it keeps Lotus's 29 February 1900). */
const EXCEL_EPOCH = Date.UTC(1899, 11, 30);

/** The date's serial number: days since Excel's epoch, which a date format shows as the date. */
function excelSerial(day: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return null;
  return (Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])) - EXCEL_EPOCH) / DAY_MS;
}

/** Style 1 of the workbook: the day/month/year format (spec §9) every date cell uses. */
const DATE_STYLE = 1;
const DATE_FORMAT = 'dd/mm/yyyy';

function cellXml(value: XlsxCell, reference: string): string {
  if (typeof value === 'string') {
    return `<c r="${reference}" t="inlineStr"><is><t xml:space="preserve">${escapeXml(value)}</t></is></c>`;
  }
  if ('number' in value)
    return Number.isFinite(value.number)
      ? `<c r="${reference}"><v>${String(value.number)}</v></c>`
      : `<c r="${reference}"/>`;
  const serial = value.day === null ? null : excelSerial(value.day);
  // An unknown date is an empty cell, so that sorting and filtering leave it out.
  return serial === null
    ? `<c r="${reference}" s="${String(DATE_STYLE)}"/>`
    : `<c r="${reference}" s="${String(DATE_STYLE)}"><v>${String(serial)}</v></c>`;
}

/** Widths that show every date (a too-narrow date cell shows ####) and most text, within reason. */
function columnWidths(rows: XlsxCell[][]): string {
  const widths: number[] = [];
  for (const cells of rows) {
    cells.forEach((cell, c) => {
      const length =
        typeof cell === 'string'
          ? cell.length
          : 'number' in cell
            ? String(cell.number).length
            : DATE_FORMAT.length;
      widths[c] = Math.max(widths[c] ?? 0, length);
    });
  }
  if (widths.length === 0) return '';
  const cols = Array.from(widths, (width = 0, c) => {
    const n = String(c + 1);
    return `<col min="${n}" max="${n}" width="${String(Math.min(Math.max(width, 8) + 2, 60))}" customWidth="1"/>`;
  });
  return `<cols>${cols.join('')}</cols>`;
}

const STYLES =
  '<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">' +
  `<numFmts count="1"><numFmt numFmtId="164" formatCode="${DATE_FORMAT}"/></numFmts>` +
  '<fonts count="1"><font><sz val="11"/><name val="Calibri"/></font></fonts>' +
  '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
  '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
  '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
  '<cellXfs count="2"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>' +
  '<xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/></cellXfs>' +
  '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>' +
  '</styleSheet>';

/**
 * A minimal Office Open XML workbook (one sheet; text as inline strings, days as date serials in the
 * day/month/year format) that Excel, LibreOffice and Google Sheets open: the parts the standard
 * requires and nothing else.
 */
export function rowsToXlsx(rows: XlsxCell[][], sheetName = 'Shipments'): Uint8Array {
  const sheetRows = rows
    .map(
      (cells, r) =>
        `<row r="${String(r + 1)}">${cells.map((value, c) => cellXml(value, `${columnName(c)}${String(r + 1)}`)).join('')}</row>`,
    )
    .join('');
  const xml = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>';
  return zipSync({
    '[Content_Types].xml': strToU8(
      `${xml}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/></Types>`,
    ),
    '_rels/.rels': strToU8(
      `${xml}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    ),
    'xl/workbook.xml': strToU8(
      `${xml}<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="${escapeXml(sheetName)}" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    ),
    'xl/_rels/workbook.xml.rels': strToU8(
      `${xml}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/></Relationships>`,
    ),
    'xl/styles.xml': strToU8(`${xml}${STYLES}`),
    'xl/worksheets/sheet1.xml': strToU8(
      `${xml}<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">${columnWidths(rows)}<sheetData>${sheetRows}</sheetData></worksheet>`,
    ),
  });
}

function columnIndex(reference: string): number {
  const letters = /^[A-Z]+/.exec(reference)?.[0] ?? 'A';
  return [...letters].reduce((n, ch) => n * 26 + ch.charCodeAt(0) - 64, 0) - 1;
}

/**
 * The first worksheet of an .xlsx file as rows of text: shared strings, inline strings and plain
 * values. Throws when the file is not a workbook.
 */
export function xlsxToRows(data: Uint8Array): string[][] {
  const files = unzipSync(data);
  const sheetPath = Object.keys(files)
    .filter((p) => /^xl\/worksheets\/sheet\d+\.xml$/.test(p))
    .sort((a, b) => Number(/\d+/.exec(a)?.[0]) - Number(/\d+/.exec(b)?.[0]))[0];
  if (!sheetPath) throw new Error('not a workbook');
  const parse = (path: string) => new DOMParser().parseFromString(strFromU8(files[path]!), 'application/xml');
  const text = (node: Element) =>
    [...node.getElementsByTagName('t')].map((t) => t.textContent ?? '').join('');
  const shared = files['xl/sharedStrings.xml']
    ? [...parse('xl/sharedStrings.xml').getElementsByTagName('si')].map(text)
    : [];
  return [...parse(sheetPath).getElementsByTagName('row')].map((row) => {
    const cells: string[] = [];
    for (const cell of row.getElementsByTagName('c')) {
      const type = cell.getAttribute('t');
      const value = cell.getElementsByTagName('v')[0]?.textContent ?? '';
      cells[columnIndex(cell.getAttribute('r') ?? '')] =
        type === 's' ? (shared[Number(value)] ?? '') : type === 'inlineStr' ? text(cell) : value;
    }
    return Array.from(cells, (c) => c ?? '');
  });
}
