import { strToU8 } from 'fflate';
import { describe, expect, it } from 'vitest';
import { headerColumns, markDuplicates, pastedRows, readTableFile, splitCells } from './paste-table';
import { rowsToXlsx } from './xlsx';

describe('paste tokenizer', () => {
  it.each([
    ['tabs', '1Z999AA10123456784\tups\tnote'],
    ['semicolons', '1Z999AA10123456784 ; ups ;note'],
    ['commas', '1Z999AA10123456784,ups, note'],
  ])('splits on %s and trims each cell', (_how, line) => {
    expect(splitCells(line)).toEqual(['1Z999AA10123456784', 'ups', 'note']);
  });

  it('prefers tab, then semicolon, then comma outside quotes, keeping quoted ones and doubled quotes', () => {
    expect(splitCells('"a, b";"say ""hi""";c')).toEqual(['a, b', 'say "hi"', 'c']);
    expect(splitCells('a\tb, c')).toEqual(['a', 'b, c']);
  });

  it('splits on spaces when there is no delimiter, the last cell keeping the rest past maxCells', () => {
    expect(splitCells('  a   b c d ')).toEqual(['a', 'b', 'c', 'd']);
    expect(splitCells('MSCU1234566 MEDU12345678 Hapag Lloyd AG', 3)).toEqual([
      'MSCU1234566',
      'MEDU12345678',
      'Hapag Lloyd AG',
    ]);
    expect(splitCells('1Z999 DHL Express', 2)).toEqual(['1Z999', 'DHL Express']);
  });

  it('numbers rows by their line, skipping blank ones, whatever the line ends, without the BOM', () => {
    expect(pastedRows('\uFEFFa,b\r\n\r\n  \n c \rd;e\n')).toEqual([
      { line: 1, cells: ['a', 'b'], delimited: true },
      { line: 4, cells: ['c'], delimited: false },
      { line: 5, cells: ['d', 'e'], delimited: true },
    ]);
    expect(pastedRows(' , ,\n')).toEqual([]);
    expect(pastedRows('9400 1118 9922')).toEqual([
      { line: 1, cells: ['9400', '1118', '9922'], delimited: false },
    ]);
  });

  it('finds the fields a header row names, each in its own cell, in the order asked', () => {
    const patterns = [
      ['carrier', /carrier/i],
      ['tracking', /tracking|number/i],
    ] as const;
    expect(headerColumns(['Number', 'Carrier'], patterns)).toEqual({ carrier: 1, tracking: 0 });
    // "Carrier tracking number" is taken by the carrier; the tracking number is looked for elsewhere.
    expect(headerColumns(['Carrier tracking number', 'Parcel number'], patterns)).toEqual({
      carrier: 0,
      tracking: 1,
    });
    expect(headerColumns(['Carrier'], patterns)).toEqual({ carrier: 0, tracking: -1 });
    expect(headerColumns(['1Z999', 'ups'], patterns)).toBeNull();
  });

  it('marks later rows with the same key as duplicates of the first, leaving rows without a key alone', () => {
    const rows = [
      { line: 1, key: 'a', duplicateOf: null },
      { line: 2, key: null, duplicateOf: null },
      { line: 4, key: 'a', duplicateOf: null },
      { line: 5, key: null, duplicateOf: null },
      { line: 6, key: 'b', duplicateOf: null },
    ];
    expect(markDuplicates(rows, (row) => row.key).map((row) => row.duplicateOf)).toEqual([
      null,
      null,
      1,
      null,
      null,
    ]);
  });
});

describe('uploaded table files', () => {
  it('reads a workbook’s cells as tab-separated lines, and a CSV file as it is', async () => {
    const workbook = rowsToXlsx([
      ['tracking', 'carrier'],
      ['1Z999', 'ups'],
    ]) as Uint8Array<ArrayBuffer>;
    expect(await readTableFile(new File([workbook], 'parcels.xlsx'))).toBe('tracking\tcarrier\n1Z999\tups');
    expect(await readTableFile(new File([strToU8('a;b\n')], 'parcels.csv'))).toBe('a;b\n');
  });

  it('refuses an .xlsx file that is not a workbook', async () => {
    await expect(readTableFile(new File([strToU8('plain text')], 'fake.xlsx'))).rejects.toThrow();
  });
});
