import { startTransition, useCallback, useEffect, useState } from 'react';

/** The least width of a table's data column: `.th` in shipments-table.module.css. */
const LEAST_COLUMN_WIDTH = 80;

/**
 * How many of `count` data columns can start inside a window `width` px wide, after `lead` px of
 * columns in front of them (the selection column): each is at least `LEAST_COLUMN_WIDTH` wide, so a
 * column past that count starts beyond the window's right edge whatever the rows hold.
 */
export function columnsThatFit(count: number, width: number, lead: number): number {
  return Math.min(count, Math.max(1, Math.ceil((width - lead) / LEAST_COLUMN_WIDTH)));
}

/**
 * How many of a table's `count` data columns its rows draw. The first rows to arrive draw only the
 * columns that can show in the browser window, and every column once the browser is next idle (a
 * transition, rendered in slices), or at once when the reader reaches for the rest (`showAll`:
 * scrolling sideways, focusing a row). On a phone the table shows two of its eleven columns: drawn
 * with the others, the cells out of view were a quarter of what the list's first commit rendered
 * (issue #17). On a wide screen every column fits, and nothing waits.
 * Where there is no idle callback (jsdom), every column at once.
 */
export function useColumnsInView({
  count,
  lead,
  ready,
}: {
  count: number;
  lead: number;
  /** The rows are here: the rest follows their first paint. */
  ready: boolean;
}): { shown: number; showAll: () => void } {
  const [all, setAll] = useState(
    () => typeof window === 'undefined' || typeof requestIdleCallback !== 'function',
  );
  const shown = all ? count : columnsThatFit(count, window.innerWidth, lead);
  const waiting = ready && shown < count;
  useEffect(() => {
    if (!waiting) return;
    const idle = requestIdleCallback(() => startTransition(() => setAll(true)), { timeout: 1_000 });
    return () => cancelIdleCallback(idle);
  }, [waiting]);
  const showAll = useCallback(() => setAll(true), []);
  return { shown, showAll };
}
