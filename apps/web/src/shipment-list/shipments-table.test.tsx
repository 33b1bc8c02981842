import { Tooltip } from '@mantine/core';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TableColumn } from './table-columns';
import type { CardView } from './table-rows';
import { OVERSCAN_ROWS } from './use-virtual-rows';
import { renderWithProviders } from '../test/render';
import { ShipmentsTable } from './shipments-table';

interface Parcel {
  id: string;
  number: string;
  place: string;
}

const parcels = (count: number): Parcel[] =>
  Array.from({ length: count }, (_, i) => ({
    id: `p-${String(i)}`,
    number: `TRK${String(i).padStart(5, '0')}`,
    place: `Hub ${String(i)}`,
  }));

type Column = TableColumn<Parcel, 'number' | 'place', 'number'>;
const COLUMNS: Column[] = [
  {
    id: 'number',
    label: 'Number',
    hideable: false,
    width: { min: 100, preferred: 120 },
    text: (row) => row.number,
  },
  {
    id: 'place',
    label: 'Place',
    hideable: true,
    width: { min: 80, preferred: 140 },
    text: (row) => row.place,
  },
];

const CARD: CardView<Parcel, 'number' | 'place', 'number'> = {
  layout: {
    identifier: 'number',
    detail: 'place',
    status: 'place',
    date: () => 'place',
    attention: () => null,
  },
  columns: { number: COLUMNS[0]!, place: COLUMNS[1]! },
  extras: [],
};

const renderCell = vi.fn((column: TableColumn<Parcel, 'number' | 'place', 'number'>, row: Parcel) =>
  column.id === 'place' ? (
    <Tooltip label={`${row.place}, the long name`} openDelay={0}>
      <span>{row.place}</span>
    </Tooltip>
  ) : (
    row.number
  ),
);
const onArchive = vi.fn();
const renderActions = (row: Parcel) => (
  <Tooltip label="Archive" openDelay={0}>
    <button type="button" aria-label={`Archive ${row.number}`} onClick={() => onArchive(row.id)}>
      A
    </button>
  </Tooltip>
);
const rowKey = (row: Parcel) => row.id;
const rowName = (row: Parcel) => row.number;
const rowLabel = (row: Parcel) => `Parcel ${row.number}`;

/** The table as a list page holds it: the selection in state, everything else the same functions. */
function Harness({ rows }: { rows: Parcel[] }) {
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  return (
    <ShipmentsTable
      rows={rows}
      rowKey={rowKey}
      rowLabel={rowLabel}
      rowName={rowName}
      columns={COLUMNS}
      identifierColumn="number"
      card={CARD}
      renderCell={renderCell}
      renderActions={renderActions}
      sort="number"
      onSort={() => undefined}
      selected={selected}
      onSelectedChange={setSelected}
      loading={false}
      onOpen={() => undefined}
      onEndReached={() => undefined}
      empty={null}
      footer={null}
    />
  );
}

const shownRows = () => screen.getAllByTestId('shipment-row');
const shownNumbers = () =>
  shownRows().map((row) => row.querySelector('td[data-column="number"]')?.textContent);

describe('shipments table: rows, tooltips and selection', () => {
  beforeEach(() => {
    renderCell.mockClear();
    onArchive.mockClear();
  });

  it('shows a cell’s tooltip on hover and a button’s on focus, named by aria-describedby', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness rows={parcels(3)} />);
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();

    await user.hover(screen.getByText('Hub 1'));
    const tooltip = await screen.findByRole('tooltip');
    expect(tooltip).toHaveTextContent('Hub 1, the long name');
    expect(screen.getByText('Hub 1')).toHaveAttribute('aria-describedby', tooltip.id);
    await user.unhover(screen.getByText('Hub 1'));
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
    expect(screen.getByText('Hub 1')).not.toHaveAttribute('aria-describedby');

    screen.getByRole('button', { name: 'Archive TRK00002' }).focus();
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Archive');
    expect(screen.getByRole('button', { name: 'Archive TRK00002' })).toHaveAccessibleDescription('Archive');
  });

  it('acts on the first click of a button whose tooltip shows', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness rows={parcels(3)} />);
    const archive = screen.getByRole('button', { name: 'Archive TRK00001' });

    await user.hover(archive);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Archive');
    await user.click(archive);

    expect(onArchive).toHaveBeenCalledExactlyOnceWith('p-1');
    expect(screen.getByRole('button', { name: 'Archive TRK00001' })).toBe(archive);
  });

  it('puts the row actions in a column of their own, after the data cells', () => {
    renderWithProviders(<Harness rows={parcels(2)} />);
    const archive = screen.getByRole('button', { name: 'Archive TRK00001' });
    const cell = archive.closest('td')!;
    expect(cell).not.toHaveAttribute('data-column');
    expect(cell).toBe(cell.parentElement!.lastElementChild);
    // Each column, the actions' too, has its width in the table's column group.
    expect(screen.getByTestId('shipments-table').querySelectorAll('colgroup > col')).toHaveLength(4);
  });

  it('renders again only the row whose selection changed', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness rows={parcels(5)} />);
    await user.click(screen.getByRole('checkbox', { name: 'Select TRK00000' }));
    renderCell.mockClear();

    await user.click(screen.getByRole('checkbox', { name: 'Select TRK00003' }));

    expect(screen.getByRole('checkbox', { name: 'Select TRK00003' })).toBeChecked();
    expect(shownRows()[3]).toHaveAttribute('aria-selected', 'true');
    expect(renderCell.mock.calls.map(([, row]) => row.number)).toEqual(['TRK00003', 'TRK00003']);
  });
});

describe('shipments table: only the rows in view are rendered', () => {
  const BOX = 440;
  const HEADER = 36;
  const ROW = 44;
  let scrollTop = 0;

  beforeEach(() => {
    scrollTop = 0;
    // jsdom lays nothing out: the scroll box, the header and the rows get the sizes a browser gives.
    vi.spyOn(Element.prototype, 'clientHeight', 'get').mockImplementation(function (this: Element) {
      return this.getAttribute('data-testid') === 'shipments-table-scroll' ? BOX : 0;
    });
    vi.spyOn(Element.prototype, 'scrollTop', 'get').mockImplementation(function (this: Element) {
      return this.getAttribute('data-testid') === 'shipments-table-scroll' ? scrollTop : 0;
    });
    vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockImplementation(function (this: HTMLElement) {
      if (this.tagName === 'THEAD') return HEADER;
      return this.tagName === 'TR' ? ROW : 0;
    });
  });
  afterEach(() => vi.restoreAllMocks());

  const seen = Math.ceil((BOX - HEADER) / ROW);

  it('renders the rows in view and a few more, and keeps the room of the rest', async () => {
    renderWithProviders(<Harness rows={parcels(200)} />);

    // The box's height is read as it mounts; until then, the browser window's.
    await waitFor(() => expect(shownRows()).toHaveLength(seen + OVERSCAN_ROWS));
    expect(shownNumbers()[0]).toBe('TRK00000');
    expect(screen.getByTestId('shipments-table')).toHaveAttribute('aria-rowcount', '201');
    expect(shownRows()[1]).toHaveAttribute('aria-rowindex', '3');
    const spacer = () => screen.getByTestId('shipments-table').querySelector('tbody > tr[aria-hidden]');
    expect(spacer()).toHaveStyle({ height: `${String((200 - seen - OVERSCAN_ROWS) * ROW)}px` });
  });

  it('renders the rows scrolled to, keeping the row with the tab stop', async () => {
    renderWithProviders(<Harness rows={parcels(200)} />);

    scrollTop = 100 * ROW + HEADER;
    fireEvent.scroll(screen.getByTestId('shipments-table-scroll'));

    await waitFor(() => expect(shownNumbers()).toContain('TRK00100'));
    const numbers = shownNumbers();
    expect(numbers).toContain('TRK00100');
    expect(numbers).toContain(`TRK00${String(100 + seen + OVERSCAN_ROWS - 1)}`);
    expect(numbers).not.toContain('TRK00050');
    // The first row keeps the tab stop, so Tab still reaches the table.
    expect(numbers[0]).toBe('TRK00000');
    expect(shownRows()[0]).toHaveAttribute('tabindex', '0');
    expect(numbers).toHaveLength(1 + 2 * OVERSCAN_ROWS + seen);
    // The spacers above and below stand for exactly the rows not rendered.
    const spacers = [...screen.getByTestId('shipments-table').querySelectorAll('tbody > tr[aria-hidden]')];
    const spaced = spacers.reduce((sum, spacer) => sum + parseFloat((spacer as HTMLElement).style.height), 0);
    expect(spaced).toBe((200 - numbers.length) * ROW);
  });

  it('moves the keyboard to a row not rendered yet (End), and selects it with Space', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness rows={parcels(200)} />);
    expect(shownNumbers()).not.toContain('TRK00199');

    shownRows()[0]!.focus();
    await user.keyboard('{End}');

    const last = screen.getByRole('row', { name: 'Parcel TRK00199' });
    expect(last).toHaveFocus();
    await user.keyboard(' ');
    expect(within(last).getByRole('checkbox', { name: 'Select TRK00199' })).toBeChecked();
    await user.keyboard('{ArrowUp}');
    expect(screen.getByRole('row', { name: 'Parcel TRK00198' })).toHaveFocus();
  });
});
