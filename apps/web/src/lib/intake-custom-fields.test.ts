import { describe, expect, it } from 'vitest';
import type { CustomField } from '@tracklane/shared/custom-fields/custom-fields.schema';
import {
  cellsLeftByFields,
  customCellText,
  customFieldHeader,
  customFieldHeaderText,
  importDay,
  importNumber,
  parseImportCell,
  readCustomFields,
} from './intake-custom-fields';

const field = (id: string, name: string, type: CustomField['type'], choices: string[] = []): CustomField => ({
  id,
  name,
  type,
  choices,
  required: false,
  position: 0,
});

const notes = field('f-notes', 'Notes', 'text');
const pallets = field('f-pallets', 'Pallets', 'number');
const booked = field('f-booked', 'Booked on', 'date');
const priority = field('f-priority', 'Priority', 'choice', ['Low', 'Urgent']);
const hazards = field('f-hazards', 'Hazards', 'multi_choice', ['Flammable', 'Fragile', 'Toxic']);
const portal = field('f-portal', 'Portal', 'link');
const FIELDS = [notes, pallets, booked, priority, hazards, portal];

describe('custom field columns of a bulk import’s header', () => {
  it('names a field by its name, case and spaces ignored, in the header’s order', () => {
    expect(customFieldHeader(['Container', ' bookedON ', 'MBL', 'PRIORITY', 'Other'], FIELDS)).toEqual([
      { field: booked, index: 1 },
      { field: priority, index: 3 },
    ]);
  });

  it('names none when no cell is a field’s name, and reads a field named twice from its first column', () => {
    expect(customFieldHeader(['Container', 'MBL', 'Prio'], FIELDS)).toBeNull();
    expect(customFieldHeader(['Container', 'MBL'], [])).toBeNull();
    expect(customFieldHeader(['Notes', 'notes'], FIELDS)).toEqual([{ field: notes, index: 0 }]);
  });
});

describe('a custom field named like a built-in column', () => {
  const tags = field('f-tags', 'Tags', 'text');
  const containerNumber = field('f-container', 'Container number', 'text');
  const BUILT_IN = ['Container', 'Container number', 'Tags', 'Customer ref.'];

  it('is not read from the built-in column’s header, only from the export’s prefixed one', () => {
    const fields = [tags, containerNumber, notes];
    expect(customFieldHeader(['Container number', 'TAGS', 'Notes'], fields, BUILT_IN)).toEqual([
      { field: notes, index: 2 },
    ]);
    expect(
      customFieldHeader(
        ['Container number', 'Tags', 'custom field:container NUMBER', customFieldHeaderText('Tags')],
        fields,
        BUILT_IN,
      ),
    ).toEqual([
      { field: containerNumber, index: 2 },
      { field: tags, index: 3 },
    ]);
    // Built-in names are compared without their punctuation: "Customer ref" is "Customer ref.".
    expect(
      customFieldHeader(['Customer ref'], [field('f-ref', 'Customer ref', 'text')], BUILT_IN),
    ).toBeNull();
  });

  it('takes its prefixed column over one with its name alone, and leaves every prefixed cell to the fields', () => {
    const columns = customFieldHeader(['Notes', 'Custom field: Notes', 'Custom field: Gone', 'MBL'], [notes]);
    expect(columns).toEqual([{ field: notes, index: 1 }]);
    // The other columns are read from what is left: a deleted field's prefixed cell is no built-in.
    expect(
      cellsLeftByFields(['Notes', 'Custom field: Notes', 'Custom field: Booking', 'MBL'], columns),
    ).toEqual(['Notes', '', '', 'MBL']);
  });
});

describe('a custom field cell of a bulk import', () => {
  it('reads dates as spreadsheets write them, day first when ambiguous', () => {
    expect(importDay('2026-03-31')).toBe('2026-03-31');
    expect(importDay('2026-03-31T10:00:00Z')).toBe('2026-03-31');
    expect(importDay('2026/3/1')).toBe('2026-03-01');
    expect(importDay('20260331')).toBe('2026-03-31');
    expect(importDay('31/03/2026')).toBe('2026-03-31');
    expect(importDay('03/04/2026')).toBe('2026-04-03');
    expect(importDay('12/31/2026')).toBe('2026-12-31');
    expect(importDay('31.03.26')).toBe('2026-03-31');
    expect(importDay('1 Mar 2026')).toBe('2026-03-01');
    expect(importDay('12-Sept-2026')).toBe('2026-09-12');
    expect(importDay('March 12, 2026')).toBe('2026-03-12');
    // An XLSX date cell arrives as its serial: 45658 is 1 January 2025; a time is the fraction.
    expect(importDay('45658')).toBe('2025-01-01');
    expect(importDay('46112.75')).toBe('2026-03-31');
  });

  it('refuses what is no day', () => {
    for (const cell of ['31/02/2026', '2026-13-01', '13/13/2026', 'soon', '2026', '31', 'Foo 12, 2026'])
      expect(importDay(cell), cell).toBeNull();
  });

  it('reads numbers with thousands separators and decimal commas', () => {
    expect(importNumber('1,234.5')).toBe('1234.5');
    expect(importNumber('1.234,5')).toBe('1234.5');
    expect(importNumber('12,000')).toBe('12000');
    expect(importNumber('12,5')).toBe('12.5');
    expect(importNumber(' 1 200 ')).toBe('1200');
    expect(importNumber('-3')).toBe('-3');
  });

  it('checks each type as the server does, normalised as stored', () => {
    expect(parseImportCell(notes, '  Keep   dry ')).toEqual({ ok: true, value: 'Keep dry' });
    expect(parseImportCell(notes, 'x'.repeat(501))).toMatchObject({ ok: false });
    expect(parseImportCell(pallets, '1,250')).toEqual({ ok: true, value: 1250 });
    expect(parseImportCell(pallets, 'twelve')).toEqual({
      ok: false,
      message: 'A number value is a finite number.',
    });
    expect(parseImportCell(booked, '46112')).toEqual({ ok: true, value: '2026-03-31' });
    expect(parseImportCell(booked, 'next week')).toEqual({
      ok: false,
      message: 'A date is a day such as 2026-03-31 or 31/03/2026.',
    });
    expect(parseImportCell(priority, 'urgent')).toEqual({ ok: true, value: 'Urgent' });
    expect(parseImportCell(priority, 'Asap')).toEqual({
      ok: false,
      message: '“Asap” is not one of Low, Urgent.',
    });
    expect(parseImportCell(hazards, 'toxic; flammable, TOXIC')).toEqual({
      ok: true,
      value: ['Flammable', 'Toxic'],
    });
    expect(parseImportCell(hazards, 'Toxic, Sharp')).toEqual({
      ok: false,
      message: '“Sharp” is not one of Flammable, Fragile, Toxic.',
    });
    expect(parseImportCell(portal, 'https://portal.example.com/b/1')).toEqual({
      ok: true,
      value: 'https://portal.example.com/b/1',
    });
    expect(parseImportCell(portal, 'portal.example.com')).toMatchObject({ ok: false });
    expect(parseImportCell(portal, 'ftp://files.example.com')).toMatchObject({ ok: false });
    expect(parseImportCell(priority, '   ')).toEqual({ ok: true, value: null });
  });

  it('reads a row’s values, leaving empty cells out, or says what is wrong with the first bad one', () => {
    const columns = customFieldHeader(['Container', 'Pallets', 'Priority', 'Hazards'], FIELDS);
    expect(readCustomFields(['MSCU1234566', '12', 'low', ''], columns)).toEqual({
      customFields: { 'f-pallets': 12, 'f-priority': 'Low' },
      error: null,
    });
    expect(readCustomFields(['MSCU1234566', '', '', ''], columns)).toEqual({
      customFields: undefined,
      error: null,
    });
    expect(readCustomFields(['MSCU1234566', 'x', 'Asap', ''], columns)).toEqual({
      customFields: undefined,
      error: 'Pallets: A number value is a finite number.',
    });
    expect(readCustomFields(['MSCU1234566'], null)).toEqual({ customFields: undefined, error: null });
  });

  it('shows a value as it will be set, or the cell as written', () => {
    expect(customCellText(booked, { 'f-booked': '2026-03-31' }, '46112')).toBe('31/03/2026');
    expect(customCellText(hazards, { 'f-hazards': ['Flammable', 'Toxic'] }, 'toxic;flammable')).toBe(
      'Flammable, Toxic',
    );
    expect(customCellText(priority, undefined, 'Asap')).toBe('Asap');
    expect(customCellText(priority, undefined, '')).toBe('-');
  });
});
