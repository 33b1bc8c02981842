import { memo, type ReactElement, type ReactNode } from 'react';
import type { CardLayout, TableColumn } from './table-columns';
import type { VirtualRows } from './use-virtual-rows';
import classes from './shipments-table.module.css';

/**
 * What a phone's card draws from: which of the mode's columns (all of them, shown in the table or not)
 * play which part, and the columns the reader added to the table (cardExtraColumns), shown under them.
 */
export interface CardView<Row, Id extends string, Sort extends string> {
  layout: CardLayout<Row, Id>;
  columns: Record<Id, TableColumn<Row, Id, Sort>>;
  extras: readonly TableColumn<Row, Id, Sort>[];
}

/** What every row draws with; the same object while none of it changes, so rows can skip a render. */
export interface RowView<Row, Id extends string, Sort extends string> {
  columns: TableColumn<Row, Id, Sort>[];
  renderCell: (column: TableColumn<Row, Id, Sort>, row: Row) => ReactNode;
  renderActions: (row: Row) => ReactNode;
  rowLabel: (row: Row) => string;
  rowName: (row: Row) => string;
  /** The column pinned at the left (the identifier while it is first), or -1. */
  pinnedIndex: number;
  card: CardView<Row, Id, Sort>;
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
  /** Takes the row's element, to measure its height (`useVirtualRows`). */
  measure: (element: HTMLElement | null) => void;
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
export const ShipmentRow = memo(function ShipmentRow<Row, Id extends string, Sort extends string>({
  row,
  id,
  index,
  selected,
  tabbable,
  view,
  measure,
}: RowProps<Row, Id, Sort>) {
  return (
    <tr
      ref={measure}
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
 * One row on a phone: a card with the identifier and what goes with it (the bill of lading, the
 * carrier), the status, the date that matters now under its column's name, and the attention chip;
 * then the columns the reader added to the table (references, custom fields), each as its name and
 * its table cell, wrapping onto as many lines as they need. The checkbox at its start and the row
 * actions at its end, never over its text. A tap anywhere else opens the shipment. Without added
 * columns every card has the same height.
 */
export const ShipmentCard = memo(function ShipmentCard<Row, Id extends string, Sort extends string>({
  row,
  id,
  index,
  selected,
  tabbable,
  view,
  measure,
}: RowProps<Row, Id, Sort>) {
  const { layout, columns, extras } = view.card;
  const dateColumn = columns[layout.date(row)];
  const attention = layout.attention(row);
  return (
    <li
      ref={measure}
      className={classes.card}
      data-row-index={index}
      data-selected={selected || undefined}
      data-testid="shipment-card"
      data-extras={extras.length > 0 || undefined}
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
        {extras.length > 0 ? (
          <dl className={classes.cardExtras}>
            {extras.map((column) => (
              <div key={column.id} className={classes.cardExtra} data-card-part={`column-${column.id}`}>
                <dt className={classes.cardLabel}>{column.label}</dt>
                <dd>{view.renderCell(column, row)}</dd>
              </div>
            ))}
          </dl>
        ) : null}
      </div>
      <div className={classes.cardActions}>{view.renderActions(row)}</div>
    </li>
  );
}) as <Row, Id extends string, Sort extends string>(props: RowProps<Row, Id, Sort>) => ReactElement;

/** Stands for the rows out of view between two rendered ones, so that the box keeps its height. */
function Spacer({ height, colSpan, cards }: { height: number; colSpan: number; cards: boolean }) {
  return cards ? (
    <li className={classes.spacer} aria-hidden style={{ height }} />
  ) : (
    <tr className={classes.spacer} aria-hidden style={{ height }}>
      <td colSpan={colSpan} />
    </tr>
  );
}

/**
 * The rows to render (`useVirtualRows`): each picked row, and a spacer for each run of rows between
 * them and at either end, as tall as those rows. Spacers, not absolutely placed rows, so the table
 * keeps its own layout: the sticky header, the pinned columns and the column widths work as in any table.
 */
export function virtualRows<Row, Id extends string, Sort extends string>({
  rows,
  rowKey,
  virtual,
  tabStop,
  selected,
  view,
  colSpan,
  cards,
}: {
  rows: Row[];
  rowKey: (row: Row) => string;
  virtual: VirtualRows;
  /** The index of the row with the tab stop. */
  tabStop: number;
  selected: ReadonlySet<string>;
  view: RowView<Row, Id, Sort>;
  colSpan: number;
  cards: boolean;
}): ReactNode[] {
  const Item = cards ? ShipmentCard : ShipmentRow;
  const item = (index: number) => {
    const row = rows[index]!;
    const id = rowKey(row);
    return (
      <Item
        key={id}
        row={row}
        id={id}
        index={index}
        selected={selected.has(id)}
        tabbable={index === tabStop}
        view={view}
        measure={virtual.measure}
      />
    );
  };
  if (virtual.items === 'all') return rows.map((_, index) => item(index));
  const body: ReactNode[] = [];
  let reached = virtual.start;
  for (const { index, start, end } of virtual.items) {
    if (index >= rows.length) continue;
    if (start > reached)
      body.push(
        <Spacer key={`gap-${String(index)}`} height={start - reached} colSpan={colSpan} cards={cards} />,
      );
    body.push(item(index));
    reached = end;
  }
  if (virtual.end > reached)
    body.push(<Spacer key="gap-end" height={virtual.end - reached} colSpan={colSpan} cards={cards} />);
  return body;
}
