import { Checkbox, Skeleton, Table, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconArrowsSort } from '@tabler/icons-react';
import type { OceanShipment, OceanSort } from '@tracklane/shared/ocean-shipments/ocean-shipments.schema';
import { useEffect, useRef, useState, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';
import { nextSort, type ColumnDefinition } from '../utils/columns';
import { ShipmentCell } from './shipment-cells';
import { RowActions } from './row-actions';
import classes from './shipments-table.module.css';

export interface ShipmentsTableProps {
  shipments: OceanShipment[];
  columns: ColumnDefinition[];
  timeZone: string;
  sort: OceanSort;
  onSort: (sort: OceanSort) => void;
  selected: ReadonlySet<string>;
  onSelectedChange: (selected: Set<string>) => void;
  /** The first page is on its way: skeleton rows under the real header. */
  loading: boolean;
  /** Which tab the rows are on: the row action archives or moves back. */
  archived: boolean;
  detailHref: (shipment: OceanShipment) => string;
  onOpen: (shipment: OceanShipment) => void;
  onToggleFavorite: (shipment: OceanShipment) => void;
  onArchive: (shipment: OceanShipment) => void;
  /** Called when the reader nears the end of the loaded rows and more exist. */
  onEndReached: () => void;
  /** Shown in place of the rows when there are none. */
  empty: ReactNode;
  footer: ReactNode;
}

const SKELETON_ROWS = 8;
const INTERACTIVE = 'a, button, input, label, [role="checkbox"], [data-no-row-click]';

function SortIcon({ column, sort }: { column: ColumnDefinition; sort: OceanSort }) {
  if (column.sorts?.first === sort) return <IconArrowUp size={13} stroke={2} />;
  if (column.sorts?.second === sort) return <IconArrowDown size={13} stroke={2} />;
  return <IconArrowsSort size={13} stroke={1.75} className={classes.sortIdle} />;
}

/** Which way a sorted column goes, for screen readers. */
function ariaSort(column: ColumnDefinition, sort: OceanSort): 'ascending' | 'descending' | undefined {
  if (column.sorts?.first === sort) return sort.endsWith('_desc') ? 'descending' : 'ascending';
  if (column.sorts?.second === sort) return 'descending';
  return undefined;
}

/**
 * The tracking table (spec §3, STYLE "dense, scannable"): a sticky header whose sortable columns ask the
 * server for their order, monospace identifiers with one-click copy, row actions on hover, and the
 * keyboard: arrows move between rows, Enter opens, Space selects. Rows are only ever appended, so
 * loading more never moves what the reader is looking at.
 */
export function ShipmentsTable(props: ShipmentsTableProps) {
  const { shipments, columns, selected, onSelectedChange } = props;
  const bodyRef = useRef<HTMLTableSectionElement>(null);
  const scrollRef = useRef<HTMLDivElement>(null);
  const sentinelRef = useRef<HTMLDivElement>(null);
  const [activeIndex, setActiveIndex] = useState(0);
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
  }, [onEndReached, shipments.length]);

  const focusRow = (index: number) => {
    const row = bodyRef.current?.querySelector<HTMLTableRowElement>(`[data-row-index="${String(index)}"]`);
    if (!row) return;
    setActiveIndex(index);
    row.focus();
  };

  const toggle = (id: string) => {
    const next = new Set(selected);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    onSelectedChange(next);
  };

  const allSelected = shipments.length > 0 && shipments.every((s) => selected.has(s.shipmentOverallId));
  const someSelected = !allSelected && shipments.some((s) => selected.has(s.shipmentOverallId));

  const onRowKeyDown = (
    event: KeyboardEvent<HTMLTableRowElement>,
    index: number,
    shipment: OceanShipment,
  ) => {
    const onRow = event.target === event.currentTarget;
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        if (index + 1 < shipments.length) focusRow(index + 1);
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
        focusRow(shipments.length - 1);
        break;
      case 'Enter':
        if (!onRow) return;
        event.preventDefault();
        props.onOpen(shipment);
        break;
      case ' ':
        if (!onRow) return;
        event.preventDefault();
        toggle(shipment.shipmentOverallId);
        break;
    }
  };

  const onRowClick = (event: MouseEvent<HTMLTableRowElement>, shipment: OceanShipment) => {
    if ((event.target as HTMLElement).closest(INTERACTIVE)) return;
    // Selecting text to copy it is not a click on the row.
    if (window.getSelection()?.toString()) return;
    props.onOpen(shipment);
  };

  const firstIsContainer = columns[0]?.id === 'container';
  const rowIndexInRange = Math.min(activeIndex, Math.max(0, shipments.length - 1));

  return (
    <div className={classes.scroll} ref={scrollRef} data-testid="shipments-table-scroll">
      <Table
        className={classes.table}
        highlightOnHover={false}
        verticalSpacing={0}
        horizontalSpacing={0}
        data-testid="shipments-table"
        aria-rowcount={shipments.length + 1}
        aria-busy={props.loading || undefined}
      >
        <Table.Thead className={classes.thead}>
          <Table.Tr>
            <Table.Th className={`${classes.selectCell} ${classes.stickyStart}`}>
              <Checkbox
                size="xs"
                aria-label={allSelected ? 'Deselect all shipments' : 'Select all loaded shipments'}
                checked={allSelected}
                indeterminate={someSelected}
                disabled={shipments.length === 0}
                onChange={() =>
                  onSelectedChange(
                    allSelected ? new Set() : new Set(shipments.map((s) => s.shipmentOverallId)),
                  )
                }
              />
            </Table.Th>
            {columns.map((column, index) => (
              <Table.Th
                key={column.id}
                className={`${classes.th} ${index === 0 && firstIsContainer ? classes.stickyContainer : ''}`}
                data-column={column.id}
                aria-sort={ariaSort(column, props.sort)}
              >
                {column.sorts ? (
                  <UnstyledButton
                    className={classes.sortButton}
                    data-active={ariaSort(column, props.sort) ? true : undefined}
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
            ))}
            <Table.Th className={classes.actionsCell}>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody ref={bodyRef}>
          {props.loading
            ? Array.from({ length: SKELETON_ROWS }, (_, row) => (
                <Table.Tr key={row} className={classes.row} data-testid="skeleton-row">
                  <Table.Td className={`${classes.selectCell} ${classes.stickyStart}`}>
                    <Skeleton height={14} width={14} radius="xs" />
                  </Table.Td>
                  {columns.map((column) => (
                    <Table.Td key={column.id} className={classes.td}>
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
            : shipments.map((shipment, index) => {
                const isSelected = selected.has(shipment.shipmentOverallId);
                return (
                  <Table.Tr
                    key={shipment.shipmentOverallId}
                    className={classes.row}
                    data-row-index={index}
                    data-selected={isSelected || undefined}
                    data-testid="shipment-row"
                    tabIndex={index === rowIndexInRange ? 0 : -1}
                    aria-selected={isSelected}
                    aria-label={`Container ${shipment.containerNo}, bill of lading ${shipment.mblNo}`}
                    onFocus={(event) => {
                      if (event.target === event.currentTarget) setActiveIndex(index);
                    }}
                    onKeyDown={(event) => onRowKeyDown(event, index, shipment)}
                    onClick={(event) => onRowClick(event, shipment)}
                  >
                    <Table.Td className={`${classes.selectCell} ${classes.stickyStart}`}>
                      <Checkbox
                        size="xs"
                        tabIndex={-1}
                        aria-label={`Select ${shipment.containerNo}`}
                        checked={isSelected}
                        onChange={() => toggle(shipment.shipmentOverallId)}
                      />
                    </Table.Td>
                    {columns.map((column, columnIndex) => (
                      <Table.Td
                        key={column.id}
                        className={`${classes.td} ${columnIndex === 0 && firstIsContainer ? classes.stickyContainer : ''}`}
                        data-column={column.id}
                      >
                        <ShipmentCell
                          column={column.id}
                          context={{
                            shipment,
                            timeZone: props.timeZone,
                            detailHref: props.detailHref(shipment),
                            onToggleFavorite: () => props.onToggleFavorite(shipment),
                          }}
                        />
                      </Table.Td>
                    ))}
                    <Table.Td className={classes.actionsCell}>
                      <RowActions
                        shipment={shipment}
                        archived={props.archived}
                        detailHref={props.detailHref(shipment)}
                        onArchive={() => props.onArchive(shipment)}
                      />
                    </Table.Td>
                  </Table.Tr>
                );
              })}
        </Table.Tbody>
      </Table>
      {!props.loading && shipments.length === 0 ? props.empty : null}
      <div ref={sentinelRef} className={classes.sentinel} aria-hidden />
      {props.footer}
    </div>
  );
}
