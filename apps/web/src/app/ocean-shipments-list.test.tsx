import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ok } from '../test/fake-api';
import { listPage, oceanShipment } from '../test/ocean-shipment-fixtures';
import { renderRoutes } from '../test/render';
import { appRoutes } from './router';
import { setSessionHint } from '../test/session';
import {
  first,
  second,
  third,
  archivedOne,
  serve,
  byStatus,
  rows,
  containersShown,
} from '../test/ocean-shipments-list-page';
import { setUpSignedInPage } from '../test/session';

setUpSignedInPage();

describe('ocean shipment list: tabs, counts and archiving (spec §3, §4)', { timeout: 20_000 }, () => {
  it('shows both tabs’ counts from the list answer', async () => {
    const api = serve(byStatus([first, second, third], [archivedOne]));
    renderRoutes(appRoutes, '/shipments/ocean/active');

    expect(await screen.findByRole('tab', { name: 'Active (3)' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Archived (1)' })).toBeInTheDocument();
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(api.callsTo('GET /api/shipments/ocean')[0]?.query).toEqual({
      status: 'active',
      limit: '50',
      sort: 'created_desc',
    });
  });

  it('with a session cookie, loads its first page and columns before it renders, and renders its rows from them', async () => {
    const clearHint = setSessionHint();
    const lists = byStatus([first, second, third], [archivedOne]);
    let answer: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    const api = serve(lists, { 'GET /api/shipments/ocean': (call) => answered.then(() => lists(call)) });

    renderRoutes(appRoutes, '/shipments/ocean/active?sort=created_desc');
    await waitFor(() => expect(api.callsTo('GET /api/shipments/ocean')).toHaveLength(1));
    expect(api.callsTo('GET /api/users/preferences/oceanTableColumns')).toHaveLength(1);
    expect(api.callsTo('GET /api/workspaces/get')).toHaveLength(1);
    // The page waits for its answer: nothing of it is drawn yet.
    expect(screen.queryByRole('heading', { name: 'Active ocean shipments' })).not.toBeInTheDocument();

    answer();
    await waitFor(() => expect(rows()).toHaveLength(3));
    clearHint();
    // The page took those answers: it did not ask again.
    expect(api.callsTo('GET /api/shipments/ocean')).toHaveLength(1);
    expect(api.callsTo('GET /api/users/preferences/oceanTableColumns')).toHaveLength(1);
  });

  it('keeps the room of what arrives with the rows, so the list does not move', async () => {
    let answer: (value: ReturnType<typeof ok>) => void = () => undefined;
    const pending = new Promise<ReturnType<typeof ok>>((resolve) => (answer = resolve));
    serve(byStatus([], []), { 'GET /api/shipments/ocean': () => pending });
    renderRoutes(appRoutes, '/shipments/ocean/active');
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
    const { router } = renderRoutes(appRoutes, '/shipments/ocean/active');
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
    renderRoutes(appRoutes, '/shipments/ocean/archived');
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
    renderRoutes(appRoutes, '/shipments/ocean/active');
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
    const { router } = renderRoutes(appRoutes, '/shipments/ocean/active');
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
    renderRoutes(appRoutes, '/shipments/ocean/active');
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
    const { router } = renderRoutes(appRoutes, '/shipments/ocean/active');
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
    renderRoutes(appRoutes, '/shipments/ocean/active');

    expect(await screen.findByText('No shipments yet — add your first container')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add a shipment' })).toHaveAttribute(
      'href',
      '/new-shipments/ocean',
    );
  });

  it('offers to clear filters that match nothing', async () => {
    const api = serve(byStatus([], [], { activeCount: 4, archivedCount: 0 }));
    const { router } = renderRoutes(appRoutes, '/shipments/ocean/active?q=ZZZZ&favorites=1');
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

describe('ocean shipment list: light rows', { timeout: 20_000 }, () => {
  it('says the full port and the copy in tooltips, and a row action acts on its first click', async () => {
    const api = serve(byStatus([first, second], []), {
      'POST /api/shipments/ocean/archive': ok({
        updatedIds: [second.shipmentOverallId],
        activeCount: 1,
        archivedCount: 1,
      }),
    });
    renderRoutes(appRoutes, '/shipments/ocean/active');
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
