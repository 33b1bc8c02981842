import { Checkbox, Table, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
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
  type RefObject,
} from 'react';
import { fitColumnWidths } from '../lib/column-widths';
import {
  nextSort,
  sortDirection,
  type CardLayout,
  type ColumnSorts,
  type TableColumn,
} from '../lib/table-columns';
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
   * A phone's card row: which of the mode's columns (all of them, shown in the table or not) play which
   * part. Below `CARDS_QUERY` each row is a card; the table's columns are for wider screens.
   */
  card: { layout: CardLayout<Row, Id>; columns: Record<Id, TableColumn<Row, Id, Sort>> };
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
/** The selection column's and the row actions column's widths (`.selectCol`, `.actionsCol`). */
const SELECT_COLUMN_WIDTH = 32;
const ACTIONS_COLUMN_WIDTH = 52;
const INTERACTIVE = 'a, button, input, select, label, [role="checkbox"], [data-no-row-click]';
/** Rows and skeleton rows, or cards and skeleton cards (not the spacers that stand for rows out of view). */
const ROW_SELECTOR = 'tr[data-testid]';
const CARD_SELECTOR = 'li[data-testid]';
/** Below Mantine's `sm` (48em, 768 px), where the list's header and filters stack too: a card per row. */
export const CARDS_QUERY = '(max-width: 47.99em)';

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
  card: { layout: CardLayout<Row, Id>; columns: Record<Id, TableColumn<Row, Id, Sort>> };
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

/** A row's selection checkbox: a plain input in Mantine's look (a page has hundreds). */
function RowCheck({ name, selected, onChange }: { name: string; selected: boolean; onChange: () => void }) {
  return (
    <input
      type="checkbox"
      className={classes.check}
      tabIndex={-1}
      aria-label={`Select ${name}`}
      checked={selected}
      onChange={onChange}
    />
  );
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
  return (
    <tr
      className={classes.row}
      data-row-index={index}
      aria-rowindex={index + 2}
      data-selected={selected || undefined}
      data-testid="shipment-row"
      tabIndex={tabbable ? 0 : -1}
      aria-selected={selected}
      aria-label={view.rowLabel(row)}
    >
      {view.onToggle ? (
        <td className={`${classes.selectCell} ${classes.stickyStart}`}>
          <RowCheck name={view.rowName(row)} selected={selected} onChange={() => view.onToggle?.(id)} />
        </td>
      ) : null}
      {view.columns.map((column, columnIndex) => (
        <td
          key={column.id}
          className={columnIndex === view.pinnedIndex ? classes.stickyIdentifier : undefined}
          data-column={column.id}
        >
          {view.renderCell(column, row)}
        </td>
      ))}
      <td className={classes.actionsCell}>{view.renderActions(row)}</td>
    </tr>
  );
}) as <Row, Id extends string, Sort extends string>(props: RowProps<Row, Id, Sort>) => ReactElement;

/**
 * One row on a phone: a card of fixed height (the row window counts cards as it counts rows) with the
 * identifier and what goes with it (the bill of lading, the carrier), the status, the date that
 * matters now under its column's name, and the attention chip; the checkbox at its start and the row
 * actions at its end, never over its text. A tap anywhere else opens the shipment.
 */
const ShipmentCard = memo(function ShipmentCard<Row, Id extends string, Sort extends string>({
  row,
  id,
  index,
  selected,
  tabbable,
  view,
}: RowProps<Row, Id, Sort>) {
  const { layout, columns } = view.card;
  const dateColumn = columns[layout.date(row)];
  const attention = layout.attention(row);
  return (
    <li
      className={classes.card}
      data-row-index={index}
      data-selected={selected || undefined}
      data-testid="shipment-card"
      tabIndex={tabbable ? 0 : -1}
      aria-label={view.rowLabel(row)}
    >
      {view.onToggle ? (
        <span className={classes.cardCheck}>
          <RowCheck name={view.rowName(row)} selected={selected} onChange={() => view.onToggle?.(id)} />
        </span>
      ) : null}
      <div className={classes.cardBody}>
        <span className={classes.cardIdentifier} data-card-part="identifier">
          {view.renderCell(columns[layout.identifier], row)}
        </span>
        <div className={classes.cardLine}>
          <span className={classes.cardDetail} data-card-part="detail">
            {view.renderCell(columns[layout.detail], row)}
          </span>
          <span className={classes.cardStatus} data-card-part="status">
            {view.renderCell(columns[layout.status], row)}
          </span>
        </div>
        <div className={classes.cardLine}>
          <span className={classes.cardDate} data-card-part="date">
            <span className={classes.cardLabel}>{dateColumn.label}</span>
            {view.renderCell(dateColumn, row)}
          </span>
          {attention ? (
            <span className={classes.attentionChip} data-card-part="attention">
              {attention}
            </span>
          ) : null}
        </div>
      </div>
      <div className={classes.cardActions}>{view.renderActions(row)}</div>
    </li>
  );
}) as <Row, Id extends string, Sort extends string>(props: RowProps<Row, Id, Sort>) => ReactElement;

/** Stands for `rows` rows out of view, so that the scroll box keeps its height and its scrollbar. */
function Spacer({
  rows,
  rowHeight,
  colSpan,
  cards,
}: {
  rows: number;
  rowHeight: number;
  colSpan: number;
  cards: boolean;
}) {
  return cards ? (
    <li className={classes.spacer} aria-hidden style={{ height: rows * rowHeight }} />
  ) : (
    <tr className={classes.spacer} aria-hidden style={{ height: rows * rowHeight }}>
      <td colSpan={colSpan} />
    </tr>
  );
}

/** The sorts a phone offers in place of the table's headers: each sortable column's, both ways. */
function sortOptions<Sort extends string>(
  columns: readonly { label: string; sorts?: ColumnSorts<Sort> }[],
): { value: Sort; label: string }[] {
  return columns.flatMap((column) =>
    [column.sorts?.first, column.sorts?.second]
      .filter((sort): sort is Sort => sort !== undefined)
      .map((sort) => ({
        value: sort,
        label: `${column.label} ${sortDirection(column, sort) === 'descending' ? '↓' : '↑'}`,
      })),
  );
}

/**
 * The tracking table of every mode (spec §3, STYLE "dense, scannable"): a sticky header whose sortable
 * columns ask the server for their order, row actions in a column of their own (shown on hover or
 * focus, never over a cell's text), and the keyboard: arrows move between rows, Enter opens, Space
 * selects. Rows are only ever appended, so loading more never moves what the reader is looking at.
 *
 * On a wide screen the columns share the table's box (lib/column-widths.ts: each between its least
 * and preferred width, a cell's longer text cut with an ellipsis): a mode's default columns fit a
 * 1,440 px screen with the sidebar open. Only below every column's least width (columns the user
 * added, a tablet) does the table scroll sideways in its box, with the selection and identifier
 * columns pinned at its left and the row actions at its right: the page itself never scrolls sideways.
 * On a phone (`CARDS_QUERY`) each row is a card (ShipmentCard) drawn from the mode's card layout, with
 * a sort menu and "select all" above them in place of the header.
 *
 * Only the rows in view and a few either side are rendered (issue #17): spacer rows keep the room of
 * the others, and the row with the tab stop is always rendered, so the keyboard never loses its
 * place. Rows are memoised, and tooltips are one DelegatedTooltip for the whole table. The table
 * itself is memoised too: the page around it renders again for answers it does not draw.
 */
export const ShipmentsTable = memo(function ShipmentsTable<Row, Id extends string, Sort extends string>(
  props: ShipmentsTableProps<Row, Id, Sort>,
) {
  const { rows, loading, rowKey, columns, selected, onSelectedChange } = props;
  // Read as the table first renders (no second render to switch), then followed as the window changes.
  const cards = useMediaQuery(CARDS_QUERY, undefined, { getInitialValueInEffect: false }) ?? false;
  const bodyRef = useRef<HTMLElement>(null);
  const headRef = useRef<HTMLElement>(null);
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
    rowSelector: cards ? CARD_SELECTOR : ROW_SELECTOR,
  });
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
  // layout: read in an effect, it forced that layout inside React's commit (issue #17).
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
  const Item = cards ? ShipmentCard : ShipmentRow;

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
          <Spacer
            key={`gap-${String(next)}`}
            rows={index - next}
            rowHeight={rowHeight}
            colSpan={colSpan}
            cards={cards}
          />,
        );
      const row = rows[index]!;
      const id = rowKey(row);
      body.push(
        <Item
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
          cards={cards}
        />,
      );
  }

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
            <div className={classes.cardsHead} ref={headRef as RefObject<HTMLDivElement>}>
              {selectAll}
              <label className={classes.sortLabel}>
                Sort
                <select
                  className={classes.sortSelect}
                  value={props.sort}
                  onChange={(event) => props.onSort(event.currentTarget.value as Sort)}
                >
                  {sortOptions(Object.values<TableColumn<Row, Id, Sort>>(card.columns)).map((option) => (
                    <option key={option.value} value={option.value}>
                      {option.label}
                    </option>
                  ))}
                </select>
              </label>
            </div>
            <ul
              className={classes.cards}
              ref={bodyRef as RefObject<HTMLUListElement>}
              aria-label="Shipments"
              aria-busy={loading || undefined}
              data-testid="shipments-table"
              {...bodyHandlers}
            >
              {loading
                ? Array.from({ length: SKELETON_ROWS }, (_, row) => (
                    <li key={row} className={classes.card} data-testid="skeleton-row">
                      <div className={classes.cardBody}>
                        <span className={classes.skeleton} style={{ width: '55%' }} />
                        <span
                          className={classes.skeleton}
                          style={{ width: `${String(30 + ((row * 17) % 30))}%` }}
                        />
                        <span className={classes.skeleton} style={{ width: '40%' }} />
                      </div>
                    </li>
                  ))
                : body}
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
            <colgroup>
              {selectable ? <col className={classes.selectCol} /> : null}
              {columns.map((column) => (
                <col
                  key={column.id}
                  style={{ width: `var(${columnWidthVar(column.id)}, ${String(column.width.preferred)}px)` }}
                />
              ))}
              <col className={classes.actionsCol} />
            </colgroup>
            <Table.Thead className={classes.thead} ref={headRef as RefObject<HTMLTableSectionElement>}>
              <Table.Tr>
                {selectAll ? (
                  <Table.Th className={`${classes.selectCell} ${classes.stickyStart}`}>{selectAll}</Table.Th>
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
                          <span className={classes.thLabel} title={column.label}>
                            {column.label}
                          </span>
                          <SortIcon column={column} sort={props.sort} />
                        </UnstyledButton>
                      ) : (
                        <span className={classes.thLabel} title={column.label}>
                          {column.label}
                        </span>
                      )}
                    </Table.Th>
                  );
                })}
                <Table.Th className={classes.actionsCell}>
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <tbody ref={bodyRef as RefObject<HTMLTableSectionElement>} {...bodyHandlers}>
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
        )}
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

/** The custom property that holds a data column's fitted width. */
const columnWidthVar = (id: string) => `--column-${id}-width`;

function range(start: number, end: number): number[] {
  return Array.from({ length: Math.max(0, end - start) }, (_, i) => start + i);
}
