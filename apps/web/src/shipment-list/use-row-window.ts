import { useCallback, useEffect, useState, type RefObject } from 'react';

/** A table row's height before one is measured: `.row` in shipments-table.module.css. */
const DEFAULT_ROW_HEIGHT = 44;
/** Rows rendered beyond each edge of what is seen, so that scrolling shows rows, not a gap. */
export const OVERSCAN_ROWS = 8;
/**
 * The same until the reader first scrolls: the first screen renders and lays out the rows it shows and
 * one more, not eight more nobody sees yet (on a phone each row costs its share of the first long
 * tasks, issue #17). The first scroll brings the others.
 */
export const FIRST_SCREEN_OVERSCAN_ROWS = 1;

/**
 * Before anything is measured (a list whose rows are here as it first renders), the share of the
 * browser window's height its rows are taken to fill: a page's header, tabs and filters sit above them.
 * Most of a wide screen. Below `NARROW_WIDTH` the header's buttons and the filters stack, and the table
 * starts about 580 px down: a third of a phone's height still covers what it shows (six rows at
 * 390 × 844) where 60% rendered thirteen, five of them measured away in the next frame (issue #17).
 */
const FIRST_GUESS_SHARE = 0.6;
const NARROW_FIRST_GUESS_SHARE = 0.35;
/** Mantine's `sm` breakpoint (48em), where the list's header and filters stop stacking. */
const NARROW_WIDTH = 768;

/** The last row index a list is taken to show before anything is measured, in a window of this size. */
export function firstGuessLastRow(width: number, height: number): number {
  const share = width < NARROW_WIDTH ? NARROW_FIRST_GUESS_SHARE : FIRST_GUESS_SHARE;
  return Math.ceil((height * share) / DEFAULT_ROW_HEIGHT);
}

/** The rows to render: `[start, end)`, or every row where nothing can be measured. */
export type RowWindow = { start: number; end: number } | 'all';

/** The rows seen (first and last index, not clamped to the rows there are), or "measure nothing". */
type Seen = { first: number; last: number; rowHeight: number } | 'all';

const sameSeen = (a: Seen, b: Seen) =>
  a === b ||
  (a !== 'all' && b !== 'all' && a.first === b.first && a.last === b.last && a.rowHeight === b.rowHeight);

/**
 * Which of `count` rows of equal height a table inside the scroll box `scrollRef` shows, the box's own
 * scrolling and the page's both counted, with `OVERSCAN_ROWS` more each side (`FIRST_SCREEN_OVERSCAN_ROWS`
 * until the first scroll). The header
 * (`headerRef`) above the rows and the height of a row (`rowSelector` under `bodyRef`) are measured,
 * not assumed; the box is measured while it shows its skeleton too, so the first rows to arrive
 * render as many as are seen. Before any measure, a share of the browser window's height
 * (`FIRST_GUESS_SHARE`); where there is no layout to measure (a hidden box; jsdom), every row.
 */
export function useRowWindow({
  count,
  scrollRef,
  headerRef,
  bodyRef,
  rowSelector,
}: {
  count: number;
  scrollRef: RefObject<HTMLElement | null>;
  headerRef: RefObject<HTMLElement | null>;
  bodyRef: RefObject<HTMLElement | null>;
  rowSelector: string;
}): { window: RowWindow; rowHeight: number } {
  const [overscan, setOverscan] = useState(FIRST_SCREEN_OVERSCAN_ROWS);
  const [seen, setSeen] = useState<Seen>(() => ({
    first: 0,
    last: typeof window === 'undefined' ? 0 : firstGuessLastRow(window.innerWidth, window.innerHeight),
    rowHeight: DEFAULT_ROW_HEIGHT,
  }));

  const measure = useCallback(() => {
    const box = scrollRef.current;
    if (!box) return;
    if (box.clientHeight === 0) {
      setSeen('all');
      return;
    }
    const row = bodyRef.current?.querySelector<HTMLElement>(rowSelector);
    const header = headerRef.current?.offsetHeight ?? 0;
    const boxTop = box.getBoundingClientRect().top;
    // The seen part of the box: its own height, less what lies above or below the browser's window.
    const seenFrom = Math.max(0, -boxTop);
    const seenTo = Math.max(seenFrom, Math.min(box.clientHeight, window.innerHeight - boxTop));
    setSeen((previous) => {
      const rowHeight = row?.offsetHeight || (previous === 'all' ? DEFAULT_ROW_HEIGHT : previous.rowHeight);
      const next = {
        first: Math.max(0, Math.floor((box.scrollTop + seenFrom - header) / rowHeight)),
        last: Math.max(0, Math.ceil((box.scrollTop + seenTo - header) / rowHeight)),
        rowHeight,
      };
      return sameSeen(previous, next) ? previous : next;
    });
  }, [scrollRef, headerRef, bodyRef, rowSelector]);

  // More rows (the next page), or the first ones after the skeleton: measured again in the next frame,
  // where the browser lays the page out anyway. Measuring in a layout effect forced that layout inside
  // React's commit, which made the list's first render one long task (issue #17); the first window,
  // from the browser window's height, covers what is seen until then.
  useEffect(() => {
    const frame = requestAnimationFrame(measure);
    return () => cancelAnimationFrame(frame);
  }, [count, measure]);

  useEffect(() => {
    const box = scrollRef.current;
    if (!box) return;
    let frame = 0;
    const later = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(measure);
    };
    const onBoxScroll = () => {
      setOverscan(OVERSCAN_ROWS);
      measure();
    };
    const onWindowScroll = () => {
      setOverscan(OVERSCAN_ROWS);
      later();
    };
    box.addEventListener('scroll', onBoxScroll, { passive: true });
    window.addEventListener('scroll', onWindowScroll, { passive: true });
    window.addEventListener('resize', later);
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(later);
    observer?.observe(box);
    return () => {
      cancelAnimationFrame(frame);
      box.removeEventListener('scroll', onBoxScroll);
      window.removeEventListener('scroll', onWindowScroll);
      window.removeEventListener('resize', later);
      observer?.disconnect();
    };
  }, [scrollRef, measure]);

  if (seen === 'all') return { window: 'all', rowHeight: DEFAULT_ROW_HEIGHT };
  const start = Math.min(Math.max(0, seen.first - overscan), count);
  const end = Math.max(start, Math.min(seen.last + overscan, count));
  return { window: { start, end }, rowHeight: seen.rowHeight };
}
