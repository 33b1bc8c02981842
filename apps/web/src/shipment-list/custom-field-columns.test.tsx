import { render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import type { CustomField } from '@tracklane/shared/custom-fields/custom-fields.schema';
import { describe, expect, it } from 'vitest';
import {
  CustomFieldCell,
  customValueExport,
  customValueText,
  withCustomFieldColumns,
  withoutDeletedFields,
} from './custom-field-columns';
import { columnSet, layoutFromPreference, nextSort, sortDirection, visibleColumns } from './table-columns';
import { tableToCells, tableToCsv } from './table-export';

type Row = { id: string; customFields?: Record<string, string | number | string[]> };

const field = (id: string, type: CustomField['type'], name = id): CustomField => ({
  id: `00000000-0000-4000-8000-00000000000${id}`,
  name,
  type,
  choices: type === 'choice' || type === 'multi_choice' ? ['Low', 'High'] : [],
  required: false,
  position: Number(id),
});
const TEXT = field('1', 'text', 'PO');
const NUMBER = field('2', 'number', 'Pallets');
const DATE = field('3', 'date', 'Booked on');
const MULTI = field('4', 'multi_choice', 'Hazards');
const LINK = field('5', 'link', 'Portal');
const FIELDS = [TEXT, NUMBER, DATE, MULTI, LINK];

const SET = columnSet<Row, 'created_desc'>()({
  columns: {
    id: { label: 'Id', width: { min: 80, preferred: 100 }, text: (row) => row.id },
    note: { label: 'Note', width: { min: 80, preferred: 100 }, text: () => 'n' },
  },
  hidden: ['note'],
  card: { identifier: 'id', detail: 'id', status: 'id', date: () => 'id', attention: () => null },
});

const ROW: Row = {
  id: 'a',
  customFields: {
    [TEXT.id]: 'PO-1',
    [NUMBER.id]: 1234.5,
    [DATE.id]: '2026-03-01',
    [MULTI.id]: ['Low', 'High'],
    [LINK.id]: 'https://portal.example.com/x',
  },
};

describe('custom fields as list columns', () => {
  it('adds each field after the mode’s columns, hidden by default, sortable both ways', () => {
    const set = withCustomFieldColumns(SET, FIELDS);
    expect(set.ids).toEqual(['id', 'note', ...FIELDS.map((f) => `cf.${f.id}`)]);
    expect(set.defaultLayout.hidden).toEqual(['note', ...FIELDS.map((f) => `cf.${f.id}`)]);
    const column = set.columns[`cf.${NUMBER.id}`]!;
    expect(column.label).toBe('Pallets');
    expect(nextSort(column, 'created_desc')).toBe(`cf.${NUMBER.id}.asc`);
    expect(nextSort(column, `cf.${NUMBER.id}.asc` as 'created_desc')).toBe(`cf.${NUMBER.id}.desc`);
    expect(sortDirection(column, `cf.${NUMBER.id}.desc` as 'created_desc')).toBe('descending');
    expect(sortDirection(column, `cf.${NUMBER.id}.asc` as 'created_desc')).toBe('ascending');
  });

  it('keeps a shown field’s column in the saved preference and drops a deleted field’s cleanly', () => {
    const shown = { order: ['id', 'note', `cf.${TEXT.id}`, `cf.${NUMBER.id}`], hidden: ['note'] };
    const all = withCustomFieldColumns(SET, FIELDS);
    const layout = layoutFromPreference(all, shown);
    expect(visibleColumns(all, layout).map((c) => c.label)).toEqual(['Id', 'PO', 'Pallets']);
    // Pallets deleted: its column is gone, the rest as saved; fields added since stay hidden.
    const after = withCustomFieldColumns(SET, [TEXT, DATE]);
    const next = layoutFromPreference(after, shown);
    expect(visibleColumns(after, next).map((c) => c.label)).toEqual(['Id', 'PO']);
    expect(next.order).toEqual(['id', 'note', `cf.${TEXT.id}`, `cf.${DATE.id}`]);
  });

  it('writes values by type: numbers grouped, days DD/MM/YYYY, choices joined, missing empty', () => {
    expect(customValueText(NUMBER, 1234.5)).toBe('1,234.5');
    expect(customValueText(DATE, '2026-03-01')).toBe('01/03/2026');
    expect(customValueText(MULTI, ['Low', 'High'])).toBe('Low, High');
    expect(customValueText(TEXT, undefined)).toBe('');
  });

  it('exports visible custom columns typed: a number cell, a date cell, text', () => {
    const set = withCustomFieldColumns(SET, FIELDS);
    const columns = [
      set.columns.id,
      set.columns[`cf.${NUMBER.id}`]!,
      set.columns[`cf.${DATE.id}`]!,
      set.columns[`cf.${MULTI.id}`]!,
    ];
    const empty: Row = { id: 'b' };
    expect(tableToCells([ROW, empty], columns, 'UTC')).toEqual([
      // Prefixed as the import reads them back, whatever the field is called.
      ['Id', 'Custom field: Pallets', 'Custom field: Booked on', 'Custom field: Hazards'],
      ['a', { number: 1234.5 }, { day: '2026-03-01' }, 'Low, High'],
      ['b', '', { day: null }, ''],
    ]);
    expect(tableToCsv([ROW], columns, 'UTC')).toBe(
      '\uFEFFId,Custom field: Pallets,Custom field: Booked on,Custom field: Hazards\r\na,1234.5,2026-03-01,"Low, High"\r\n',
    );
    expect(customValueExport(NUMBER, undefined)).toBe('');
  });

  it('draws a link as a link that opens in a new tab, and a missing value as a dash', () => {
    render(
      <MantineProvider>
        <CustomFieldCell field={LINK} row={ROW} />
        <CustomFieldCell field={TEXT} row={{}} />
      </MantineProvider>,
    );
    const link = screen.getByRole('link', { name: 'portal.example.com/x' });
    expect(link).toHaveAttribute('href', 'https://portal.example.com/x');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(screen.getByText('-')).toBeInTheDocument();
  });

  it('drops a sort or a filter by a field since deleted', () => {
    const filters = {
      sort: `cf.${NUMBER.id}.asc`,
      customFilters: [`${TEXT.id}:PO*`, `${NUMBER.id}:1..2`],
    };
    expect(withoutDeletedFields(filters, undefined, 'created_desc')).toBe(filters);
    expect(withoutDeletedFields(filters, FIELDS, 'created_desc')).toBe(filters);
    expect(withoutDeletedFields(filters, [TEXT], 'created_desc')).toEqual({
      sort: 'created_desc',
      customFilters: [`${TEXT.id}:PO*`],
    });
  });
});
