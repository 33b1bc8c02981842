import { Checkbox, Skeleton, Table, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconArrowsSort } from '@tabler/icons-react';
import {
  useCallback,
  useEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
} from 'react';
import { nextSort, sortDirection, type ColumnSorts, type TableColumn } from '../lib/table-columns';
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
const INTERACTIVE = 'a, button, input, label, [role="checkbox"], [data-no-row-click]';

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

/**
 * The tracking table of every mode (spec §3, STYLE "dense, scannable"): a sticky header whose sortable
 * columns ask the server for their order, row actions on hover, and the keyboard: arrows move between
 * rows, Enter opens, Space selects. Rows are only ever appended, so loading more never moves what the
 * reader is looking at. The table scrolls inside its own box, sideways too, with the selection and
 * identifier columns pinned at its left: the page itself never scrolls sideways, from a phone to a
 * wide screen.
 */
export function ShipmentsTable<Row, Id extends string, Sort extends string>(
  props: ShipmentsTableProps<Row, Id, Sort>,
) {
  const { rows, rowKey, columns, selected, onSelectedChange } = props;
  const bodyRef = useRef<HTMLTableSectionElement>(null);
  const tableRef = useRef<HTMLTableElement>(null);
  const scrollRef = useRef<HTMLDivElement>(null);
  const sentinelRef = useRef<HTMLDivElement>(null);
  const [activeIndex, setActiveIndex] = useState(0);
  // Columns out of view (a phone, or many columns): a line above the table says it scrolls sideways.
  const [overflowing, setOverflowing] = useState(false);
  const onEndReached = props.onEndReached;

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
  // casts one once rows pass under it, the right edge while columns are out of view.
  const markEdges = useCallback(() => {
    const scroll = scrollRef.current;
    if (!scroll) return;
    scroll.toggleAttribute('data-scrolled-start', scroll.scrollLeft > 1);
    scroll.toggleAttribute('data-more-end', scroll.scrollLeft + scroll.clientWidth < scroll.scrollWidth - 1);
    setOverflowing(scroll.scrollWidth > scroll.clientWidth + 1);
  }, []);
  useEffect(() => {
    markEdges();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(markEdges);
    if (scrollRef.current) observer.observe(scrollRef.current);
    if (tableRef.current) observer.observe(tableRef.current);
    return () => observer.disconnect();
  }, [markEdges]);

  const focusRow = (index: number) => {
    const row = bodyRef.current?.querySelector<HTMLTableRowElement>(`[data-row-index="${String(index)}"]`);
    if (!row) return;
    setActiveIndex(index);
    row.focus();
  };

  const selectable = onSelectedChange !== undefined;
  const toggle = (id: string) => {
    if (!onSelectedChange) return;
    const next = new Set(selected);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    onSelectedChange(next);
  };

  const allSelected = rows.length > 0 && rows.every((row) => selected.has(rowKey(row)));
  const someSelected = !allSelected && rows.some((row) => selected.has(rowKey(row)));

  const onRowKeyDown = (event: KeyboardEvent<HTMLTableRowElement>, index: number, row: Row) => {
    const onRow = event.target === event.currentTarget;
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

  const onRowClick = (event: MouseEvent<HTMLTableRowElement>, row: Row) => {
    if ((event.target as HTMLElement).closest(INTERACTIVE)) return;
    // Selecting text to copy it is not a click on the row.
    if (window.getSelection()?.toString()) return;
    props.onOpen(row);
  };

  const pinnedIndex = columns[0]?.id === props.identifierColumn ? 0 : -1;
  const pinned = (index: number) => (index === pinnedIndex ? classes.stickyIdentifier : '');
  const rowIndexInRange = Math.min(activeIndex, Math.max(0, rows.length - 1));

  return (
    <div className={classes.scrollFrame} data-scrollable-table>
      {overflowing ? <ScrollHint /> : null}
      <div
        className={classes.scroll}
        ref={scrollRef}
        onScroll={markEdges}
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
          aria-busy={props.loading || undefined}
        >
          <Table.Thead className={classes.thead}>
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
                    className={`${classes.th} ${pinned(index)}`}
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
          <Table.Tbody ref={bodyRef}>
            {props.loading
              ? Array.from({ length: SKELETON_ROWS }, (_, row) => (
                  <Table.Tr key={row} className={classes.row} data-testid="skeleton-row">
                    {selectable ? (
                      <Table.Td className={`${classes.selectCell} ${classes.stickyStart}`}>
                        <Skeleton height={14} width={14} radius="xs" />
                      </Table.Td>
                    ) : null}
                    {columns.map((column, index) => (
                      <Table.Td key={column.id} className={`${classes.td} ${pinned(index)}`}>
                        <Skeleton
                          height={10}
                          width={`${String(50 + ((row * 17 + column.id.length * 7) % 40))}%`}
                          radius="sm"
                        />
                      </Table.Td>
                    ))}
                    <Table.Td className={classes.actionsCell} />
                  </Table.Tr>
                ))
              : rows.map((row, index) => {
                  const key = rowKey(row);
                  const isSelected = selected.has(key);
                  return (
                    <Table.Tr
                      key={key}
                      className={classes.row}
                      data-row-index={index}
                      data-selected={isSelected || undefined}
                      data-testid="shipment-row"
                      tabIndex={index === rowIndexInRange ? 0 : -1}
                      aria-selected={isSelected}
                      aria-label={props.rowLabel(row)}
                      onFocus={(event) => {
                        if (event.target === event.currentTarget) setActiveIndex(index);
                      }}
                      onKeyDown={(event) => onRowKeyDown(event, index, row)}
                      onClick={(event) => onRowClick(event, row)}
                    >
                      {selectable ? (
                        <Table.Td className={`${classes.selectCell} ${classes.stickyStart}`}>
                          <Checkbox
                            size="xs"
                            tabIndex={-1}
                            aria-label={`Select ${props.rowName(row)}`}
                            checked={isSelected}
                            onChange={() => toggle(key)}
                          />
                        </Table.Td>
                      ) : null}
                      {columns.map((column, columnIndex) => (
                        <Table.Td
                          key={column.id}
                          className={`${classes.td} ${pinned(columnIndex)}`}
                          data-column={column.id}
                        >
                          {props.renderCell(column, row)}
                        </Table.Td>
                      ))}
                      <Table.Td className={classes.actionsCell}>{props.renderActions(row)}</Table.Td>
                    </Table.Tr>
                  );
                })}
          </Table.Tbody>
        </Table>
        {!props.loading && rows.length === 0 ? props.empty : null}
        <div ref={sentinelRef} className={classes.sentinel} aria-hidden />
        {props.footer}
      </div>
    </div>
  );
}
