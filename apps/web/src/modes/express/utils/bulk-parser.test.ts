import { describe, expect, it } from 'vitest';
import { parseExpressBulkText } from './bulk-parser';
import type { CustomField } from '@tracklane/shared/custom-fields/custom-fields.schema';
import { resolveParcelCarrier } from './carriers';

const ready = (text: string) => parseExpressBulkText(text).ready.map((row) => row.item);
const outcomes = (text: string) =>
  parseExpressBulkText(text).rows.map((row) =>
    row.check.valid ? `${row.check.item.trackingNo} ${row.check.item.carrier}` : row.check.message,
  );

describe('express bulk intake parser', () => {
  it.each([
    ['tabs (a spreadsheet paste)', '1Z5R89390357567127\n794616896420\tFedEx'],
    ['commas', '1Z5R89390357567127\n794616896420, fedex'],
    ['semicolons', '1Z5R89390357567127;\n794616896420 ; FEDEX'],
    ['spaces', '1Z5R89390357567127\n  794616896420   FedEx  '],
  ])('reads a tracking number and an optional carrier separated by %s', (_how, text) => {
    expect(ready(text)).toEqual([
      { trackingNo: '1Z5R89390357567127', carrier: 'ups' },
      { trackingNo: '794616896420', carrier: 'fedex' },
    ]);
  });

  it('tells the carrier and service from the number when the row names none', () => {
    const [row] = parseExpressBulkText('1z5r8 9390 3575 6712 7').rows;
    expect(row?.check).toEqual({
      valid: true,
      item: { trackingNo: '1Z5R89390357567127', carrier: 'ups' },
      detected: true,
      service: 'UPS United States Ground',
    });
  });

  it('keeps a number written in groups of digits whole, and finds a carrier name of several words after it', () => {
    expect(ready('9400 1118 9922 3344 5566 77\nRB 123 456 785 GB Royal Mail')).toEqual([
      { trackingNo: '9400111899223344556677', carrier: 'usps' },
      { trackingNo: 'RB123456785GB', carrier: 'royalmail' },
    ]);
  });

  it('takes our carrier codes or names in any case, and a chosen carrier for a number no format knows', () => {
    expect(outcomes('ABCDE12345XYZ, GLS\nABCDE12345XYZ, dhl_express\nabcde-12345-xyz;dhl express')).toEqual([
      'ABCDE12345XYZ gls',
      'ABCDE12345XYZ dhl_express',
      'ABCDE12345XYZ dhl_express',
    ]);
  });

  it('shows each row’s own error: check digit, unknown carrier, unrecognised or implausible number', () => {
    const text = ['1Z5R89390357567128', '794616896420, Acme Parcels', 'ABCDE12345XYZ', 'AB#1'].join('\n');
    const parse = parseExpressBulkText(text);
    expect(outcomes(text)).toEqual([
      'The check digit of this UPS number is wrong.',
      'Unknown carrier Acme Parcels: write its name or code (such as UPS or dhl_express), or leave it empty',
      'We could not recognise this tracking number. Choose the carrier to track it anyway.',
      'A tracking number has 5 to 40 letters and digits.',
    ]);
    expect(parse.invalidCount).toBe(4);
    expect(parse.ready).toEqual([]);
  });

  it('marks the same number and carrier again as a duplicate of the first line and skips it', () => {
    const parse = parseExpressBulkText(
      ['1Z5R89390357567127', '794616896420', '1z5r 8939 0357 5671 27, ups'].join('\n'),
    );
    expect(parse.rows.map((row) => row.duplicateOf)).toEqual([null, null, 1]);
    expect(parse.duplicateCount).toBe(1);
    expect(parse.ready.map((row) => row.line)).toEqual([1, 2]);
  });

  it('says when more rows are ready than one request takes', () => {
    const numbers = Array.from({ length: 501 }, (_, i) => `ABCDE${String(10000 + i)}, gls`);
    const parse = parseExpressBulkText(numbers.join('\n'));
    expect(parse.ready).toHaveLength(501);
    expect(parse.overLimit).toBe(true);
    expect(parseExpressBulkText(numbers.slice(1).join('\n')).overLimit).toBe(false);
  });

  describe('CSV files', () => {
    it('detects a header row and follows its column order (BOM, CRLF, quotes)', () => {
      const csv =
        '\uFEFF"Carrier","Tracking number","Note"\r\n"","1Z5R89390357567127","a, b"\r\n"USPS","9400 1118 9922 3344 5566 77",""\r\n';
      const parse = parseExpressBulkText(csv);
      expect(parse.headerLine).toBe(1);
      expect(ready(csv)).toEqual([
        { trackingNo: '1Z5R89390357567127', carrier: 'ups' },
        { trackingNo: '9400111899223344556677', carrier: 'usps' },
      ]);
      expect(parse.rows.map((row) => row.line)).toEqual([2, 3]);
    });

    it('reads a file without a header as tracking number, carrier', () => {
      const parse = parseExpressBulkText('1Z5R89390357567127,UPS\r\n794616896420,fedex\r\n');
      expect(parse.headerLine).toBeNull();
      expect(parse.ready).toHaveLength(2);
    });
  });
});

describe('resolveParcelCarrier', () => {
  it.each([
    ['ups', 'ups'],
    ['UPS', 'ups'],
    ['dhl_express', 'dhl_express'],
    ['DHL Express', 'dhl_express'],
    ['dhl-express', 'dhl_express'],
    ['royal mail', 'royalmail'],
    ['Spee-Dee Delivery', 'speedee'],
  ])('reads %j as %s', (text, code) => {
    expect(resolveParcelCarrier(text)?.code).toBe(code);
  });

  it('knows no carrier by an unknown or empty name', () => {
    expect(resolveParcelCarrier('Acme Parcels')).toBeUndefined();
    expect(resolveParcelCarrier(' - ')).toBeUndefined();
  });

  it('reads references from a file’s header, "PO number" and "Booking number" being no tracking number', () => {
    const parse = parseExpressBulkText(
      [
        'PO number,Booking number,Tracking number,Carrier,Shipper',
        'PO-1,BKG-1,1Z5R89390357567127,,Acme',
        ',,794616896420,fedex,',
      ].join('\n'),
    );
    expect(parse.headerLine).toBe(1);
    expect(parse.ready.map((r) => r.item)).toEqual([
      {
        trackingNo: '1Z5R89390357567127',
        carrier: 'ups',
        references: { poNumbers: ['PO-1'], bookingNumber: 'BKG-1', shipper: 'Acme' },
      },
      { trackingNo: '794616896420', carrier: 'fedex' },
    ]);
  });

  it('reads custom field columns named after the workspace’s fields, a bad value refusing its row', () => {
    const fields: CustomField[] = [
      { id: 'f-pallets', name: 'Pallets', type: 'number', choices: [], required: true, position: 0 },
      { id: 'f-portal', name: 'Portal link', type: 'link', choices: [], required: false, position: 1 },
    ];
    const parse = parseExpressBulkText(
      [
        'Tracking number,Pallets,portal  link',
        '1Z5R89390357567127,"1,250",https://portal.example.com/a',
        '794616896420,,portal.example.com',
        // A required field left empty is not asked for: it is enforced on edit only, as the server does.
        '9400111899223344556677,,',
      ].join('\n'),
      fields,
    );
    expect(parse.ready.map((r) => r.item)).toEqual([
      {
        trackingNo: '1Z5R89390357567127',
        carrier: 'ups',
        customFields: { 'f-pallets': 1250, 'f-portal': 'https://portal.example.com/a' },
      },
      { trackingNo: '9400111899223344556677', carrier: 'usps' },
    ]);
    expect(parse.unreadColumns).toEqual([]);
    expect(
      parseExpressBulkText('Tracking number,Carrier,Palets\n794616896420,fedex,3', fields).unreadColumns,
    ).toEqual(['Palets']);
    expect(parse.rows[1]!.check).toMatchObject({
      valid: false,
      trackingNo: '794616896420',
      message: 'Portal link: A link is an http or https address of at most 2048 characters.',
    });
  });
  it('leaves a built-in column to the import, and reads a field named like it from the export’s header', () => {
    const fields: CustomField[] = [
      { id: 'f-tracking', name: 'Tracking number', type: 'text', choices: [], required: false, position: 0 },
      { id: 'f-po', name: 'PO numbers', type: 'text', choices: [], required: false, position: 1 },
    ];
    const parse = parseExpressBulkText(
      [
        'Tracking number,Carrier,PO numbers,Custom field: Tracking number,Custom field: PO numbers',
        '1Z5R89390357567127,ups,PO-1,Return of RMA-7,Internal-9',
      ].join('\n'),
      fields,
    );
    expect(parse.ready.map((r) => r.item)).toEqual([
      {
        trackingNo: '1Z5R89390357567127',
        carrier: 'ups',
        references: { poNumbers: ['PO-1'] },
        customFields: { 'f-tracking': 'Return of RMA-7', 'f-po': 'Internal-9' },
      },
    ]);
    expect(parse.unreadColumns).toEqual([]);
  });
});
