import { describe, expect, it } from 'vitest';
import {
  COLUMN_IDS,
  COLUMNS,
  DEFAULT_LAYOUT,
  layoutFromPreference,
  moveColumn,
  nextSort,
  toggleColumn,
} from './columns';

describe('table columns', () => {
  it('uses the default layout until the user saved one', () => {
    expect(layoutFromPreference(null)).toEqual(DEFAULT_LAYOUT);
  });

  it('drops unknown columns, places new ones where the default puts them, never hides the container', () => {
    const layout = layoutFromPreference({
      order: ['arrival', 'container', 'gone', 'mbl'],
      hidden: ['container', 'vessel', 'gone'],
    });
    expect([...layout.order].sort()).toEqual([...COLUMN_IDS].sort());
    // The saved order stands; each new column follows the one it follows by default.
    expect(layout.order).toEqual([
      'arrival',
      'lastFreeDay',
      'vessel',
      'added',
      'container',
      'mbl',
      'carrier',
      'status',
      'route',
      'departure',
    ]);
    expect(layout.hidden).toEqual(['vessel']);
  });

  it('toggles and moves columns', () => {
    expect(toggleColumn(DEFAULT_LAYOUT, 'vessel').hidden).toContain('vessel');
    expect(toggleColumn(DEFAULT_LAYOUT, 'container')).toBe(DEFAULT_LAYOUT);
    expect(moveColumn(DEFAULT_LAYOUT, 'mbl', -1).order.slice(0, 2)).toEqual(['mbl', 'container']);
    expect(moveColumn(DEFAULT_LAYOUT, 'container', -1)).toBe(DEFAULT_LAYOUT);
  });

  it('maps header clicks to the server sorts, toggling direction where there are two', () => {
    expect(nextSort(COLUMNS.arrival, 'created_desc')).toBe('arrival_asc');
    expect(nextSort(COLUMNS.arrival, 'arrival_asc')).toBe('arrival_desc');
    expect(nextSort(COLUMNS.arrival, 'arrival_desc')).toBe('arrival_asc');
    expect(nextSort(COLUMNS.container, 'container_asc')).toBe('container_asc');
    expect(nextSort(COLUMNS.vessel, 'created_desc')).toBeNull();
  });
});
