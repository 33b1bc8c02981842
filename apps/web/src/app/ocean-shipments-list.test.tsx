import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { OceanShipment } from '@tracklane/shared/ocean-shipments/ocean-shipments.schema';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useWorkspaceStore } from '../features/workspaces/stores/workspace-store';
import { resetAllStores } from '../lib/store-reset';
import { fakeApi, ok, type RecordedCall } from '../test/fake-api';
import { freeTime, listPage, noOptions, oceanShipment } from '../test/ocean-shipment-fixtures';
import {
  acme,
  acmeDefault,
  beta,
  betaDesk,
  gamma,
  selectionOf,
  workspace,
} from '../test/organization-fixtures';
import { renderRoutes } from '../test/render';
import { signInAsAgreedUser } from '../test/session';
import { preloadFor, routes } from './router';
import { xlsxToRows } from '../lib/xlsx';
import { captureDownloads, dateCells } from '../test/downloads';
import { busyOceanDashboard } from '../test/dashboard-fixtures';
import { TAB_ID } from '../lib/tab-id';
import { cardPart, onAPhone } from '../test/phone';

type Routes = Parameters<typeof fakeApi>[0];

const first = oceanShipment({ containerNo: 'MSCU1234566', mblNo: 'MEDU12345678' });
const second = oceanShipment({
  containerNo: 'MSKU1234565',
  mblNo: 'MAEU240101',
  carrierScac: 'MAEU',
  carrierName: 'Maersk',
});
const third = oceanShipment({
  containerNo: 'TGHU1234567',
  mblNo: 'HLCU998877',
  carrierScac: 'HLCU',
  carrierName: 'Hapag-Lloyd',
});
const archivedOne = oceanShipment({ containerNo: 'CMAU1234564', mblNo: 'CMDU556677', archived: true });

function serve(lists: (call: RecordedCall) => ReturnType<typeof ok>, extra: Routes = {}) {
  return fakeApi({
    'GET /api/workspaces/get': ok([acme]),
    'POST /api/workspaces/setCookies': ok(selectionOf(acmeDefault)),
    'GET /api/users/preferences/oceanTableColumns': ok(null),
    'GET /api/shipments/ocean/options': ok(noOptions),
    'GET /api/shipments/ocean': lists,
    'GET /api/shipments/ocean/bills': ok({ items: [], nextCursor: null }),
    ...extra,
  });
}

const byStatus =
  (
    active: OceanShipment[],
    archived: OceanShipment[],
    counts = { activeCount: active.length, archivedCount: archived.length },
  ) =>
  (call: RecordedCall) =>
    ok(listPage(call.query.status === 'archived' ? archived : active, counts));

const rows = () => screen.getAllByTestId('shipment-row');
const containersShown = () =>
  rows().map((row) => within(row).getByRole('link', { name: /^[A-Z]{4}\d{7}$/ }).textContent);

beforeAll(() => {
  Element.prototype.scrollIntoView = vi.fn();
});

beforeEach(() => {
  resetAllStores();
  signInAsAgreedUser();
});

describe('ocean shipment list: tabs, counts and archiving (spec §3, §4)', { timeout: 20_000 }, () => {
  it('shows both tabs’ counts from the list answer', async () => {
    const api = serve(byStatus([first, second, third], [archivedOne]));
    renderRoutes(routes, '/shipments/ocean/active');

    expect(await screen.findByRole('tab', { name: 'Active (3)' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Archived (1)' })).toBeInTheDocument();
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(api.callsTo('GET /api/shipments/ocean')[0]?.query).toEqual({
      status: 'active',
      limit: '50',
      sort: 'created_desc',
    });
  });

  it('asks for its first page and columns before it renders, and renders its rows from those answers', async () => {
    const api = serve(byStatus([first, second, third], [archivedOne]));
    // Without a session (no frame from the server), only the code is fetched.
    await preloadFor('/shipments/ocean/active');
    expect(api.calls).toEqual([]);

    await preloadFor('/shipments/ocean/active', { data: true });
    await waitFor(() => expect(api.callsTo('GET /api/shipments/ocean')).toHaveLength(1));
    expect(api.callsTo('GET /api/users/preferences/oceanTableColumns')).toHaveLength(1);
    expect(api.callsTo('GET /api/workspaces/get')).toHaveLength(1);

    renderRoutes(routes, '/shipments/ocean/active');
    await waitFor(() => expect(rows()).toHaveLength(3));
    // The page took those answers: it did not ask again.
    expect(api.callsTo('GET /api/shipments/ocean')).toHaveLength(1);
    expect(api.callsTo('GET /api/users/preferences/oceanTableColumns')).toHaveLength(1);
  });

  it('keeps the room of what arrives with the rows, so the list does not move', async () => {
    let answer: (value: ReturnType<typeof ok>) => void = () => undefined;
    const pending = new Promise<ReturnType<typeof ok>>((resolve) => (answer = resolve));
    serve(byStatus([], []), { 'GET /api/shipments/ocean': () => pending });
    renderRoutes(routes, '/shipments/ocean/active');
    // Before the answer: each tab holds an invisible pill of the count's size.
    const active = await screen.findByRole('tab', { name: 'Active' });
    expect(active.querySelector('[data-placeholder]')).not.toBeNull();
    expect(screen.queryByTestId('demo-badge')).not.toBeInTheDocument();

    answer(ok(listPage([first, second, third], { activeCount: 3, archivedCount: 1 })));
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(screen.getByRole('tab', { name: 'Active (3)' }).querySelector('[data-placeholder]')).toBeNull();
    // The demo rows' badge sits over the tab bar inside the card, not among the header's actions.
    const card = screen.getByRole('region', { name: 'Active ocean shipments' });
    expect(screen.getAllByTestId('demo-badge')).toEqual([within(card).getByTestId('demo-badge')]);
    expect(within(card).getByTestId('demo-badge')).toHaveTextContent('Demo data');
  });

  it('archives the selected rows: they leave the list, and both tabs’ counts change', async () => {
    const api = serve(byStatus([first, second, third], [archivedOne]), {
      'POST /api/shipments/ocean/archive': ok({
        updatedIds: [second.shipmentOverallId],
        activeCount: 2,
        archivedCount: 2,
      }),
    });
    const { router } = renderRoutes(routes, '/shipments/ocean/active');
    const user = userEvent.setup();
    await waitFor(() => expect(rows()).toHaveLength(3));

    await user.click(screen.getByRole('checkbox', { name: 'Select MSKU1234565' }));
    const bar = await screen.findByRole('group', { name: 'Selected shipments' });
    expect(within(bar).getByText('1 selected')).toBeInTheDocument();
    api.route('GET /api/shipments/ocean', byStatus([first, third], [second, archivedOne]));
    await user.click(within(bar).getByRole('button', { name: 'Archive' }));

    await waitFor(() => expect(containersShown()).toEqual(['MSCU1234566', 'TGHU1234567']));
    expect(api.callsTo('POST /api/shipments/ocean/archive')[0]?.body).toEqual({
      shipmentOverallIds: [second.shipmentOverallId],
      archived: true,
    });
    expect(screen.getByRole('tab', { name: 'Active (2)' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Archived (2)' })).toBeInTheDocument();
    expect(await screen.findByText('Archived 1 shipment')).toBeInTheDocument();
    // The active list was not fetched again: the rows around stayed where they were.
    expect(api.callsTo('GET /api/shipments/ocean').filter((c) => c.query.status === 'active')).toHaveLength(
      1,
    );

    await user.click(screen.getByRole('tab', { name: 'Archived (2)' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/shipments/ocean/archived'));
    await waitFor(() => expect(containersShown()).toEqual(['MSKU1234565', 'CMAU1234564']));
  });

  it('moves a row back to active from its hover action on the archived tab', async () => {
    const api = serve(byStatus([first], [archivedOne]), {
      'POST /api/shipments/ocean/archive': ok({
        updatedIds: [archivedOne.shipmentOverallId],
        activeCount: 2,
        archivedCount: 0,
      }),
    });
    renderRoutes(routes, '/shipments/ocean/archived');
    const user = userEvent.setup();
    await waitFor(() => expect(rows()).toHaveLength(1));

    await user.click(screen.getByRole('button', { name: 'Move back to active: CMAU1234564' }));

    expect(await screen.findByText('Nothing archived yet')).toBeInTheDocument();
    expect(api.callsTo('POST /api/shipments/ocean/archive')[0]?.body).toEqual({
      shipmentOverallIds: [archivedOne.shipmentOverallId],
      archived: false,
    });
    expect(screen.getByRole('tab', { name: 'Active (2)' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Archived (0)' })).toBeInTheDocument();
  });
});

describe('ocean shipment list: dates, sort, search', { timeout: 20_000 }, () => {
  it('writes departure and arrival as the spec’s text, days only, in the user’s zone', async () => {
    serve(
      byStatus(
        [
          oceanShipment({
            containerNo: 'MSCU1234566',
            // 23:30 UTC on 1 March is 1 March in London (the user's zone).
            arrivalVO: { ata: '2025-03-01T23:30:00Z', eta: '2025-03-03T10:00:00Z' },
            departureVO: { atd: null, etd: '2025-02-01T10:00:00Z' },
          }),
          oceanShipment({
            containerNo: 'MSKU1234565',
            arrivalVO: { ata: null, eta: '2025-04-10T02:00:00Z' },
            departureVO: { atd: null, etd: null },
          }),
          oceanShipment({ containerNo: 'TGHU1234567', arrivalVO: { ata: null, eta: null } }),
        ],
        [],
      ),
    );
    renderRoutes(routes, '/shipments/ocean/active');
    await waitFor(() => expect(rows()).toHaveLength(3));

    const cell = (row: number, column: string) =>
      rows()[row]!.querySelector(`td[data-column="${column}"]`)?.textContent;
    expect(cell(0, 'arrival')).toBe('01/03/2025 EST: 03/03/2025');
    expect(cell(0, 'departure')).toBe('EST: 01/02/2025');
    expect(cell(1, 'arrival')).toBe('EST: 10/04/2025');
    expect(cell(1, 'departure')).toBe('-');
    expect(cell(2, 'arrival')).toBe('-');
  });

  it('asks the server for the sort of a clicked header, and searches once typing pauses', async () => {
    const api = serve(byStatus([first], []));
    const { router } = renderRoutes(routes, '/shipments/ocean/active');
    const user = userEvent.setup();
    await waitFor(() => expect(rows()).toHaveLength(1));

    await user.click(screen.getByRole('button', { name: 'ATA / ETA' }));
    await waitFor(() =>
      expect(api.callsTo('GET /api/shipments/ocean').at(-1)?.query).toMatchObject({ sort: 'arrival_asc' }),
    );
    await user.click(screen.getByRole('button', { name: 'ATA / ETA' }));
    await waitFor(() =>
      expect(api.callsTo('GET /api/shipments/ocean').at(-1)?.query).toMatchObject({ sort: 'arrival_desc' }),
    );
    expect(screen.getByRole('columnheader', { name: 'ATA / ETA' })).toHaveAttribute(
      'aria-sort',
      'descending',
    );

    await user.type(
      screen.getByRole('textbox', { name: 'Search by container or bill of lading number' }),
      'mscu12',
    );
    await waitFor(() =>
      expect(api.callsTo('GET /api/shipments/ocean').at(-1)?.query).toMatchObject({ search: 'mscu12' }),
    );
    const searches = api.callsTo('GET /api/shipments/ocean').filter((c) => c.query.search !== undefined);
    expect(searches).toHaveLength(1);
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
      sort: 'arrival_desc',
      q: 'mscu12',
    });
  });

  it('loads the next keyset page under the rows already shown, which stay where they are', async () => {
    const api = serve((call) =>
      ok(
        call.query.cursor === 'after-2'
          ? listPage([third], { activeCount: 3, archivedCount: 0 })
          : listPage([first, second], { activeCount: 3, archivedCount: 0 }, 'after-2'),
      ),
    );
    renderRoutes(routes, '/shipments/ocean/active');
    const user = userEvent.setup();
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(screen.getByTestId('list-footer')).toHaveTextContent('Showing 2 of 3');
    const firstRow = rows()[0];

    await user.click(screen.getByRole('button', { name: 'Load more' }));

    await waitFor(() => expect(containersShown()).toEqual(['MSCU1234566', 'MSKU1234565', 'TGHU1234567']));
    expect(rows()[0]).toBe(firstRow);
    expect(api.callsTo('GET /api/shipments/ocean').map((call) => call.query.cursor)).toEqual([
      undefined,
      'after-2',
    ]);
    expect(screen.getByTestId('list-footer')).toHaveTextContent('Showing 3 of 3');
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('moves between rows with the arrow keys and opens one with Enter', async () => {
    serve(byStatus([first, second], []));
    const { router } = renderRoutes(routes, '/shipments/ocean/active');
    const user = userEvent.setup();
    await waitFor(() => expect(rows()).toHaveLength(2));

    rows()[0]!.focus();
    await user.keyboard('{ArrowDown}');
    expect(rows()[1]).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(rows()[0]).toHaveFocus();
    await user.keyboard('{ArrowDown}{Enter}');

    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/shipment/ocean/MSKU1234565/MAEU240101'),
    );
    expect(router.state.location.search).toBe('?timeZone=Europe%2FLondon');
  });
});

describe('ocean shipment list: empty states', { timeout: 20_000 }, () => {
  it('invites a creator to add the first container', async () => {
    serve(byStatus([], []));
    renderRoutes(routes, '/shipments/ocean/active');

    expect(await screen.findByText('No shipments yet — add your first container')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add a shipment' })).toHaveAttribute(
      'href',
      '/new-shipments/ocean',
    );
  });

  it('offers to clear filters that match nothing', async () => {
    const api = serve(byStatus([], [], { activeCount: 4, archivedCount: 0 }));
    const { router } = renderRoutes(routes, '/shipments/ocean/active?q=ZZZZ&favorites=1');
    const user = userEvent.setup();

    expect(await screen.findByText('Nothing matches these filters')).toBeInTheDocument();
    expect(api.callsTo('GET /api/shipments/ocean')[0]?.query).toMatchObject({
      search: 'ZZZZ',
      favorite: 'true',
    });
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));

    await waitFor(() => expect(router.state.location.search).toBe(''));
    await waitFor(() =>
      expect(api.callsTo('GET /api/shipments/ocean').at(-1)?.query).not.toHaveProperty('search'),
    );
  });
});

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
    renderRoutes(routes, '/shipments/ocean/active');
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
    await user.click(await screen.findByRole('checkbox', { name: 'Vessel' }));
    await waitFor(() => expect(headers()).toContain('Vessel'));
    await user.click(screen.getByRole('button', { name: 'Move MBL up' }));

    await waitFor(() => expect(api.callsTo('PUT /api/users/preferences/oceanTableColumns')).toHaveLength(2));
    expect(api.callsTo('PUT /api/users/preferences/oceanTableColumns').map((call) => call.body)).toEqual([
      {
        hidden: ['added'],
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
        ],
      },
      {
        hidden: ['added'],
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
    renderRoutes(routes, '/shipments/ocean/active');
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
    renderRoutes(routes, '/shipments/ocean/active?carrier=MSCU');
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

describe('ocean shipment list: favourites and permissions (spec §3, §6)', { timeout: 20_000 }, () => {
  it('stars a shipment at once and tells the server', async () => {
    const api = serve(byStatus([first], []), {
      'POST /api/shipments/ocean/favorite': ok({ updatedIds: [first.shipmentOverallId] }),
    });
    renderRoutes(routes, '/shipments/ocean/active');
    const user = userEvent.setup();
    await waitFor(() => expect(rows()).toHaveLength(1));

    await user.click(screen.getByRole('button', { name: 'Add MSCU1234566 to favourites' }));

    expect(screen.getByRole('button', { name: 'Remove MSCU1234566 from favourites' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await waitFor(() =>
      expect(api.callsTo('POST /api/shipments/ocean/favorite')[0]?.body).toEqual({
        shipmentOverallIds: [first.shipmentOverallId],
        favorite: true,
      }),
    );
    // Named by this tab, so that the socket's echo of the star does not reload the list here.
    expect(api.callsTo('POST /api/shipments/ocean/favorite')[0]?.headers['x-tab-id']).toBe(TAB_ID);
  });

  it('lets a view-only member star a shipment for themselves', async () => {
    const api = serve(byStatus([first], []), {
      'GET /api/workspaces/get': ok([beta]),
      'POST /api/workspaces/setCookies': ok(selectionOf(betaDesk)),
      'POST /api/shipments/ocean/favorite': ok({ updatedIds: [first.shipmentOverallId] }),
    });
    renderRoutes(routes, '/shipments/ocean/active');
    const user = userEvent.setup();
    await waitFor(() => expect(rows()).toHaveLength(1));
    // A reader: no selection, so no archive; the star is theirs.
    expect(screen.queryByRole('checkbox', { name: /^Select/ })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add MSCU1234566 to favourites' }));
    await waitFor(() => expect(api.callsTo('POST /api/shipments/ocean/favorite')).toHaveLength(1));
    expect(screen.getByRole('button', { name: 'Remove MSCU1234566 from favourites' })).toBeInTheDocument();
  });

  it('lets a view-only member see the list, without offering to add shipments', async () => {
    fakeApi({
      'GET /api/workspaces/get': ok([beta]),
      'POST /api/workspaces/setCookies': ok(selectionOf(betaDesk)),
      'GET /api/users/preferences/oceanTableColumns': ok(null),
      'GET /api/shipments/ocean/options': ok(noOptions),
      'GET /api/shipments/ocean': byStatus([], []),
    });
    renderRoutes(routes, '/shipments/ocean/active');

    expect(await screen.findByText(/You can view shipments but not add them/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'New shipment' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Add a shipment' })).not.toBeInTheDocument();
  });

  it('shows no list, and asks nothing, where the member has no shipment access', async () => {
    const noAccess = { ...gamma, shipmentPermission: 2, workspaces: [workspace('w-9', 'Ops', 'o-3', true)] };
    const api = fakeApi({
      'GET /api/workspaces/get': ok([noAccess]),
      'POST /api/workspaces/setCookies': ok({ organizationId: 'o-3', workspaceId: 'w-9' }),
    });
    // As kept in local storage from the last visit (spec §4 persistence).
    useWorkspaceStore.setState({
      currentOrganization: {
        organizationId: 'o-3',
        organizationName: 'Gamma Shipping',
        role: 'general_user',
        shipmentPermission: 2,
      },
      currentWorkspace: { workspaceId: 'w-9', name: 'Ops', isDefault: true },
    });
    renderRoutes(routes, '/shipments/ocean/active');

    expect(await screen.findByText('No access to shipments in this workspace')).toBeInTheDocument();
    expect(api.callsTo('GET /api/shipments/ocean')).toHaveLength(0);
  });

  it('narrows to a dashboard card’s shipments with ?attention=, under a chip that removes it', async () => {
    const api = serve(
      (call) =>
        ok(
          listPage(call.query.attention === 'lfdSoon' ? [first, second] : [first, second, third], {
            activeCount: 3,
            archivedCount: 0,
          }),
        ),
      { 'GET /api/dashboard/ocean': ok(busyOceanDashboard()) },
    );
    const { router } = renderRoutes(routes, '/shipments/ocean/active?attention=lfdSoon');
    const user = userEvent.setup();

    await waitFor(() => expect(containersShown()).toEqual(['MSCU1234566', 'MSKU1234565']));
    expect(api.callsTo('GET /api/shipments/ocean')[0]?.query).toMatchObject({
      status: 'active',
      attention: 'lfdSoon',
    });
    const chip = await screen.findByTestId('attention-filter');
    await waitFor(() => expect(chip).toHaveTextContent('Attention: Last free day within 3 days'));

    await user.click(within(chip).getByRole('button', { name: 'Remove the attention filter' }));
    await waitFor(() => expect(containersShown()).toHaveLength(3));
    expect(router.state.location.pathname).toBe('/shipments/ocean/active');
    expect(router.state.location.search).toBe('');
    expect(api.callsTo('GET /api/shipments/ocean').at(-1)?.query.attention).toBeUndefined();
    expect(screen.queryByTestId('attention-filter')).not.toBeInTheDocument();
  });

  it('ignores an attention rule of the other mode', async () => {
    const api = serve(byStatus([first], []));
    renderRoutes(routes, '/shipments/ocean/active?attention=late');
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(api.callsTo('GET /api/shipments/ocean')[0]?.query.attention).toBeUndefined();
    expect(screen.queryByTestId('attention-filter')).not.toBeInTheDocument();
  });
});

describe('ocean shipment list: light rows', { timeout: 20_000 }, () => {
  it('says the full port and the copy in tooltips, and a row action acts on its first click', async () => {
    const api = serve(byStatus([first, second], []), {
      'POST /api/shipments/ocean/archive': ok({
        updatedIds: [second.shipmentOverallId],
        activeCount: 1,
        archivedCount: 1,
      }),
    });
    renderRoutes(routes, '/shipments/ocean/active');
    const user = userEvent.setup();
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();

    await user.hover(within(rows()[0]!).getByText('Rotterdam'));
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Rotterdam (NLRTM)');
    await user.unhover(within(rows()[0]!).getByText('Rotterdam'));
    await waitFor(() => expect(screen.queryByRole('tooltip')).not.toBeInTheDocument());

    const copy = screen.getByRole('button', { name: 'Copy container number MSCU1234566' });
    copy.focus();
    await waitFor(() => expect(screen.getByRole('tooltip')).toHaveTextContent('Copy container number'));
    await user.click(copy);
    await waitFor(() => expect(screen.getByRole('tooltip')).toHaveTextContent('Copied'));
    expect(await navigator.clipboard.readText()).toBe('MSCU1234566');

    const archive = screen.getByRole('button', { name: 'Archive: MSKU1234565' });
    await user.hover(archive);
    await waitFor(() => expect(screen.getByRole('tooltip')).toHaveTextContent('Archive'));
    await user.click(archive);
    await waitFor(() => expect(containersShown()).toEqual(['MSCU1234566']));
    expect(api.callsTo('POST /api/shipments/ocean/archive')).toHaveLength(1);
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
    renderRoutes(routes, '/shipments/ocean/active');

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
    const { router } = renderRoutes(routes, '/shipments/ocean/active');
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

  it('opens the shipment on a tap anywhere on the card but its controls', async () => {
    serve(byStatus([sailing], []));
    const { router } = renderRoutes(routes, '/shipments/ocean/active');
    const user = userEvent.setup();
    const [card] = await screen.findAllByTestId('shipment-card');

    await user.click(card!.querySelector('[data-card-part="date"]')!);
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/shipment/ocean/MSKU1234565/MAEU240101'),
    );
  });
});

describe(
  'ocean shipment list: bills of lading and bookings followed alone (ADR 0037)',
  { timeout: 20_000 },
  () => {
    const billId = '00000000-0000-4000-8000-0000000000b1';
    const summary = (fields: Record<string, unknown>) => ({
      billId,
      kind: 'bl',
      reference: 'MEDU7788990',
      carrierScac: 'MSCU',
      carrierName: 'MSC Mediterranean Shipping Company',
      state: 'found',
      transportDocumentReference: null,
      containerCount: 2,
      notAdded: [],
      source: 'dcsa',
      lastCheckedAt: '2025-02-10T12:00:00.000Z',
      nextCheckAt: '2025-02-10T18:00:00.000Z',
      lastError: null,
      createdAt: '2025-01-20T09:00:00.000Z',
      ...fields,
    });
    const waitingBills = [
      summary({
        billId: '00000000-0000-4000-8000-0000000000b2',
        reference: 'MEDU5566778',
        state: 'pending',
        containerCount: 0,
      }),
      summary({
        billId: '00000000-0000-4000-8000-0000000000b3',
        kind: 'booking',
        reference: '241100456',
        carrierScac: 'MAEU',
        carrierName: 'Maersk',
        state: 'no_source',
        containerCount: 0,
      }),
    ];
    const onBill = [
      oceanShipment({
        containerNo: 'MSCU1234566',
        mblNo: 'MEDU7788990',
        bill: { billId, kind: 'bl', reference: 'MEDU7788990' },
      }),
      oceanShipment({
        containerNo: 'MSKU1234565',
        mblNo: 'MEDU7788990',
        bill: { billId, kind: 'bl', reference: 'MEDU7788990' },
      }),
    ];

    it('looks again while a bill awaits its first answer, so its containers come even without the socket', async () => {
      vi.useFakeTimers({ shouldAdvanceTime: true });
      let answered = false;
      const api = serve(
        () =>
          ok(
            answered
              ? listPage(onBill, { activeCount: 2, archivedCount: 0 })
              : listPage([], { activeCount: 0, archivedCount: 0, billsPending: 1 }),
          ),
        {
          'GET /api/shipments/ocean/bills': () =>
            ok({ items: answered ? [] : [waitingBills[0]], nextCursor: null }),
        },
      );
      try {
        renderRoutes(routes, '/shipments/ocean/active');
        expect(await screen.findByTestId('waiting-bill')).toHaveTextContent('Asking the carrier');
        const asked = api.callsTo('GET /api/shipments/ocean').length;
        answered = true;
        await act(() => vi.advanceTimersByTimeAsync(8_000));
        await waitFor(() => expect(rows()).toHaveLength(2));
        expect(api.callsTo('GET /api/shipments/ocean').length).toBeGreaterThan(asked);
        await waitFor(() => expect(screen.queryByTestId('waiting-bill')).not.toBeInTheDocument());
        // Nothing awaits an answer any more: no more asking.
        const settled = api.callsTo('GET /api/shipments/ocean').length;
        await act(() => vi.advanceTimersByTimeAsync(20_000));
        expect(api.callsTo('GET /api/shipments/ocean')).toHaveLength(settled);
      } finally {
        vi.useRealTimers();
      }
    });

    it('shows the bills still waiting for containers above the list, each with what the carrier said', async () => {
      serve(byStatus([first], []), {
        'GET /api/shipments/ocean/bills': (call) =>
          ok({ items: call.query.status === 'waiting' ? waitingBills : [], nextCursor: null }),
      });
      renderRoutes(routes, '/shipments/ocean/active');
      const panel = await screen.findByRole('region', {
        name: 'Bills of lading and bookings without containers yet',
      });
      const items = within(panel).getAllByTestId('waiting-bill');
      expect(items).toHaveLength(2);
      expect(items[0]).toHaveTextContent('Bill of lading MEDU5566778 · MSC');
      expect(items[0]).toHaveTextContent('Asking the carrier for its containers');
      expect(items[1]).toHaveTextContent('Booking 241100456 · Maersk');
      expect(items[1]).toHaveTextContent('No connection for Maersk');
      expect(
        within(items[0]!).getByRole('button', { name: 'Stop following Bill of lading MEDU5566778' }),
      ).toBeInTheDocument();
    });

    it('groups the containers of one bill under its header, links each row to its group, and shows all again', async () => {
      const api = serve(
        (call) =>
          ok(
            listPage(call.query.bill === billId ? onBill : [first, ...onBill], {
              activeCount: 3,
              archivedCount: 0,
            }),
          ),
        {
          'GET /api/shipments/ocean/bills': ok({ items: [summary({})], nextCursor: null }),
          [`GET /api/shipments/ocean/bills/${billId}`]: ok({
            ...summary({ notAdded: ['MSCU7654325'] }),
            containers: [],
          }),
        },
      );
      const { router } = renderRoutes(routes, '/shipments/ocean/active');
      const user = userEvent.setup();
      await waitFor(() => expect(rows()).toHaveLength(3));
      // The bill's rows link to their group; a container added with its own numbers has none.
      const links = screen.getAllByRole('link', { name: 'Containers on Bill of lading MEDU7788990' });
      expect(links).toHaveLength(2);
      await user.click(links[0]!);

      const group = await screen.findByTestId('bill-group');
      await waitFor(() => expect(group).toHaveTextContent('Bill of lading MEDU7788990 · MSC'));
      expect(group).toHaveTextContent('3 containers found, 1 not added');
      expect(group).toHaveTextContent('Not added: MSCU7654325');
      await waitFor(() => expect(rows()).toHaveLength(2));
      expect(api.callsTo('GET /api/shipments/ocean').at(-1)?.query.bill).toBe(billId);

      await user.click(within(group).getByRole('button', { name: 'Show all shipments' }));
      await waitFor(() => expect(router.state.location.search).toBe(''));
      await waitFor(() => expect(rows()).toHaveLength(3));
      expect(screen.queryByTestId('bill-group')).not.toBeInTheDocument();
    });
  },
);
