import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ok } from '../test/fake-api';
import { freeTime, listPage, oceanShipment } from '../test/ocean-shipment-fixtures';
import { renderRoutes } from '../test/render';
import { setUpSignedInPage } from '../test/session';
import { appRoutes } from './router';
import { xlsxToRows } from '../lib/xlsx';
import { captureDownloads, dateCells } from '../test/downloads';
import { cardPart, onAPhone } from '../test/phone';
import { first, serve, byStatus, rows } from '../test/ocean-shipments-list-page';
import { REFERENCE_COLUMN_IDS } from '../shipment-list/table-columns';
import { OCEAN_COLUMNS } from '../modes/ocean/utils/columns';
import { customField } from '../test/custom-field-fixtures';

setUpSignedInPage();

describe('ocean shipment list: columns and export', { timeout: 20_000 }, () => {
  it('loads the saved columns on mount and saves a change with PUT', async () => {
    const api = serve(byStatus([first], []), {
      'GET /api/users/preferences/oceanTableColumns': ok({
        hidden: ['vessel', 'added'],
        order: [
          'container',
          'arrival',
          'mbl',
          'carrier',
          'status',
          'route',
          'vessel',
          'departure',
          'freeTime',
          'added',
        ],
      }),
      'PUT /api/users/preferences/oceanTableColumns': (call) => ok(call.body, 'Saved'),
    });
    renderRoutes(appRoutes, '/shipments/ocean/active');
    const user = userEvent.setup();
    await waitFor(() => expect(rows()).toHaveLength(1));

    const headers = () =>
      screen
        .getAllByRole('columnheader')
        .map((th) => th.textContent)
        .filter(Boolean);
    expect(headers().slice(0, 3)).toEqual(['Container', 'ATA / ETA', 'MBL']);
    expect(headers()).not.toContain('Vessel');

    await user.click(screen.getByRole('button', { name: 'Columns' }));
    // The popover is named for what it holds, not after the button that opens it.
    const popover = await screen.findByRole('dialog', { name: 'Table columns' });
    expect(screen.queryByRole('dialog', { name: 'Columns' })).not.toBeInTheDocument();
    await user.click(within(popover).getByRole('checkbox', { name: 'Vessel' }));
    await waitFor(() => expect(headers()).toContain('Vessel'));
    await user.click(screen.getByRole('button', { name: 'Move MBL up' }));

    await waitFor(() => expect(api.callsTo('PUT /api/users/preferences/oceanTableColumns')).toHaveLength(2));
    expect(api.callsTo('PUT /api/users/preferences/oceanTableColumns').map((call) => call.body)).toEqual([
      {
        // Columns added since that are hidden by default stay hidden.
        hidden: ['added', ...REFERENCE_COLUMN_IDS],
        order: [
          'container',
          'arrival',
          'mbl',
          'carrier',
          'status',
          'tags',
          'route',
          'vessel',
          'departure',
          'freeTime',
          // Columns added since the layout was saved appear where they belong.
          'ddCost',
          'added',
          ...REFERENCE_COLUMN_IDS,
        ],
      },
      {
        // Columns added since that are hidden by default stay hidden.
        hidden: ['added', ...REFERENCE_COLUMN_IDS],
        order: [
          'container',
          'mbl',
          'arrival',
          'carrier',
          'status',
          'tags',
          'route',
          'vessel',
          'departure',
          'freeTime',
          // Columns added since the layout was saved appear where they belong.
          'ddCost',
          'added',
          ...REFERENCE_COLUMN_IDS,
        ],
      },
    ]);
    expect(headers().slice(0, 3)).toEqual(['Container', 'MBL', 'ATA / ETA']);
  });

  it('shows the last free day that matters now with the clock it belongs to and its days left', async () => {
    // Picked up on demurrage's last free day (27 Nov): detention runs, its last free day tomorrow.
    const delivered = oceanShipment({
      containerNo: 'MSCU1234566',
      status: 'delivered',
      freeTime: freeTime({
        clock: 'detention',
        lastFreeDay: '2026-11-28',
        daysLeft: 1,
        demurrage: { state: 'stopped', lastFreeDay: '2026-11-27', daysLeft: null, cost: 0 },
        detention: { state: 'running', lastFreeDay: '2026-11-28', daysLeft: 1, cost: 0 },
      }),
    });
    serve(byStatus([delivered], []));
    renderRoutes(appRoutes, '/shipments/ocean/active');
    await waitFor(() => expect(rows()).toHaveLength(1));

    const headers = screen.getAllByRole('columnheader').map((th) => th.textContent);
    const cell = within(rows()[0]!).getAllByRole('cell')[headers.indexOf('Last free day')]!;
    // The days left before the clock's name: a narrow column's ellipsis takes the name, not the days.
    expect(cell).toHaveTextContent(/^28\/11\/20261 day left · Detention$/);
    await userEvent.hover(cell.firstElementChild!);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(
      'Demurrage LFD 27/11/2026 (stopped) · Detention LFD 28/11/2026 (running)',
    );
  });

  /** Two pages of the current view served for export, and the downloaded file captured. */
  async function renderForExport() {
    const pageOne = oceanShipment({
      containerNo: 'MSCU1234566',
      tags: ['Hot', 'customer A'],
      arrivalVO: { ata: '2025-03-01T23:30:00Z', eta: null },
    });
    const pageTwo = oceanShipment({
      containerNo: 'MSKU1234565',
      arrivalVO: { ata: null, eta: '2025-04-10T02:00:00Z' },
    });
    const api = serve((call) =>
      call.query.limit === '200'
        ? ok(
            listPage(
              call.query.cursor ? [pageTwo] : [pageOne],
              { activeCount: 2, archivedCount: 0 },
              call.query.cursor ? null : 'c-2',
            ),
          )
        : ok(listPage([pageOne, pageTwo], { activeCount: 2, archivedCount: 0 })),
    );
    const download = captureDownloads();
    renderRoutes(appRoutes, '/shipments/ocean/active?carrier=MSCU');
    const user = userEvent.setup();
    await waitFor(() => expect(rows()).toHaveLength(2));
    return { api, click: download.click, user, exported: download.file };
  }

  it('exports every page of the current view as CSV, days in the user’s zone', async () => {
    const { api, click, user, exported } = await renderForExport();

    await user.click(screen.getByRole('button', { name: 'Export CSV' }));

    expect(await screen.findByText('Exported 2 shipments to CSV')).toBeInTheDocument();
    const exports = api.callsTo('GET /api/shipments/ocean').filter((c) => c.query.limit === '200');
    expect(exports.map((c) => [c.query.carrier, c.query.cursor])).toEqual([
      ['MSCU', undefined],
      ['MSCU', 'c-2'],
    ]);
    expect(click).toHaveBeenCalled();
    const text = await exported().text();
    // Actual and estimated dates in columns of their own, as dates a spreadsheet sorts and filters.
    expect(text).toContain(
      'Container,MBL,Carrier,Status,Tags,POL → POD,ATD,ETD,ATA,ETA,Demurrage LFD,Detention LFD,Free time clock,Free days left,D&D cost so far,Currency\r\n',
    );
    expect(text).toContain(
      'MSCU1234566,MEDU12345678,MSC,In transit,"Hot, customer A",Shanghai → Rotterdam,2025-02-01,,2025-03-01,,,,,,0,USD\r\n',
    );
    expect(text).toContain(',2025-02-01,,,2025-04-10,,,,,0,USD\r\n');
  });

  it('shows the workspace’s references as columns on demand, and exports them', async () => {
    const withRefs = oceanShipment({
      containerNo: 'MSCU1234566',
      references: {
        bookingNumber: 'BKG-77',
        customerReference: null,
        poNumbers: ['PO-1', 'PO-2'],
        shipper: null,
        consignee: { id: 'c1', name: 'Acme Retail GmbH' },
        customer: null,
        forwarder: null,
      },
    });
    serve(byStatus([withRefs], []), {
      'PUT /api/users/preferences/oceanTableColumns': (call) => ok(call.body, 'Saved'),
    });
    const download = captureDownloads();
    renderRoutes(appRoutes, '/shipments/ocean/active');
    const user = userEvent.setup();
    await waitFor(() => expect(rows()).toHaveLength(1));
    // Hidden by default.
    expect(screen.queryByRole('columnheader', { name: 'PO numbers' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Columns' }));
    await user.click(await screen.findByRole('checkbox', { name: 'PO numbers' }));
    await user.click(screen.getByRole('checkbox', { name: 'Consignee' }));
    await user.keyboard('{Escape}');
    expect(await screen.findByRole('columnheader', { name: 'PO numbers' })).toBeInTheDocument();
    const row = rows()[0]!;
    expect(within(row).getByText('PO-1, PO-2')).toHaveAttribute('title', 'PO-1, PO-2');
    expect(within(row).getByText('Acme Retail GmbH')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByText('Exported 1 shipment to CSV')).toBeInTheDocument();
    const text = await download.file().text();
    expect(text.split('\r\n')[0]).toMatch(/,PO numbers,Consignee$/);
    expect(text.split('\r\n')[1]).toMatch(/,"PO-1, PO-2",Acme Retail GmbH$/);
  });

  it('offers the workspace’s companies as a filter, kept in the URL and sent to the server', async () => {
    const acmeCompany = { id: '7d0c2d6e-3f7b-4b8e-9b8a-2f3c4d5e6f70', name: 'Acme Retail GmbH' };
    const api = serve(byStatus([first], []), {
      'GET /api/companies': ok({ companies: [acmeCompany] }),
    });
    const { router } = renderRoutes(appRoutes, '/shipments/ocean/active');
    const user = userEvent.setup();
    await waitFor(() => expect(rows()).toHaveLength(1));

    await user.click(await screen.findByRole('combobox', { name: 'Company' }));
    await user.click(await screen.findByRole('option', { name: 'Acme Retail GmbH' }));
    await waitFor(() =>
      expect(api.callsTo('GET /api/shipments/ocean').at(-1)?.query).toMatchObject({
        company: acmeCompany.id,
      }),
    );
    expect(new URLSearchParams(router.state.location.search).get('company')).toBe(acmeCompany.id);
  });

  it('exports the same view as an XLSX workbook', async () => {
    const { api, click, user, exported } = await renderForExport();

    await user.click(screen.getByRole('button', { name: 'Export XLSX' }));

    expect(await screen.findByText('Exported 2 shipments to XLSX')).toBeInTheDocument();
    const exports = api.callsTo('GET /api/shipments/ocean').filter((c) => c.query.limit === '200');
    expect(exports.map((c) => [c.query.carrier, c.query.cursor])).toEqual([
      ['MSCU', undefined],
      ['MSCU', 'c-2'],
    ]);
    expect(click).toHaveBeenCalled();
    const workbook = new Uint8Array(await exported().arrayBuffer());
    const sheet = xlsxToRows(workbook);
    expect(sheet[0]).toEqual([
      'Container',
      'MBL',
      'Carrier',
      'Status',
      'Tags',
      'POL → POD',
      'ATD',
      'ETD',
      'ATA',
      'ETA',
      'Demurrage LFD',
      'Detention LFD',
      'Free time clock',
      'Free days left',
      'D&D cost so far',
      'Currency',
    ]);
    expect(sheet[1]?.slice(0, 5)).toEqual([
      'MSCU1234566',
      'MEDU12345678',
      'MSC',
      'In transit',
      'Hot, customer A',
    ]);
    expect(sheet).toHaveLength(3);
    // Real dates: serial numbers in day/month/year cells, an unknown date an empty cell.
    expect(dateCells(workbook)).toEqual([
      { cell: 'G2', serial: '45689' }, // 01/02/2025
      { cell: 'H2', serial: null },
      { cell: 'I2', serial: '45717' }, // 01/03/2025
      { cell: 'J2', serial: null },
      { cell: 'K2', serial: null },
      { cell: 'L2', serial: null },
      { cell: 'G3', serial: '45689' },
      { cell: 'H3', serial: null },
      { cell: 'I3', serial: null },
      { cell: 'J3', serial: '45757' }, // 10/04/2025
      { cell: 'K3', serial: null },
      { cell: 'L3', serial: null },
    ]);
  });
});

describe('ocean shipment list on a phone: a card per row', { timeout: 20_000 }, () => {
  let restore: () => void = () => undefined;
  beforeEach(() => {
    restore = onAPhone();
  });
  afterEach(() => restore());

  const overdue = {
    ...oceanShipment({
      containerNo: 'MSCU1234566',
      mblNo: 'MEDU12345678',
      status: 'discharged',
      arrivalVO: { eta: null, ata: '2025-03-01T08:00:00.000Z' },
      freeTime: freeTime({ clock: 'demurrage', lastFreeDay: '2025-03-05', daysLeft: -2 }),
    }),
    attention: 'lfdPassed' as const,
  };
  const sailing = oceanShipment({
    containerNo: 'MSKU1234565',
    mblNo: 'MAEU240101',
    carrierScac: 'MAEU',
    carrierName: 'Maersk',
    status: 'in_transit',
    arrivalVO: { eta: '2025-04-10T08:00:00.000Z', ata: null },
  });

  it('shows the container and its bill, the status, the date that matters and the attention chip', async () => {
    serve(byStatus([overdue, sailing], []));
    renderRoutes(appRoutes, '/shipments/ocean/active');

    const cards = await screen.findAllByTestId('shipment-card');
    expect(screen.queryByTestId('shipment-row')).toBeNull();
    expect(cards).toHaveLength(2);
    const [first, second] = cards as [HTMLElement, HTMLElement];
    expect(cardPart(first, 'identifier')).toContain('MSCU1234566');
    expect(cardPart(first, 'detail')).toContain('MEDU12345678');
    expect(cardPart(first, 'status')).toBe('Discharged');
    // The last free day of the running clock, not the arrival, while a clock runs (ADR 0031).
    expect(cardPart(first, 'date')).toBe('Last free day05/03/20252 days over · Demurrage');
    expect(cardPart(first, 'attention')).toBe('LFD passed');
    // No clock runs: the arrival; nothing needs attention: no chip.
    expect(cardPart(second, 'identifier')).toContain('MSKU1234565');
    expect(cardPart(second, 'detail')).toContain('MAEU240101');
    expect(cardPart(second, 'status')).toBe('In transit');
    expect(cardPart(second, 'date')).toBe('ATA / ETAEST: 10/04/2025');
    expect(cardPart(second, 'attention')).toBeNull();
  });

  it('keeps the selection, the row actions, the sort and opening a shipment within reach', async () => {
    const api = serve(byStatus([overdue, sailing], []), {
      'POST /api/shipments/ocean/archive': ok({ updatedIds: [overdue.shipmentOverallId] }),
    });
    const { router } = renderRoutes(appRoutes, '/shipments/ocean/active');
    const user = userEvent.setup();
    const cards = await screen.findAllByTestId('shipment-card');

    await user.click(within(cards[1]!).getByRole('checkbox', { name: 'Select MSKU1234565' }));
    expect(await screen.findByText('1 selected')).toBeInTheDocument();

    await user.click(within(cards[0]!).getByRole('button', { name: 'Archive: MSCU1234566' }));
    await waitFor(() => expect(api.callsTo('POST /api/shipments/ocean/archive')).toHaveLength(1));

    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort' }), 'arrival_asc');
    await waitFor(() => expect(router.state.location.search).toBe('?sort=arrival_asc'));

    // The keyboard, as on a table row: arrows move, Enter opens.
    screen.getAllByTestId('shipment-card')[0]!.focus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getAllByTestId('shipment-card')[1]).toHaveFocus();
    await user.keyboard('{Enter}');
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/shipment/ocean/MSKU1234565/MAEU240101'),
    );
  });

  it('adds the references and custom fields the reader chose as columns, formatted as their cells', async () => {
    const pallets = customField('1', 'number', 'Pallets');
    const bookedOn = customField('2', 'date', 'Booked on');
    const portal = customField('3', 'link', 'Portal');
    const withExtras = oceanShipment({
      containerNo: 'MSCU1234566',
      mblNo: 'MEDU12345678',
      references: {
        bookingNumber: 'BKG-77',
        customerReference: null,
        poNumbers: ['PO-1', 'PO-2'],
        shipper: null,
        consignee: null,
        customer: { id: 'c1', name: 'Acme Retail GmbH' },
        forwarder: null,
      },
      customFields: {
        [pallets.id]: 1234.5,
        [bookedOn.id]: '2026-03-01',
        [portal.id]: 'https://portal.example.com/x',
      },
    });
    const bare = oceanShipment({ containerNo: 'MSKU1234565', mblNo: 'MAEU240101' });
    serve(byStatus([withExtras, bare], []), {
      'GET /api/custom-fields': ok({ fields: [pallets, bookedOn, portal] }),
      // The reader shows, in this order: the customer, PO numbers, Pallets, Booked on and Portal; the
      // vessel and the booking stay hidden.
      'GET /api/users/preferences/oceanTableColumns': ok({
        hidden: ['vessel', 'added', 'booking', 'customerReference', 'shipper', 'consignee', 'forwarder'],
        order: [
          ...OCEAN_COLUMNS.ids.filter((id) => id !== 'customer' && id !== 'poNumbers'),
          'customer',
          'poNumbers',
          `cf.${pallets.id}`,
          `cf.${bookedOn.id}`,
          `cf.${portal.id}`,
        ],
      }),
      'PUT /api/users/preferences/oceanTableColumns': (call) => ok(call.body, 'Saved'),
    });
    renderRoutes(appRoutes, '/shipments/ocean/active');
    const user = userEvent.setup();

    const [card, other] = (await screen.findAllByTestId('shipment-card')) as [HTMLElement, HTMLElement];
    const extras = () =>
      [...card.querySelectorAll('dl [data-card-part]')].map((part) => [
        part.querySelector('dt')!.textContent,
        part.querySelector('dd')!.textContent,
      ]);
    expect(extras()).toEqual([
      ['Customer', 'Acme Retail GmbH'],
      ['PO numbers', 'PO-1, PO-2'],
      // By type, as the table's cells: a number grouped, a day as DD/MM/YYYY, a link without its scheme.
      ['Pallets', '1,234.5'],
      ['Booked on', '01/03/2026'],
      ['Portal', 'portal.example.com/x'],
    ]);
    expect(within(card).getByRole('link', { name: 'portal.example.com/x' })).toHaveAttribute(
      'href',
      'https://portal.example.com/x',
    );
    // The card's own parts are still there, and a shipment without the values says so with a dash.
    expect(cardPart(card, 'identifier')).toContain('MSCU1234566');
    expect(cardPart(other, 'column-customer')).toBe('Customer-');
    expect(cardPart(other, 'column-poNumbers')).toBe('PO numbers-');

    // The column choice is within reach on a phone: a column shown there joins the cards.
    await user.click(screen.getByRole('button', { name: 'Columns' }));
    await user.click(await screen.findByRole('checkbox', { name: 'Booking' }));
    await user.click(screen.getByRole('checkbox', { name: 'Pallets' }));
    await user.keyboard('{Escape}');
    await waitFor(() =>
      expect(cardPart(screen.getAllByTestId('shipment-card')[0]!, 'column-booking')).toBe('BookingBKG-77'),
    );
    expect(cardPart(screen.getAllByTestId('shipment-card')[0]!, `column-cf.${pallets.id}`)).toBeNull();
  });

  it('shows no extra lines while the reader has added no column', async () => {
    serve(byStatus([sailing], []));
    renderRoutes(appRoutes, '/shipments/ocean/active');
    const [card] = await screen.findAllByTestId('shipment-card');
    expect(card!.querySelector('dl')).toBeNull();
    expect(card).not.toHaveAttribute('data-extras');
  });

  it('opens the shipment on a tap anywhere on the card but its controls', async () => {
    serve(byStatus([sailing], []));
    const { router } = renderRoutes(appRoutes, '/shipments/ocean/active');
    const user = userEvent.setup();
    const [card] = await screen.findAllByTestId('shipment-card');

    await user.click(card!.querySelector('[data-card-part="date"]')!);
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/shipment/ocean/MSKU1234565/MAEU240101'),
    );
  });
});
