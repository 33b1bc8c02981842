import { Checkbox, Table } from '@mantine/core';
import {
  memo,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type FocusEvent,
  type KeyboardEvent,
  type MouseEvent,
  type ReactElement,
  type ReactNode,
  type RefObject,
} from 'react';
import { fitColumnWidths } from './column-widths';
import type { TableColumn } from './table-columns';
import { CardsHead, columnWidthVar, SkeletonCards, SkeletonRows, TableHead } from './table-head';
import { virtualRows, type CardView, type RowView } from './table-rows';
import { useVirtualRows } from './use-virtual-rows';
import { ScrollHint } from '../components/scrollable-table';
import { useWidthQuery } from '../lib/use-width-query';
import classes from './shipments-table.module.css';

export interface ShipmentsTableProps<Row, Id extends string, Sort extends string> {
  rows: Row[];
  /** The row's stable id: the React key and what the selection holds. */
  rowKey: (row: Row) => string;
  /** The row's name for screen readers: "Container MSCU1234566, bill of lading MEDU12345678". */
  rowLabel: (row: Row) => string;
  /** The row's identifier as people say it, for its checkbox: "Select MSCU1234566". */
  rowName: (row: Row) => string;
  columns: TableColumn<Row, Id, Sort>[];
  /** The column that identifies a row; while it is the first, it stays in view as the table scrolls sideways. */
  identifierColumn: Id;
  /**
   * A phone's card row: which of the mode's columns (all of them, shown in the table or not) play which
   * part, and the columns the reader added. Below `CARDS_QUERY` each row is a card; the table's
   * columns are for wider screens.
   */
  card: CardView<Row, Id, Sort>;
  /**
   * A cell's content. Rows are memoised: keep this (and `renderActions`, `rowLabel`, `rowName`) the
   * same function while what it draws is the same (useCallback), or every row renders again.
   */
  renderCell: (column: TableColumn<Row, Id, Sort>, row: Row) => ReactNode;
  /** What a row offers on hover or focus (see RowActions). */
  renderActions: (row: Row) => ReactNode;
  sort: Sort;
  onSort: (sort: Sort) => void;
  selected: ReadonlySet<string>;
  /** Absent for a reader who may not change shipments: no selection column. */
  onSelectedChange?: (selected: Set<string>) => void;
  /** The first page is on its way: skeleton rows under the real header. */
  loading: boolean;
  onOpen: (row: Row) => void;
  /** Called when the reader nears the end of the loaded rows and more exist. */
  onEndReached: () => void;
  /** Shown in place of the rows when there are none. */
  empty: ReactNode;
  footer: ReactNode;
}

/** The selection column's and the row actions column's widths (`.selectCol`, `.actionsCol`). */
const SELECT_COLUMN_WIDTH = 32;
const ACTIONS_COLUMN_WIDTH = 52;
const INTERACTIVE = 'a, button, input, select, label, [role="checkbox"], [data-no-row-click]';
/** Below Mantine's `sm` (48em, 768 px), where the list's header and filters stack too: a card per row. */
export const CARDS_QUERY = '(max-width: 47.99em)';

/**
 * The tracking table of every mode (spec §3, STYLE "dense, scannable"): a sticky header whose sortable
 * columns ask the server for their order, row actions in a column of their own (shown on hover or
 * focus, never over a cell's text), and the keyboard: arrows move between rows, Enter opens, Space
 * selects. Rows are only ever appended, so loading more never moves what the reader is looking at.
 *
 * On a wide screen the columns share the table's box (column-widths.ts: each between its least
 * and preferred width, a cell's longer text cut with an ellipsis): a mode's default columns fit a
 * 1,440 px screen with the sidebar open. Only below every column's least width (columns the user
 * added, a tablet) does the table scroll sideways in its box, with the selection and identifier
 * columns pinned at its left and the row actions at its right: the page itself never scrolls sideways.
 * On a phone (`CARDS_QUERY`) each row is a card (ShipmentCard) drawn from the mode's card layout, with
 * a sort menu and "select all" above them in place of the header.
 *
 * Only the rows in view and a few either side are rendered (useVirtualRows, TanStack Virtual): spacer
 * rows keep the room of the others, and the row with the tab stop is always rendered, so the keyboard
 * never loses its place. Rows are memoised, and the table
 * itself is memoised too: the page around it renders again for answers it does not draw.
 */
export const ShipmentsTable = memo(function ShipmentsTable<Row, Id extends string, Sort extends string>(
  props: ShipmentsTableProps<Row, Id, Sort>,
) {
  const { rows, loading, rowKey, columns, selected, onSelectedChange } = props;
  // Read as the table first renders (no second render to switch), then followed as the window changes.
  const cards = useWidthQuery(CARDS_QUERY);
  const bodyRef = useRef<HTMLElement>(null);
  const tableRef = useRef<HTMLTableElement>(null);
  const scrollRef = useRef<HTMLDivElement>(null);
  const frameRef = useRef<HTMLDivElement>(null);
  const sentinelRef = useRef<HTMLDivElement>(null);
  const [activeIndex, setActiveIndex] = useState(0);
  // A row to focus once it is rendered (End, or arrows past the rendered rows).
  const pendingFocus = useRef<number | null>(null);
  const onEndReached = props.onEndReached;
  const selectable = onSelectedChange !== undefined;

  // Infinite scroll: the sentinel under the last row asks for the next page as it comes into view.
  useEffect(() => {
    const sentinel = sentinelRef.current;
    if (!sentinel || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) onEndReached();
      },
      { root: scrollRef.current, rootMargin: '0px 0px 240px 0px' },
    );
    observer.observe(sentinel);
    return () => observer.disconnect();
  }, [onEndReached, rows.length, cards]);

  // The data columns' widths for the box's width (fitColumnWidths), as custom properties the columns
  // read and the table's own width: set on the element, not kept in state, so that no row renders
  // again for them. The widths the table has before the first measure are the preferred ones.
  const columnsRef = useRef(columns);
  useLayoutEffect(() => {
    columnsRef.current = columns;
  });
  const fitColumns = useCallback(() => {
    const scroll = scrollRef.current;
    const table = tableRef.current;
    if (!scroll || !table) return;
    const lead = (selectable ? SELECT_COLUMN_WIDTH : 0) + ACTIONS_COLUMN_WIDTH;
    const fitted = columnsRef.current;
    const widths = fitColumnWidths(fitted, scroll.clientWidth - lead);
    fitted.forEach((column, index) =>
      table.style.setProperty(columnWidthVar(column.id), `${String(widths[index])}px`),
    );
    table.style.width = `${String(widths.reduce((sum, width) => sum + width, lead))}px`;
  }, [selectable]);

  // Which way the table can still scroll sideways, for the shadows that say so: the identifier column
  // casts one once rows pass under it, the actions column while columns are out of view; and whether
  // the line above the table that says it scrolls sideways shows. Attributes, not state: the table does
  // not render again for them. First read when the observer first reports, after the browser's own
  // layout: read in an effect, it would force that layout inside React's commit.
  const markEdges = useCallback(() => {
    const scroll = scrollRef.current;
    if (!scroll) return;
    scroll.toggleAttribute('data-scrolled-start', scroll.scrollLeft > 1);
    scroll.toggleAttribute('data-more-end', scroll.scrollLeft + scroll.clientWidth < scroll.scrollWidth - 1);
    frameRef.current?.toggleAttribute('data-overflowing', scroll.scrollWidth > scroll.clientWidth + 1);
  }, []);
  useEffect(() => {
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      fitColumns();
      markEdges();
    });
    if (scrollRef.current) observer.observe(scrollRef.current);
    if (tableRef.current) observer.observe(tableRef.current);
    return () => observer.disconnect();
  }, [fitColumns, markEdges, cards]);
  // Columns shown, hidden or moved: their widths again (after the paint, from the layout it made).
  useEffect(() => {
    if (typeof ResizeObserver !== 'undefined') fitColumns();
  }, [columns, fitColumns]);

  const rowElement = (index: number) =>
    bodyRef.current?.querySelector<HTMLElement>(`[data-row-index="${String(index)}"]`) ?? null;

  const focusRow = (index: number) => {
    setActiveIndex(index);
    const row = rowElement(index);
    if (row) row.focus();
    else pendingFocus.current = index;
  };
  // The row asked for is rendered now (it has the tab stop): focus brings it into view.
  useLayoutEffect(() => {
    const index = pendingFocus.current;
    if (index === null) return;
    pendingFocus.current = null;
    rowElement(index)?.focus();
  });

  const toggle = (id: string) => {
    if (!onSelectedChange) return;
    const next = new Set(selected);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    onSelectedChange(next);
  };
  // The rows' checkboxes call one function that never changes, so a selection renders only the rows
  // whose checkbox changed; it reaches the current selection through this ref.
  const toggleRef = useRef(toggle);
  useLayoutEffect(() => {
    toggleRef.current = toggle;
  });
  const onToggle = useCallback((id: string) => toggleRef.current(id), []);

  const allSelected = rows.length > 0 && rows.every((row) => selected.has(rowKey(row)));
  const someSelected = !allSelected && rows.some((row) => selected.has(rowKey(row)));

  const rowAt = (target: EventTarget) => {
    const element = (target as HTMLElement).closest<HTMLElement>('[data-row-index]');
    const index = Number(element?.dataset.rowIndex);
    const row = element ? rows[index] : undefined;
    return row === undefined || !element ? null : { element, index, row };
  };

  const onBodyKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const at = rowAt(event.target);
    if (!at) return;
    const { index, row } = at;
    const onRow = event.target === at.element;
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        if (index + 1 < rows.length) focusRow(index + 1);
        else onEndReached();
        break;
      case 'ArrowUp':
        event.preventDefault();
        focusRow(Math.max(0, index - 1));
        break;
      case 'Home':
        if (!onRow) return;
        event.preventDefault();
        focusRow(0);
        break;
      case 'End':
        if (!onRow) return;
        event.preventDefault();
        focusRow(rows.length - 1);
        break;
      case 'Enter':
        if (!onRow) return;
        event.preventDefault();
        props.onOpen(row);
        break;
      case ' ':
        if (!onRow) return;
        event.preventDefault();
        toggle(rowKey(row));
        break;
    }
  };

  const onBodyClick = (event: MouseEvent<HTMLElement>) => {
    const at = rowAt(event.target);
    if (!at) return;
    if ((event.target as HTMLElement).closest(INTERACTIVE)) return;
    // Selecting text to copy it is not a click on the row.
    if (window.getSelection()?.toString()) return;
    props.onOpen(at.row);
  };

  const onBodyFocus = (event: FocusEvent<HTMLElement>) => {
    const target: EventTarget = event.target;
    const at = rowAt(target);
    if (at && target === at.element) setActiveIndex(at.index);
  };

  const pinnedIndex = columns[0]?.id === props.identifierColumn ? 0 : -1;
  const pinned = (index: number) => (index === pinnedIndex ? classes.stickyIdentifier : undefined);
  const rowIndexInRange = Math.min(activeIndex, Math.max(0, rows.length - 1));
  const keyAt = useCallback((index: number) => rowKey(rows[index]!), [rows, rowKey]);
  const virtual = useVirtualRows({
    count: loading ? 0 : rows.length,
    scrollRef,
    cards,
    cardExtras: props.card.extras.length,
    tabStop: rowIndexInRange,
    rowKey: keyAt,
  });

  const { renderCell, renderActions, rowLabel, rowName, card } = props;
  const view = useMemo<RowView<Row, Id, Sort>>(
    () => ({
      columns,
      renderCell,
      renderActions,
      rowLabel,
      rowName,
      pinnedIndex,
      card,
      onToggle: selectable ? onToggle : undefined,
    }),
    [columns, renderCell, renderActions, rowLabel, rowName, pinnedIndex, card, selectable, onToggle],
  );
  const colSpan = columns.length + (selectable ? 2 : 1);
  const body = loading
    ? []
    : virtualRows({ rows, rowKey, virtual, tabStop: rowIndexInRange, selected, view, colSpan, cards });

  const selectAll = onSelectedChange ? (
    <Checkbox
      size="xs"
      aria-label={allSelected ? 'Deselect all shipments' : 'Select all loaded shipments'}
      checked={allSelected}
      indeterminate={someSelected}
      disabled={rows.length === 0}
      onChange={() => onSelectedChange(allSelected ? new Set() : new Set(rows.map(rowKey)))}
    />
  ) : null;

  const bodyHandlers = { onKeyDown: onBodyKeyDown, onClick: onBodyClick, onFocus: onBodyFocus };

  return (
    <div className={classes.scrollFrame} ref={frameRef} data-scrollable-table>
      <div className={classes.hintSlot}>
        <ScrollHint />
      </div>
      <div
        className={classes.scroll}
        ref={scrollRef}
        onScroll={markEdges}
        data-selectable={selectable || undefined}
        data-cards={cards || undefined}
        data-testid="shipments-table-scroll"
      >
        {cards ? (
          <>
            <CardsHead
              selectAll={selectAll}
              sort={props.sort}
              onSort={props.onSort}
              columns={Object.values<TableColumn<Row, Id, Sort>>(card.columns)}
            />
            <ul
              className={classes.cards}
              ref={bodyRef as RefObject<HTMLUListElement>}
              aria-label="Shipments"
              aria-busy={loading || undefined}
              data-testid="shipments-table"
              {...bodyHandlers}
            >
              {loading ? <SkeletonCards /> : body}
            </ul>
          </>
        ) : (
          <Table
            ref={tableRef}
            className={classes.table}
            highlightOnHover={false}
            verticalSpacing={0}
            horizontalSpacing={0}
            data-testid="shipments-table"
            aria-rowcount={rows.length + 1}
            aria-busy={loading || undefined}
          >
            <TableHead
              columns={columns}
              selectAll={selectAll}
              selectable={selectable}
              sort={props.sort}
              onSort={props.onSort}
              pinned={pinned}
            />
            <tbody ref={bodyRef as RefObject<HTMLTableSectionElement>} {...bodyHandlers}>
              {loading ? <SkeletonRows columns={columns} selectable={selectable} pinned={pinned} /> : body}
            </tbody>
          </Table>
        )}
        {!loading && rows.length === 0 ? props.empty : null}
        <div ref={sentinelRef} className={classes.sentinel} aria-hidden />
        {props.footer}
      </div>
    </div>
  );
}) as <Row, Id extends string, Sort extends string>(
  props: ShipmentsTableProps<Row, Id, Sort>,
) => ReactElement;
