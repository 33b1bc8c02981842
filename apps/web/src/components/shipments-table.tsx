import { Checkbox, Table, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconArrowsSort } from '@tabler/icons-react';
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
} from 'react';
import { nextSort, sortDirection, type ColumnSorts, type TableColumn } from '../lib/table-columns';
import { useColumnFloors } from '../lib/use-column-floors';
import { useColumnsInView } from '../lib/use-columns-in-view';
import { useRowWindow } from '../lib/use-row-window';
import { DelegatedTooltip } from './delegated-tooltip';
import { ScrollHint } from './scrollable-table';
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

const SKELETON_ROWS = 8;
/** `.selectCell`'s width in shipments-table.module.css. */
const SELECT_COLUMN_WIDTH = 40;
const INTERACTIVE = 'a, button, input, label, [role="checkbox"], [data-no-row-click]';
/** Rows and skeleton rows (not the spacers that stand for rows out of view). */
const ROW_SELECTOR = 'tr[data-testid]';

function SortIcon<Sort extends string>({
  column,
  sort,
}: {
  column: { sorts?: ColumnSorts<Sort> };
  sort: Sort;
}) {
  if (column.sorts?.first === sort) return <IconArrowUp size={13} stroke={2} />;
  if (column.sorts?.second === sort) return <IconArrowDown size={13} stroke={2} />;
  return <IconArrowsSort size={13} stroke={1.75} className={classes.sortIdle} />;
}

/** What every row draws with; the same object while none of it changes, so rows can skip a render. */
interface RowView<Row, Id extends string, Sort extends string> {
  columns: TableColumn<Row, Id, Sort>[];
  renderCell: (column: TableColumn<Row, Id, Sort>, row: Row) => ReactNode;
  renderActions: (row: Row) => ReactNode;
  rowLabel: (row: Row) => string;
  rowName: (row: Row) => string;
  /** The column pinned at the left (the identifier while it is first), or -1. */
  pinnedIndex: number;
  /**
   * How many of the columns the rows draw (useColumnsInView): the others' cells stay empty, and the
   * row actions wait for the last column.
   */
  shown: number;
  /** Absent: no selection column. */
  onToggle?: (id: string) => void;
}

interface RowProps<Row, Id extends string, Sort extends string> {
  row: Row;
  id: string;
  index: number;
  selected: boolean;
  /** The row the Tab key lands on (one per table: roving tabindex). */
  tabbable: boolean;
  view: RowView<Row, Id, Sort>;
}

/**
 * One row, rendered again only when its shipment, its selection, its tab stop or the view changes:
 * selecting a row, or scrolling more rows into view, leaves the others alone. Plain elements (a
 * page has hundreds of cells); clicks and keys are handled once, on the table body.
 */
const ShipmentRow = memo(function ShipmentRow<Row, Id extends string, Sort extends string>({
  row,
  id,
  index,
  selected,
  tabbable,
  view,
}: RowProps<Row, Id, Sort>) {
  const complete = view.shown >= view.columns.length;
  return (
    <tr
      className={classes.row}
      data-row-index={index}
      data-partial={complete ? undefined : true}
      aria-rowindex={index + 2}
      data-selected={selected || undefined}
      data-testid="shipment-row"
      tabIndex={tabbable ? 0 : -1}
      aria-selected={selected}
      aria-label={view.rowLabel(row)}
    >
      {view.onToggle ? (
        <td className={`${classes.selectCell} ${classes.stickyStart}`}>
          <input
            type="checkbox"
            className={classes.check}
            tabIndex={-1}
            aria-label={`Select ${view.rowName(row)}`}
            checked={selected}
            onChange={() => view.onToggle?.(id)}
          />
        </td>
      ) : null}
      {view.columns.map((column, columnIndex) => (
        <td
          key={column.id}
          className={columnIndex === view.pinnedIndex ? classes.stickyIdentifier : undefined}
          data-column={column.id}
        >
          {columnIndex < view.shown ? view.renderCell(column, row) : null}
        </td>
      ))}
      <td className={classes.actionsCell}>{complete ? view.renderActions(row) : null}</td>
    </tr>
  );
}) as <Row, Id extends string, Sort extends string>(props: RowProps<Row, Id, Sort>) => ReactElement;

/** Stands for `rows` rows out of view, so that the scroll box keeps its height and its scrollbar. */
function Spacer({ rows, rowHeight, colSpan }: { rows: number; rowHeight: number; colSpan: number }) {
  return (
    <tr className={classes.spacer} aria-hidden style={{ height: rows * rowHeight }}>
      <td colSpan={colSpan} />
    </tr>
  );
}

/**
 * The tracking table of every mode (spec §3, STYLE "dense, scannable"): a sticky header whose sortable
 * columns ask the server for their order, row actions on hover, and the keyboard: arrows move between
 * rows, Enter opens, Space selects. Rows are only ever appended, so loading more never moves what the
 * reader is looking at. The table scrolls inside its own box, sideways too, with the selection and
 * identifier columns pinned at its left: the page itself never scrolls sideways, from a phone to a
 * wide screen.
 *
 * Only the rows in view and a few either side are rendered (issue #17): spacer rows keep the room of
 * the others, and the row with the tab stop is always rendered, so the keyboard never loses its
 * place. On a narrow screen the first rows draw the columns in view, and the rest a moment later
 * (useColumnsInView). Rows are memoised, and tooltips are one DelegatedTooltip for the whole table.
 * The table itself is memoised too: the page around it renders again for answers it does not draw.
 */
export const ShipmentsTable = memo(function ShipmentsTable<Row, Id extends string, Sort extends string>(
  props: ShipmentsTableProps<Row, Id, Sort>,
) {
  const { rows, loading, rowKey, columns, selected, onSelectedChange } = props;
  const bodyRef = useRef<HTMLTableSectionElement>(null);
  const headRef = useRef<HTMLTableSectionElement>(null);
  const tableRef = useRef<HTMLTableElement>(null);
  const scrollRef = useRef<HTMLDivElement>(null);
  const frameRef = useRef<HTMLDivElement>(null);
  const sentinelRef = useRef<HTMLDivElement>(null);
  const [activeIndex, setActiveIndex] = useState(0);
  // A row to focus once it is rendered (End, or arrows past the rendered rows).
  const pendingFocus = useRef<number | null>(null);
  const onEndReached = props.onEndReached;
  const { window: rowWindow, rowHeight } = useRowWindow({
    count: loading ? 0 : rows.length,
    scrollRef,
    headerRef: headRef,
    bodyRef,
    rowSelector: ROW_SELECTOR,
  });
  useColumnFloors(headRef, bodyRef);
  const selectable = onSelectedChange !== undefined;
  const { shown, showAll } = useColumnsInView({
    count: columns.length,
    lead: selectable ? SELECT_COLUMN_WIDTH : 0,
    ready: !loading && rows.length > 0,
  });

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
  }, [onEndReached, rows.length]);

  // Which way the table can still scroll sideways, for the shadows that say so: the identifier column
  // casts one once rows pass under it, the right edge while columns are out of view; and whether the
  // line above the table that says it scrolls sideways shows (a phone, or many columns). Attributes,
  // not state: the table does not render again for them. First read when the observer first reports,
  // after the browser's own layout: read in an effect, it forced that layout inside React's commit
  // (issue #17).
  const markEdges = useCallback(() => {
    const scroll = scrollRef.current;
    if (!scroll) return;
    scroll.toggleAttribute('data-scrolled-start', scroll.scrollLeft > 1);
    scroll.toggleAttribute('data-more-end', scroll.scrollLeft + scroll.clientWidth < scroll.scrollWidth - 1);
    frameRef.current?.toggleAttribute('data-overflowing', scroll.scrollWidth > scroll.clientWidth + 1);
  }, []);
  useEffect(() => {
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(markEdges);
    if (scrollRef.current) observer.observe(scrollRef.current);
    if (tableRef.current) observer.observe(tableRef.current);
    return () => observer.disconnect();
  }, [markEdges]);

  const rowElement = (index: number) =>
    bodyRef.current?.querySelector<HTMLTableRowElement>(`tr[data-row-index="${String(index)}"]`) ?? null;

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
    const element = (target as HTMLElement).closest<HTMLTableRowElement>('tr[data-row-index]');
    const index = Number(element?.dataset.rowIndex);
    const row = element ? rows[index] : undefined;
    return row === undefined || !element ? null : { element, index, row };
  };

  const onBodyKeyDown = (event: KeyboardEvent<HTMLTableSectionElement>) => {
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

  const onBodyClick = (event: MouseEvent<HTMLTableSectionElement>) => {
    const at = rowAt(event.target);
    if (!at) return;
    if ((event.target as HTMLElement).closest(INTERACTIVE)) return;
    // Selecting text to copy it is not a click on the row.
    if (window.getSelection()?.toString()) return;
    props.onOpen(at.row);
  };

  const onBodyFocus = (event: FocusEvent<HTMLTableSectionElement>) => {
    const target: EventTarget = event.target;
    showAll();
    const at = rowAt(target);
    if (at && target === at.element) setActiveIndex(at.index);
  };

  const pinnedIndex = columns[0]?.id === props.identifierColumn ? 0 : -1;
  const pinned = (index: number) => (index === pinnedIndex ? classes.stickyIdentifier : undefined);
  const rowIndexInRange = Math.min(activeIndex, Math.max(0, rows.length - 1));

  const { renderCell, renderActions, rowLabel, rowName } = props;
  const view = useMemo<RowView<Row, Id, Sort>>(
    () => ({
      columns,
      renderCell,
      renderActions,
      rowLabel,
      rowName,
      pinnedIndex,
      shown,
      onToggle: selectable ? onToggle : undefined,
    }),
    [columns, renderCell, renderActions, rowLabel, rowName, pinnedIndex, shown, selectable, onToggle],
  );
  const colSpan = columns.length + (selectable ? 2 : 1);

  // The rows to render: those in the window, and the one with the tab stop wherever it is; a spacer
  // for each run of rows between them.
  const body: ReactNode[] = [];
  if (!loading) {
    const indices =
      rowWindow === 'all'
        ? rows.map((_, index) => index)
        : [...new Set([rowIndexInRange, ...range(rowWindow.start, rowWindow.end)])]
            .filter((index) => index < rows.length)
            .sort((a, b) => a - b);
    let next = 0;
    for (const index of indices) {
      if (index > next)
        body.push(
          <Spacer key={`gap-${String(next)}`} rows={index - next} rowHeight={rowHeight} colSpan={colSpan} />,
        );
      const row = rows[index]!;
      const id = rowKey(row);
      body.push(
        <ShipmentRow
          key={id}
          row={row}
          id={id}
          index={index}
          selected={selected.has(id)}
          tabbable={index === rowIndexInRange}
          view={view}
        />,
      );
      next = index + 1;
    }
    if (next < rows.length)
      body.push(
        <Spacer
          key={`gap-${String(next)}`}
          rows={rows.length - next}
          rowHeight={rowHeight}
          colSpan={colSpan}
        />,
      );
  }

  return (
    <div className={classes.scrollFrame} ref={frameRef} data-scrollable-table>
      <div className={classes.hintSlot}>
        <ScrollHint />
      </div>
      <div
        className={classes.scroll}
        ref={scrollRef}
        onScroll={() => {
          markEdges();
          showAll();
        }}
        data-selectable={selectable || undefined}
        data-testid="shipments-table-scroll"
      >
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
          <Table.Thead className={classes.thead} ref={headRef}>
            <Table.Tr>
              {onSelectedChange ? (
                <Table.Th className={`${classes.selectCell} ${classes.stickyStart}`}>
                  <Checkbox
                    size="xs"
                    aria-label={allSelected ? 'Deselect all shipments' : 'Select all loaded shipments'}
                    checked={allSelected}
                    indeterminate={someSelected}
                    disabled={rows.length === 0}
                    onChange={() => onSelectedChange(allSelected ? new Set() : new Set(rows.map(rowKey)))}
                  />
                </Table.Th>
              ) : null}
              {columns.map((column, index) => {
                const direction = sortDirection(column, props.sort);
                return (
                  <Table.Th
                    key={column.id}
                    className={`${classes.th} ${pinned(index) ?? ''}`.trim()}
                    data-column={column.id}
                    aria-sort={direction}
                  >
                    {column.sorts ? (
                      <UnstyledButton
                        className={classes.sortButton}
                        data-active={direction ? true : undefined}
                        onClick={() => {
                          const sort = nextSort(column, props.sort);
                          if (sort) props.onSort(sort);
                        }}
                      >
                        {column.label}
                        <SortIcon column={column} sort={props.sort} />
                      </UnstyledButton>
                    ) : (
                      column.label
                    )}
                  </Table.Th>
                );
              })}
              <Table.Th className={classes.actionsCell}>
                <VisuallyHidden>Actions</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <tbody ref={bodyRef} onKeyDown={onBodyKeyDown} onClick={onBodyClick} onFocus={onBodyFocus}>
            {loading
              ? Array.from({ length: SKELETON_ROWS }, (_, row) => (
                  <tr key={row} className={classes.row} data-testid="skeleton-row">
                    {selectable ? (
                      <td className={`${classes.selectCell} ${classes.stickyStart}`}>
                        <span className={classes.skeleton} style={{ width: 14, height: 14 }} />
                      </td>
                    ) : null}
                    {columns.map((column, index) => (
                      <td key={column.id} className={pinned(index)}>
                        <span
                          className={classes.skeleton}
                          style={{ width: `${String(50 + ((row * 17 + column.id.length * 7) % 40))}%` }}
                        />
                      </td>
                    ))}
                    <td className={classes.actionsCell} />
                  </tr>
                ))
              : body}
          </tbody>
        </Table>
        {!loading && rows.length === 0 ? props.empty : null}
        <div ref={sentinelRef} className={classes.sentinel} aria-hidden />
        {props.footer}
      </div>
      <DelegatedTooltip root={scrollRef} />
    </div>
  );
}) as <Row, Id extends string, Sort extends string>(
  props: ShipmentsTableProps<Row, Id, Sort>,
) => ReactElement;

function range(start: number, end: number): number[] {
  return Array.from({ length: Math.max(0, end - start) }, (_, i) => start + i);
}
