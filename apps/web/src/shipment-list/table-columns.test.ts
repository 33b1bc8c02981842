import { describe, expect, it } from 'vitest';
import type { ShipmentReferences } from '@tracklane/shared/references/references.schema';
import {
  cardExtraColumns,
  columnSet,
  isDefaultLayout,
  isReferenceColumn,
  layoutFromPreference,
  moveColumn,
  nextSort,
  REFERENCE_COLUMN_IDS,
  referenceColumns,
  sortDirection,
  toggleColumn,
  visibleColumns,
  type ColumnSet,
  type TableColumn,
} from './table-columns';

interface Parcel {
  trackingNo: string;
  carrier: string;
}
type Id = 'tracking' | 'carrier' | 'status' | 'delivery' | 'added';
type Sort = 'tracking_asc' | 'delivery_asc' | 'delivery_desc' | 'created_desc';

const column = (
  id: Id,
  extra: Partial<TableColumn<Parcel, Id, Sort>> = {},
): TableColumn<Parcel, Id, Sort> => ({
  id,
  label: id.toUpperCase(),
  hideable: id !== 'tracking',
  width: { min: 80, preferred: 100 },
  text: (p) => (id === 'carrier' ? p.carrier : p.trackingNo),
  ...extra,
});

const ids = ['tracking', 'carrier', 'status', 'delivery', 'added'] as const;
const set: ColumnSet<Parcel, Id, Sort> = {
  ids,
  columns: {
    tracking: column('tracking', { sorts: { first: 'tracking_asc' } }),
    carrier: column('carrier'),
    status: column('status'),
    delivery: column('delivery', { sorts: { first: 'delivery_asc', second: 'delivery_desc' } }),
    added: column('added', { sorts: { first: 'created_desc' } }),
  },
  defaultLayout: { order: [...ids], hidden: ['added'] },
  card: {
    identifier: 'tracking',
    detail: 'carrier',
    status: 'status',
    date: () => 'delivery',
    attention: () => null,
  },
};

describe('table columns', () => {
  it('uses the default layout until the user saved one', () => {
    expect(layoutFromPreference(set, null)).toBe(set.defaultLayout);
    expect(isDefaultLayout(set, layoutFromPreference(set, null))).toBe(true);
  });

  it('drops unknown columns, places new ones where the default puts them (hidden if hidden by default), never hides the identifier', () => {
    const layout = layoutFromPreference(set, {
      order: ['delivery', 'tracking', 'gone', 'carrier'],
      hidden: ['tracking', 'status', 'gone', 'status'],
    });
    // The saved order stands; each new column follows the one it follows by default.
    expect(layout.order).toEqual(['delivery', 'added', 'tracking', 'carrier', 'status']);
    // 'added' came since and is hidden by default: it stays hidden.
    expect(layout.hidden).toEqual(['status', 'added']);
    expect(isDefaultLayout(set, layout)).toBe(false);
  });

  it('gives every mode the workspace’s references as text columns', () => {
    interface Row {
      references?: ShipmentReferences;
    }
    const columns = referenceColumns<Row, Sort>();
    expect(Object.keys(columns)).toEqual([...REFERENCE_COLUMN_IDS]);
    const row: Row = {
      references: {
        bookingNumber: 'BKG-1',
        customerReference: null,
        poNumbers: ['PO-1', 'PO-2'],
        shipper: { id: 's', name: 'Acme' },
        consignee: null,
        customer: null,
        forwarder: { id: 'f', name: 'Fast Freight' },
      },
    };
    const texts = Object.fromEntries(REFERENCE_COLUMN_IDS.map((id) => [id, columns[id].text(row, 'UTC')]));
    expect(texts).toEqual({
      booking: 'BKG-1',
      customerReference: '',
      poNumbers: 'PO-1, PO-2',
      shipper: 'Acme',
      consignee: '',
      customer: '',
      forwarder: 'Fast Freight',
    });
    // A row from before references (an older answer) reads as empty.
    expect(columns.poNumbers.text({}, 'UTC')).toBe('');
    expect(isReferenceColumn('poNumbers')).toBe(true);
    expect(isReferenceColumn('carrier')).toBe(false);
  });

  it('shows the visible columns in the user’s order', () => {
    const layout = {
      order: ['carrier', 'tracking', 'status', 'delivery', 'added'] as Id[],
      hidden: ['status'] as Id[],
    };
    expect(visibleColumns(set, layout).map((c) => c.id)).toEqual([
      'carrier',
      'tracking',
      'delivery',
      'added',
    ]);
  });

  it('adds to a phone’s card the columns the reader chose beyond the default ones, in their order', () => {
    expect(cardExtraColumns(set, set.defaultLayout)).toEqual([]);
    const withAdded = { order: ['added', 'tracking', 'carrier', 'status', 'delivery'] as Id[], hidden: [] };
    expect(cardExtraColumns(set, withAdded).map((c) => c.id)).toEqual(['added']);
    // A card part hidden by default is still drawn once, as its part.
    const statusHidden = { ...set, defaultLayout: { order: [...ids], hidden: ['status', 'added'] as Id[] } };
    expect(cardExtraColumns(statusHidden, withAdded).map((c) => c.id)).toEqual(['added']);
  });

  it('toggles and moves columns, leaving the identifier shown and the ends where they are', () => {
    expect(toggleColumn(set, set.defaultLayout, 'status').hidden).toEqual(['added', 'status']);
    expect(toggleColumn(set, set.defaultLayout, 'added').hidden).toEqual([]);
    expect(toggleColumn(set, set.defaultLayout, 'tracking')).toBe(set.defaultLayout);
    expect(moveColumn(set.defaultLayout, 'carrier', -1).order.slice(0, 2)).toEqual(['carrier', 'tracking']);
    expect(moveColumn(set.defaultLayout, 'tracking', -1)).toBe(set.defaultLayout);
    expect(moveColumn(set.defaultLayout, 'added', 1)).toBe(set.defaultLayout);
  });

  it('maps header clicks to the server sorts, toggling direction where there are two', () => {
    expect(nextSort(set.columns.delivery, 'created_desc')).toBe('delivery_asc');
    expect(nextSort(set.columns.delivery, 'delivery_asc')).toBe('delivery_desc');
    expect(nextSort(set.columns.delivery, 'delivery_desc')).toBe('delivery_asc');
    expect(nextSort(set.columns.tracking, 'tracking_asc')).toBe('tracking_asc');
    expect(nextSort(set.columns.status, 'created_desc')).toBeNull();
  });

  it('tells screen readers which way the sorted column goes', () => {
    expect(sortDirection(set.columns.delivery, 'delivery_asc')).toBe('ascending');
    expect(sortDirection(set.columns.delivery, 'delivery_desc')).toBe('descending');
    expect(sortDirection(set.columns.added, 'created_desc')).toBe('descending');
    expect(sortDirection(set.columns.delivery, 'created_desc')).toBeUndefined();
  });
});

describe('a mode’s column set, built from its columns', () => {
  type Row = { number: string; place: string; day: string };
  const set = columnSet<Row, 'number_asc'>()({
    columns: {
      number: {
        label: 'Number',
        width: { min: 100, preferred: 120 },
        sorts: { first: 'number_asc' },
        text: (r) => r.number,
      },
      place: { label: 'Place', width: { min: 80, preferred: 90 }, text: (r) => r.place },
      day: { label: 'Day', width: { min: 80, preferred: 90 }, text: (r) => r.day },
    },
    hidden: ['day'],
    card: {
      identifier: 'number',
      detail: 'place',
      status: 'place',
      date: () => 'day',
      attention: () => null,
    },
  });

  it('takes the default order from its columns, and each column’s id from its key', () => {
    expect(set.ids).toEqual(['number', 'place', 'day']);
    expect(set.defaultLayout).toEqual({ order: ['number', 'place', 'day'], hidden: ['day'] });
    expect(set.columns.place.id).toBe('place');
    expect(visibleColumns(set, set.defaultLayout).map((column) => column.label)).toEqual(['Number', 'Place']);
  });

  it('lets every column but the card’s identifier be hidden', () => {
    expect(Object.values(set.columns).map((column) => [column.id, column.hideable])).toEqual([
      ['number', false],
      ['place', true],
      ['day', true],
    ]);
    expect(toggleColumn(set, set.defaultLayout, 'number')).toBe(set.defaultLayout);
    expect(toggleColumn(set, set.defaultLayout, 'place').hidden).toEqual(['day', 'place']);
  });
});
