import { Table, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconArrowsSort } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { nextSort, sortDirection, type ColumnSorts, type TableColumn } from './table-columns';
import classes from './shipments-table.module.css';

const SKELETON_ROWS = 8;

/** The custom property that holds a data column's fitted width. */
export const columnWidthVar = (id: string) => `--column-${id}-width`;

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

/** A phone's header above the cards: "select all" and the sort menu. */
export function CardsHead<Sort extends string>({
  selectAll,
  sort,
  onSort,
  columns,
}: {
  selectAll: ReactNode;
  sort: Sort;
  onSort: (sort: Sort) => void;
  columns: readonly { label: string; sorts?: ColumnSorts<Sort> }[];
}) {
  return (
    <div className={classes.cardsHead}>
      {selectAll}
      <label className={classes.sortLabel}>
        Sort
        <select
          className={classes.sortSelect}
          value={sort}
          onChange={(event) => onSort(event.currentTarget.value as Sort)}
        >
          {sortOptions(columns).map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}

/** The first page is on its way: skeleton cards. */
export function SkeletonCards() {
  return Array.from({ length: SKELETON_ROWS }, (_, row) => (
    <li key={row} className={classes.card} data-testid="skeleton-row">
      <div className={classes.cardBody}>
        <span className={classes.skeleton} style={{ width: '55%' }} />
        <span className={classes.skeleton} style={{ width: `${String(30 + ((row * 17) % 30))}%` }} />
        <span className={classes.skeleton} style={{ width: '40%' }} />
      </div>
    </li>
  ));
}

/** The first page is on its way: skeleton rows under the real header. */
export function SkeletonRows({
  columns,
  selectable,
  pinned,
}: {
  columns: readonly { id: string }[];
  selectable: boolean;
  pinned: (index: number) => string | undefined;
}) {
  return Array.from({ length: SKELETON_ROWS }, (_, row) => (
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
  ));
}

/** The table's columns and its sticky header, whose sortable columns ask the server for their order. */
export function TableHead<Row, Id extends string, Sort extends string>({
  columns,
  selectAll,
  selectable,
  sort,
  onSort,
  pinned,
}: {
  columns: TableColumn<Row, Id, Sort>[];
  selectAll: ReactNode;
  selectable: boolean;
  sort: Sort;
  onSort: (sort: Sort) => void;
  pinned: (index: number) => string | undefined;
}) {
  return (
    <>
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
      <Table.Thead className={classes.thead}>
        <Table.Tr>
          {selectAll ? (
            <Table.Th className={`${classes.selectCell} ${classes.stickyStart}`}>{selectAll}</Table.Th>
          ) : null}
          {columns.map((column, index) => {
            const direction = sortDirection(column, sort);
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
                      const next = nextSort(column, sort);
                      if (next) onSort(next);
                    }}
                  >
                    <span className={classes.thLabel} title={column.label}>
                      {column.label}
                    </span>
                    <SortIcon column={column} sort={sort} />
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
    </>
  );
}
