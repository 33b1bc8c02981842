import { describe, expect, it } from 'vitest';
import type { CustomField } from '@tracklane/shared/custom-fields/custom-fields.schema';
import { withCustomFieldColumns } from '../../../shipment-list/custom-field-columns';
import { visibleColumns } from '../../../shipment-list/table-columns';
import { tableToCsv } from '../../../shipment-list/table-export';
import { oceanShipment } from '../../../test/ocean-shipment-fixtures';
import { parseBulkText } from './bulk-parser';
import { OCEAN_COLUMNS } from './columns';

const valid = (text: string) => parseBulkText(text).ready.map((row) => row.item);

describe('bulk intake parser', () => {
  it.each([
    ['tabs (a spreadsheet paste)', 'MSCU1234566\tMEDU12345678\nMSKU1234565\tMAEU240101\tMAEU'],
    ['commas', 'MSCU1234566,MEDU12345678\nMSKU1234565, MAEU240101, MAEU'],
    ['semicolons', 'MSCU1234566;MEDU12345678\nMSKU1234565 ; MAEU240101 ; MAEU'],
    ['spaces', 'MSCU1234566 MEDU12345678\n  MSKU1234565   MAEU240101 MAEU  '],
  ])('reads container, MBL and an optional carrier separated by %s', (_how, text) => {
    expect(valid(text)).toEqual([
      { containerNo: 'MSCU1234566', mblNo: 'MEDU12345678', carrierScac: 'MSCU' },
      { containerNo: 'MSKU1234565', mblNo: 'MAEU240101', carrierScac: 'MAEU' },
    ]);
  });

  it('numbers rows by their line, skipping blank lines, and normalises case and dashes', () => {
    const parse = parseBulkText('\nmscu-123456-6, medu 1234 5678\n\n');
    expect(parse.rows).toHaveLength(1);
    expect(parse.rows[0]).toMatchObject({ line: 2 });
    expect(valid('mscu-123456-6, medu 1234 5678')).toEqual([
      { containerNo: 'MSCU1234566', mblNo: 'MEDU12345678', carrierScac: 'MSCU' },
    ]);
  });

  it('takes the carrier as a SCAC or a name, and says when it does not know it', () => {
    const parse = parseBulkText(
      [
        'TGHU1234567,ABCD998877,Hapag-Lloyd',
        'CMAU1234564,CMDU556677,cma cgm',
        'HLXU7654324,XXXX1234,Acme Lines',
      ].join('\n'),
    );
    expect(
      parse.rows.map((row) => (row.check.valid ? row.check.item.carrierScac : row.check.message)),
    ).toEqual(['HLCU', 'CMDU', 'Unknown carrier Acme Lines: use a SCAC such as MSCU, or leave it empty']);
  });

  it('shows each row’s own error: check digit, owner code, missing MBL, carrier that cannot be told', () => {
    const parse = parseBulkText(
      ['MSCU1234567,MEDU1234', 'XYZ123,MEDU1234', 'MSKU1234565', 'TGHU1234567,ABCD998877'].join('\n'),
    );
    expect(parse.rows.map((row) => (row.check.valid ? 'ok' : row.check.message))).toEqual([
      'Check digit should be 6 for MSCU123456: please check the number',
      'Not a container number: it is 4 letters and 7 digits, e.g. MSCU1234566',
      'Enter a master bill of lading number',
      'The carrier cannot be told from this bill of lading number: add its SCAC, e.g. MSCU, as a third column',
    ]);
    expect(parse.invalidCount).toBe(4);
    expect(parse.ready).toEqual([]);
  });

  it('marks repeated container + MBL pairs as duplicates of the first line and skips them', () => {
    const parse = parseBulkText(
      ['MSCU1234566,MEDU12345678', 'MSKU1234565,MAEU240101', 'mscu1234566;medu12345678;MSCU'].join('\n'),
    );
    expect(parse.rows.map((row) => row.duplicateOf)).toEqual([null, null, 1]);
    expect(parse.duplicateCount).toBe(1);
    expect(parse.ready.map((row) => row.line)).toEqual([1, 2]);
  });

  describe('CSV files', () => {
    it('detects a header row and follows its column order (BOM, CRLF, quotes)', () => {
      const csv =
        '\uFEFF"Bill of lading","Carrier","Container number"\r\n"MEDU12345678","","MSCU1234566"\r\n"MAEU240101","Maersk","MSKU1234565"\r\n';
      const parse = parseBulkText(csv);
      expect(parse.headerLine).toBe(1);
      expect(valid(csv)).toEqual([
        { containerNo: 'MSCU1234566', mblNo: 'MEDU12345678', carrierScac: 'MSCU' },
        { containerNo: 'MSKU1234565', mblNo: 'MAEU240101', carrierScac: 'MAEU' },
      ]);
      expect(parse.rows.map((row) => row.line)).toEqual([2, 3]);
    });

    it('reads a semicolon CSV with a plain header (container;mbl;scac)', () => {
      const parse = parseBulkText('container;mbl;scac\nTGHU1234567;ABCD998877;HLCU\n');
      expect(parse.headerLine).toBe(1);
      expect(parse.ready).toHaveLength(1);
    });

    it('treats a first row that is a container number as data, not a header', () => {
      const parse = parseBulkText('MSCU1234566,MEDU12345678,MSC\n');
      expect(parse.headerLine).toBeNull();
      expect(parse.ready).toHaveLength(1);
    });

    it('keeps a comma inside quotes in its cell', () => {
      const parse = parseBulkText('MSCU1234566,MEDU12345678,"MSC, Geneva"');
      expect(parse.rows[0]?.carrierInput).toBe('MSC, Geneva');
    });
  });

  it('says when more than 500 rows are ready to send', () => {
    const lines = Array.from({ length: 501 }, (_, i) => `MSCU1234566,MEDU${String(10000 + i)}`);
    expect(parseBulkText(lines.join('\n')).overLimit).toBe(true);
    expect(parseBulkText(lines.slice(0, 500).join('\n')).overLimit).toBe(false);
  });
});

describe('bulk intake of bills of lading and bookings alone', () => {
  it('reads "bl NUMBER", "booking NUMBER CARRIER" and a lone bill, each with what it follows', () => {
    expect(
      valid(
        ['bl MEDU7788990', 'booking: 241100456 Maersk', 'MEDU5566778, MSCU', 'mbl HLCU998877'].join('\n'),
      ),
    ).toEqual([
      { mblNo: 'MEDU7788990', carrierScac: 'MSCU' },
      { bookingNo: '241100456', carrierScac: 'MAEU' },
      { mblNo: 'MEDU5566778', carrierScac: 'MSCU' },
      { mblNo: 'HLCU998877', carrierScac: 'HLCU' },
    ]);
  });

  it('takes a file whose header names a booking column, rows without a container following theirs alone', () => {
    const parse = parseBulkText(
      [
        'Container,MBL,Booking,Carrier',
        'MSCU1234566,MEDU12345678,,',
        ',MEDU7788990,,',
        ',,241100456,MAEU',
      ].join('\n'),
    );
    expect(parse.headerLine).toBe(1);
    expect(parse.ready.map((r) => r.item)).toEqual([
      { containerNo: 'MSCU1234566', mblNo: 'MEDU12345678', carrierScac: 'MSCU' },
      { mblNo: 'MEDU7788990', carrierScac: 'MSCU' },
      { bookingNo: '241100456', carrierScac: 'MAEU' },
    ]);
    // A file of bills alone: no container column at all.
    expect(valid(['MBL;Carrier', 'MEDU7788990;MSCU'].join('\n'))).toEqual([
      { mblNo: 'MEDU7788990', carrierScac: 'MSCU' },
    ]);
  });

  it('reads the workspace’s references from a file’s reference columns, checked per row', () => {
    const parse = parseBulkText(
      [
        'Container\tMBL\tPO numbers\tCustomer ref\tConsignee\tCarrier',
        'MSCU1234566\tMEDU12345678\tPO-1, po-2\tCR 77\tAcme Retail\t',
        'MSKU1234565\tMAEU240101\t\t\t\tMAEU',
        `TGHU3456780\tMEDU12345679\t${'x'.repeat(61)}\t\t\t`,
        '\tMEDU7788990\tPO-9\t\t\t',
      ].join('\n'),
    );
    expect(parse.headerLine).toBe(1);
    expect(parse.ready.map((r) => r.item)).toEqual([
      {
        containerNo: 'MSCU1234566',
        mblNo: 'MEDU12345678',
        carrierScac: 'MSCU',
        references: { poNumbers: ['PO-1', 'PO-2'], customerReference: 'CR 77', consignee: 'Acme Retail' },
      },
      // Empty reference cells give none.
      { containerNo: 'MSKU1234565', mblNo: 'MAEU240101', carrierScac: 'MAEU' },
    ]);
    expect(parse.rows.slice(2).map((r) => (r.check.valid ? null : r.check.message))).toEqual([
      'PO numbers: A reference has at most 60 characters.',
      'References are kept on containers: give the container number with its bill of lading, or add them to each container once the carrier names it',
    ]);
  });

  it('marks the same bill twice as a duplicate, and refuses a booking beside a container', () => {
    const parse = parseBulkText(['bl MEDU7788990', 'MEDU7788990', 'Container,MBL,Booking'].join('\n'));
    expect(parse.rows.map((row) => row.duplicateOf)).toEqual([null, 1, null]);
    const withBoth = parseBulkText(['Container,Booking', 'MSCU1234566,241100456'].join('\n'));
    expect(withBoth.rows[0]!.check).toMatchObject({
      valid: false,
      message:
        'A booking is followed alone: leave the container number out, and every container the carrier names on the booking is added',
    });
  });

  it('reads the workspace’s custom fields from columns named after them, checked per row', () => {
    const field = (id: string, name: string, type: CustomField['type'], choices: string[] = []) => ({
      id,
      name,
      type,
      choices,
      required: false,
      position: 0,
    });
    const fields = [
      field('f-code', 'Customer code', 'text'),
      field('f-eta', 'Promised ETA', 'date'),
      field('f-priority', 'Priority', 'choice', ['Low', 'Urgent']),
    ];
    const parse = parseBulkText(
      [
        // "Customer code" is the field, not the customer's column; columns in any order.
        'priority;MBL;Container;CUSTOMER CODE;Promised ETA',
        'urgent;MEDU12345678;MSCU1234566;ACME-9;31/03/2026',
        'Asap;MAEU240101;MSKU1234565;;',
        ';MEDU7788990;;ACME-9;',
      ].join('\n'),
      fields,
    );
    expect(parse.headerLine).toBe(1);
    expect(parse.ready.map((r) => r.item)).toEqual([
      {
        containerNo: 'MSCU1234566',
        mblNo: 'MEDU12345678',
        carrierScac: 'MSCU',
        customFields: { 'f-code': 'ACME-9', 'f-eta': '2026-03-31', 'f-priority': 'Urgent' },
      },
    ]);
    expect(parse.rows.map((r) => r.customCells)).toEqual([
      { 'f-priority': 'urgent', 'f-code': 'ACME-9', 'f-eta': '31/03/2026' },
      { 'f-priority': 'Asap', 'f-code': '', 'f-eta': '' },
      { 'f-priority': '', 'f-code': 'ACME-9', 'f-eta': '' },
    ]);
    expect(parse.rows.slice(1).map((r) => (r.check.valid ? null : r.check.message))).toEqual([
      'Priority: “Asap” is not one of Low, Urgent.',
      'Custom field values are kept on containers: give the container number with its bill of lading, or set them on each container once the carrier names it',
    ]);
    expect(parse.unreadColumns).toEqual([]);
    // Without the workspace's fields, or misspelt, the column is not read, and the preview says so.
    const unknown = parseBulkText('Container;MBL;Priority\nMSCU1234566;MEDU12345678;Asap');
    expect(unknown.ready).toHaveLength(1);
    expect(unknown.unreadColumns).toEqual(['Priority']);
    expect(
      parseBulkText('Container;MBL;Priorty\nMSCU1234566;MEDU12345678;Low', fields).unreadColumns,
    ).toEqual(['Priorty']);
  });
});

describe('a custom field named like a built-in column', () => {
  const field = (id: string, name: string, type: CustomField['type'], choices: string[] = []) => ({
    id,
    name,
    type,
    choices,
    required: false,
    position: 0,
  });
  const tags = field('f-tags', 'Tags', 'text');
  const containerNumber = field('f-container', 'Container number', 'text');
  const bookingNumber = field('f-booking', 'Booking number', 'number');
  const customer = field('f-customer', 'Customer', 'choice', ['Key account', 'Other']);
  const FIELDS = [tags, containerNumber, bookingNumber, customer];

  it('leaves the column to the built-in, and reads the field from its prefixed header', () => {
    const parse = parseBulkText(
      [
        'Container number,MBL,Customer,Custom field: Container number,custom field:booking NUMBER,Tags',
        'MSCU1234566,MEDU12345678,Acme Retail GmbH,Seal 77,"1,200",hot',
      ].join('\n'),
      FIELDS,
    );
    expect(parse.ready.map((r) => r.item)).toEqual([
      {
        containerNo: 'MSCU1234566',
        mblNo: 'MEDU12345678',
        carrierScac: 'MSCU',
        references: { customer: 'Acme Retail GmbH' },
        customFields: { 'f-container': 'Seal 77', 'f-booking': 1200 },
      },
    ]);
    // "Tags" is the list's own column (the import does not read tags), not the field called so.
    expect(parse.unreadColumns).toEqual(['Tags']);
  });

  it('reads a list it exported back into the same containers, references and fields', () => {
    const set = withCustomFieldColumns(OCEAN_COLUMNS, FIELDS);
    const shipment = {
      attention: null,
      ...oceanShipment({
        containerNo: 'MSCU1234566',
        mblNo: 'MEDU12345678',
        tags: ['hot', 'reefer'],
        references: {
          bookingNumber: null,
          customerReference: 'CR-1',
          poNumbers: ['PO-1', 'PO-2'],
          shipper: null,
          consignee: null,
          customer: { id: 'c1', name: 'Acme Retail GmbH' },
          forwarder: null,
        },
        customFields: {
          [tags.id]: 'fragile',
          [containerNumber.id]: 'Seal 77',
          [bookingNumber.id]: 1200,
          [customer.id]: 'Key account',
        },
      }),
    };
    // Every column shown, the fields among the built-in ones.
    const order = [...set.ids].reverse();
    const csv = tableToCsv([shipment], visibleColumns(set, { order, hidden: [] }), 'UTC');
    expect(csv.split('\r\n')[0]).toContain(',Custom field: Tags,');

    const parse = parseBulkText(csv.replace(/^\uFEFF/, ''), FIELDS);
    expect(parse.rows.map((r) => (r.check.valid ? null : r.check.message))).toEqual([null]);
    expect(parse.ready.map((r) => r.item)).toEqual([
      {
        containerNo: 'MSCU1234566',
        mblNo: 'MEDU12345678',
        carrierScac: 'MSCU',
        references: { customerReference: 'CR-1', poNumbers: ['PO-1', 'PO-2'], customer: 'Acme Retail GmbH' },
        customFields: {
          [tags.id]: 'fragile',
          [containerNumber.id]: 'Seal 77',
          [bookingNumber.id]: 1200,
          [customer.id]: 'Key account',
        },
      },
    ]);
  });
});
