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
 * A minimal Office Open XML workbook (one sheet, every cell an inline string) that Excel, LibreOffice
 * and Google Sheets open: the parts the standard requires and nothing else.
 */
export function rowsToXlsx(rows: string[][], sheetName = 'Shipments'): Uint8Array {
  const sheetRows = rows
    .map(
      (cells, r) =>
        `<row r="${String(r + 1)}">${cells
          .map(
            (value, c) =>
              `<c r="${columnName(c)}${String(r + 1)}" t="inlineStr"><is><t xml:space="preserve">${escapeXml(value)}</t></is></c>`,
          )
          .join('')}</row>`,
    )
    .join('');
  const xml = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>';
  return zipSync({
    '[Content_Types].xml': strToU8(
      `${xml}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>`,
    ),
    '_rels/.rels': strToU8(
      `${xml}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    ),
    'xl/workbook.xml': strToU8(
      `${xml}<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="${escapeXml(sheetName)}" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    ),
    'xl/_rels/workbook.xml.rels': strToU8(
      `${xml}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
    ),
    'xl/worksheets/sheet1.xml': strToU8(
      `${xml}<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${sheetRows}</sheetData></worksheet>`,
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
