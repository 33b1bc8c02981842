import { describe, expect, it } from 'vitest';
import { firstGuessLastRow } from './use-row-window';

describe("a list's first guess at the rows it shows, before anything is measured", () => {
  it('covers a phone whose table starts below the stacked header and filters, with no more rows than that', () => {
    // 390 × 844: the table's rows start about 616 px down (header, tabs, filters, the table's head).
    const seenOnPhone = Math.ceil((844 - 616) / 44);
    expect(firstGuessLastRow(390, 844)).toBeGreaterThanOrEqual(seenOnPhone);
    expect(firstGuessLastRow(390, 844)).toBeLessThanOrEqual(seenOnPhone + 2);
    expect(firstGuessLastRow(412, 823)).toBe(7);
  });

  it('takes most of a wide window', () => {
    expect(firstGuessLastRow(1440, 900)).toBe(13);
    expect(firstGuessLastRow(768, 1024)).toBe(14);
  });
});
