import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { rowsToXlsx, xlsxToRows } from './xlsx';

describe('xlsx', () => {
  it('writes a workbook that reads back cell for cell', () => {
    const rows = [
      ['Container', 'MBL', 'ETA'],
      ['MSCU1234566', 'MEDU123456789', '28/11/2026'],
      ['A & B <x>', '"quoted"', ''],
    ];
    const file = rowsToXlsx(rows);
    expect(file[0]).toBe(0x50); // "PK": a zip
    expect(xlsxToRows(file)).toEqual(rows);
  });

  it('reads shared strings and numbers as Excel writes them', () => {
    const xml = '<?xml version="1.0" encoding="UTF-8"?>';
    const file = zipSync({
      'xl/sharedStrings.xml': strToU8(
        `${xml}<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><si><t>container</t></si><si><t>mbl</t></si><si><t>CSQU3054383</t></si></sst>`,
      ),
      'xl/worksheets/sheet1.xml': strToU8(
        `${xml}<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData><row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>1</v></c></row><row r="2"><c r="A2" t="s"><v>2</v></c><c r="C2"><v>123456789</v></c></row></sheetData></worksheet>`,
      ),
    });
    expect(xlsxToRows(file)).toEqual([
      ['container', 'mbl'],
      ['CSQU3054383', '', '123456789'],
    ]);
  });

  it('refuses a zip that is not a workbook', () => {
    expect(() => xlsxToRows(zipSync({ 'readme.txt': strToU8('hi') }))).toThrow('not a workbook');
  });
});
