import { defaultRangeExtractor, useVirtualizer, type Range, type VirtualItem } from '@tanstack/react-virtual';
import { useCallback, type RefObject } from 'react';

/** A table row's and a phone card's height before it is measured: `.row` and `.card` in the CSS. */
const ROW_HEIGHT = 44;
const CARD_HEIGHT = 100;
/** What each column the reader added to the cards adds to a card's height, about (`.cardExtras`). */
const CARD_EXTRA_HEIGHT = 18;
/** The sticky header above the rows (`.thead th`) and above the cards (`.cardsHead`). */
const TABLE_HEAD_HEIGHT = 36;
const CARDS_HEAD_HEIGHT = 40;
/** Rows rendered beyond each edge of the scroll box, so that scrolling shows rows, not a gap. */
export const OVERSCAN_ROWS = 6;

/** What to render: the rows the virtualiser picked, or every row where the box has no size to go by. */
export interface VirtualRows {
  /** Rows in order, each with its offset from the top of the scroll box's content; `'all'`: every row. */
  items: readonly VirtualItem[] | 'all';
  /** Where the first row starts (below the header) and where the last one ends. */
  start: number;
  end: number;
  /** The ref every rendered row takes, so its real height replaces the estimate. */
  measure: (element: HTMLElement | null) => void;
}

/**
 * Which of `count` rows a list inside the scroll box `scrollRef` renders, by TanStack Virtual: those
 * the box shows, `OVERSCAN_ROWS` either side, and the row with the keyboard's tab stop wherever it
 * is, so Tab always reaches the list and the arrows never lose their place. Rows are measured as they
 * render (`measure`), so a row taller than the estimate (a larger font, another browser's rounding)
 * moves the rows below it rather than drifting. The box's own size is read from the box, so any screen
 * renders what it shows. A box with no height to read (hidden, or a test's DOM with no layout) renders
 * every row.
 */
export function useVirtualRows({
  count,
  scrollRef,
  cards,
  cardExtras = 0,
  tabStop,
  rowKey,
}: {
  count: number;
  scrollRef: RefObject<HTMLElement | null>;
  cards: boolean;
  /** How many columns the reader added to each card: the cards' estimate grows with them. */
  cardExtras?: number;
  tabStop: number;
  /** The row's stable id: a measured height stays with its row when rows are added or reordered. */
  rowKey: (index: number) => string;
}): VirtualRows {
  const rangeExtractor = useCallback(
    (range: Range) => {
      const indexes = defaultRangeExtractor(range);
      if (tabStop >= range.count || indexes.includes(tabStop)) return indexes;
      return tabStop < (indexes[0] ?? 0) ? [tabStop, ...indexes] : [...indexes, tabStop];
    },
    [tabStop],
  );
  const paddingStart = cards ? CARDS_HEAD_HEIGHT : TABLE_HEAD_HEIGHT;
  // The virtualiser re-renders this hook's caller itself when its range changes; nothing here memoises
  // what it returns except `measureElement`, which is the same function for the instance's life.
  // eslint-disable-next-line react-hooks/incompatible-library -- see above; the build uses no compiler
  const virtualizer = useVirtualizer<HTMLElement, HTMLElement>({
    count,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => (cards ? CARD_HEIGHT + cardExtras * CARD_EXTRA_HEIGHT : ROW_HEIGHT),
    getItemKey: rowKey,
    overscan: OVERSCAN_ROWS,
    paddingStart,
    rangeExtractor,
    indexAttribute: 'data-row-index',
    // The first render, before the box is measured, takes it to be as tall as the browser's window:
    // the box is never taller, so the rows it shows are rendered from the first frame.
    initialRect:
      typeof window === 'undefined' ? undefined : { width: window.innerWidth, height: window.innerHeight },
  });
  const items = virtualizer.getVirtualItems();
  const unsized = count > 0 && items.length === 0;
  return {
    items: unsized ? 'all' : items,
    start: paddingStart,
    end: virtualizer.getTotalSize(),
    measure: virtualizer.measureElement,
  };
}
