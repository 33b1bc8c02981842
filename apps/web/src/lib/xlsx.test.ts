import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
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

describe('xlsx dates', () => {
  it('writes days as date serials in a day/month/year cell, an unknown day as an empty one', async () => {
    const { dateCells } = await import('../test/downloads');
    const file = rowsToXlsx([
      ['Container', 'ETA', 'ATA'],
      ['MSCU1234566', { day: '2026-10-25' }, { day: null }],
      ['MSKU1234565', { day: '1900-03-01' }, { day: '2024-02-29' }],
    ]);
    expect(dateCells(file)).toEqual([
      { cell: 'B2', serial: '46320' },
      { cell: 'C2', serial: null },
      { cell: 'B3', serial: '61' },
      { cell: 'C3', serial: '45351' },
    ]);
    // Wide enough for the date (a narrow date cell shows ####).
    const sheet = strFromU8(unzipSync(file)['xl/worksheets/sheet1.xml']!);
    expect(sheet).toMatch(
      /<cols><col min="1" max="1" width="13" customWidth="1"\/><col min="2" max="2" width="12"/,
    );
    expect(xlsxToRows(file)[1]).toEqual(['MSCU1234566', '46320', '']);
  });
});
