import { describe, expect, it } from 'vitest';
import { fitColumnWidths } from './column-widths';

const columns = [
  { width: { min: 100, preferred: 150 } },
  { width: { min: 80, preferred: 80 } },
  { width: { min: 60, preferred: 110 } },
];
const sum = (widths: number[]) => widths.reduce((total, width) => total + width, 0);

describe('column widths in a table’s box', () => {
  it('gives the preferred widths, and shares what is left in proportion, filling the box', () => {
    expect(fitColumnWidths(columns, 340)).toEqual([150, 80, 110]);
    const wide = fitColumnWidths(columns, 680);
    expect(wide).toEqual([300, 160, 220]);
  });

  it('between the least and the preferred widths, each gives up the same share of what it can', () => {
    // Half-way: 100 px less than preferred, of the 100 px the columns can give up together.
    expect(fitColumnWidths(columns, 290)).toEqual([125, 80, 85]);
    const odd = fitColumnWidths(columns, 301);
    expect(sum(odd)).toBe(301);
    odd.forEach((width, i) => {
      expect(width).toBeGreaterThanOrEqual(columns[i]!.width.min);
      expect(width).toBeLessThanOrEqual(columns[i]!.width.preferred);
    });
  });

  it('keeps the least widths in a box too narrow for them: the table scrolls sideways', () => {
    expect(fitColumnWidths(columns, 200)).toEqual([100, 80, 60]);
    expect(fitColumnWidths([], 500)).toEqual([]);
  });
});
