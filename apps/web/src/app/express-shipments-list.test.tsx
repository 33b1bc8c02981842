import { busyExpressDashboard } from '../test/dashboard-fixtures';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type {
  ExpressListTab,
  ExpressShipment,
} from '@tracklane/shared/express-shipments/express-shipments.schema';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { EXPRESS_COLUMN_IDS } from '../modes/express/utils/columns';
import { resetAllStores } from '../lib/store-reset';
import { captureDownloads } from '../test/downloads';
import { fakeApi, ok, type RecordedCall } from '../test/fake-api';
import { expressListPage, expressShipment, parcelPlace } from '../test/express-shipment-fixtures';
import { acme, acmeDefault, beta, betaDesk, selectionOf } from '../test/organization-fixtures';
import { renderRoutes } from '../test/render';
import { signInAsAgreedUser } from '../test/session';
import { routes } from './router';
import { cardPart, onAPhone } from '../test/phone';

type Routes = Parameters<typeof fakeApi>[0];
type Tabs = Record<ExpressListTab, ExpressShipment[]>;

const LIST = 'GET /api/shipments/express';
const ARCHIVE = 'POST /api/shipments/express/archive';

const ups = expressShipment({ expressOrderNo: '1Z5R89390357567127' });
const fedex = expressShipment({
  expressOrderNo: '794616896420',
  carrier: 'fedex',
  carrierName: 'FedEx',
  service: 'FedEx Express',
  status: 'delivered',
  deliveredAt: '2025-03-04T23:30:00.000Z',
  lastLocation: parcelPlace(null, { city: 'Memphis', countryCode: 'US' }),
});
const lost = expressShipment({
  expressOrderNo: '9400111899223344556677',
  carrier: 'usps',
  carrierName: 'USPS',
  state: 'not_found',
  status: null,
  origin: null,
  destination: null,
  lastLocation: null,
  lastEventAt: null,
  estimatedDelivery: null,
});
const archivedOne = expressShipment({ expressOrderNo: 'JJD000390007123456789', archived: true });

const countsOf = (tabs: Tabs) => ({
  activeCount: tabs.active.length,
  notFoundCount: tabs.notFound.length,
  archivedCount: tabs.archived.length,
});

/** The list route answering each tab from `tabs`, with the counts of all three. */
const byTab = (tabs: Tabs) => (call: RecordedCall) =>
  ok(expressListPage(tabs[call.query.status as ExpressListTab], countsOf(tabs)));

function serve(tabs: Tabs, extra: Routes = {}) {
  return fakeApi({
    'GET /api/workspaces/get': ok([acme]),
    'POST /api/workspaces/setCookies': ok(selectionOf(acmeDefault)),
    'GET /api/users/preferences/expressTableColumns': ok(null),
    'GET /api/shipments/express/options': ok({
      carriers: [
        { code: 'fedex', name: 'FedEx' },
        { code: 'ups', name: 'UPS' },
        { code: 'usps', name: 'USPS' },
      ],
      tags: ['returns'],
    }),
    [LIST]: byTab(tabs),
    ...extra,
  });
}

const rows = () => screen.getAllByTestId('shipment-row');
const numbersShown = () =>
  rows().map((row) => within(row).getByRole('link', { name: /^[A-Z0-9]{10,}$/ }).textContent);
const cell = (row: number, column: string) =>
  rows()[row]!.querySelector(`td[data-column="${column}"]`)?.textContent;

beforeAll(() => {
  Element.prototype.scrollIntoView = vi.fn();
});

beforeEach(() => {
  resetAllStores();
  signInAsAgreedUser();
});

describe('express shipment list: tabs and counts (spec §3, §4)', { timeout: 20_000 }, () => {
  it('offers a view-only member (permission 1) no selection or archive, but a star of their own', async () => {
    serve(
      { active: [ups, { ...fedex, favorite: true }], notFound: [], archived: [] },
      {
        'GET /api/workspaces/get': ok([beta]),
        'POST /api/workspaces/setCookies': ok(selectionOf(betaDesk)),
      },
    );
    renderRoutes(routes, '/shipments/truck/express/active');
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(screen.queryByRole('checkbox', { name: /^Select/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Archive/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'New shipment' })).not.toBeInTheDocument();
    // Favourites are personal (ADR 0033): the reader's own star is theirs to turn.
    expect(within(rows()[0]!).getByRole('button', { name: /^Add .* to favourites$/ })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    expect(within(rows()[1]!).getByRole('button', { name: /^Remove .* from favourites$/ })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(screen.getByRole('link', { name: 'Open 794616896420' })).toBeInTheDocument();
  });

  it('shows the three tabs’ counts from the list answer, and the parcels of the active one', async () => {
    const api = serve({ active: [ups, fedex], notFound: [lost], archived: [archivedOne] });
    renderRoutes(routes, '/shipments/truck/express/active');

    expect(await screen.findByRole('tab', { name: 'Active (2)' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Not found (1)' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Archived (1)' })).toBeInTheDocument();
    await waitFor(() => expect(numbersShown()).toEqual(['1Z5R89390357567127', '794616896420']));
    expect(api.callsTo(LIST)[0]?.query).toEqual({ status: 'active', limit: '50', sort: 'created_desc' });
    // Status in words, places as the carrier names them, days in the user's zone (Europe/London).
    expect(cell(1, 'status')).toBe('Delivered');
    expect(cell(1, 'lastLocation')).toBe('Memphis, US');
    expect(cell(1, 'delivered')).toBe('04/03/2025');
    expect(cell(0, 'estimatedDelivery')).toBe('05/03/2025');
    expect(cell(0, 'delivered')).toBe('-');
    expect(screen.getByRole('link', { name: '794616896420' })).toHaveAttribute(
      'href',
      `/shipment/truck/express/${fedex.expressOrderId}/794616896420`,
    );
  });

  it('archives the selected rows: they leave the list and all three counts change', async () => {
    const tabs = { active: [ups, fedex], notFound: [lost], archived: [archivedOne] };
    const api = serve(tabs, {
      [ARCHIVE]: ok({
        updatedIds: [fedex.expressOrderId],
        activeCount: 1,
        notFoundCount: 1,
        archivedCount: 2,
      }),
    });
    const { router } = renderRoutes(routes, '/shipments/truck/express/active');
    const user = userEvent.setup();
    await waitFor(() => expect(rows()).toHaveLength(2));

    await user.click(screen.getByRole('checkbox', { name: 'Select 794616896420' }));
    const bar = await screen.findByRole('group', { name: 'Selected shipments' });
    api.route(LIST, byTab({ active: [ups], notFound: [lost], archived: [fedex, archivedOne] }));
    await user.click(within(bar).getByRole('button', { name: 'Archive' }));

    await waitFor(() => expect(numbersShown()).toEqual(['1Z5R89390357567127']));
    expect(api.callsTo(ARCHIVE)[0]?.body).toEqual({
      expressOrderIds: [fedex.expressOrderId],
      archived: true,
    });
    expect(screen.getByRole('tab', { name: 'Active (1)' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Not found (1)' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Archived (2)' })).toBeInTheDocument();
    expect(await screen.findByText('Archived 1 shipment')).toBeInTheDocument();
    // The active list was not fetched again: the rows around stayed where they were.
    expect(api.callsTo(LIST).filter((c) => c.query.status === 'active')).toHaveLength(1);

    await user.click(screen.getByRole('tab', { name: 'Archived (2)' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/shipments/truck/express/archived'));
    await waitFor(() => expect(numbersShown()).toEqual(['794616896420', 'JJD000390007123456789']));
  });

  it('moves a row back from the archive with its hover action', async () => {
    const api = serve(
      { active: [ups], notFound: [], archived: [archivedOne] },
      {
        [ARCHIVE]: ok({
          updatedIds: [archivedOne.expressOrderId],
          activeCount: 2,
          notFoundCount: 0,
          archivedCount: 0,
        }),
      },
    );
    renderRoutes(routes, '/shipments/truck/express/archived');
    const user = userEvent.setup();
    await waitFor(() => expect(rows()).toHaveLength(1));

    await user.click(screen.getByRole('button', { name: 'Move back to active: JJD000390007123456789' }));

    expect(await screen.findByText('Nothing archived yet')).toBeInTheDocument();
    expect(api.callsTo(ARCHIVE)[0]?.body).toEqual({
      expressOrderIds: [archivedOne.expressOrderId],
      archived: false,
    });
    expect(screen.getByRole('tab', { name: 'Active (2)' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Archived (0)' })).toBeInTheDocument();
    expect(await screen.findByText('Unarchived 1 shipment')).toBeInTheDocument();
  });
});

describe('express shipment list: the not-found tab', { timeout: 20_000 }, () => {
  it('says what not found means above its parcels, and archives from there too', async () => {
    const api = serve(
      { active: [ups], notFound: [lost], archived: [] },
      {
        [ARCHIVE]: ok({
          updatedIds: [lost.expressOrderId],
          activeCount: 1,
          notFoundCount: 0,
          archivedCount: 1,
        }),
      },
    );
    renderRoutes(routes, '/shipments/truck/express/not-found');
    const user = userEvent.setup();

    expect(await screen.findByRole('tab', { name: 'Not found (1)' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await waitFor(() => expect(numbersShown()).toEqual(['9400111899223344556677']));
    expect(api.callsTo(LIST)[0]?.query).toMatchObject({ status: 'notFound' });
    expect(screen.getByTestId('list-note')).toHaveTextContent(
      /No carrier knew these tracking numbers within the retry window.*once a day.*back to Active by itself/,
    );
    expect(cell(0, 'status')).toBe('Not found');
    expect(cell(0, 'lastLocation')).toBe('-');

    await user.click(screen.getByRole('checkbox', { name: 'Select 9400111899223344556677' }));
    const bar = await screen.findByRole('group', { name: 'Selected shipments' });
    await user.click(within(bar).getByRole('button', { name: 'Archive' }));

    expect(await screen.findByText('Every tracking number was found')).toBeInTheDocument();
    expect(api.callsTo(ARCHIVE)[0]?.body).toEqual({ expressOrderIds: [lost.expressOrderId], archived: true });
    expect(screen.getByRole('tab', { name: 'Not found (0)' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Archived (1)' })).toBeInTheDocument();
    // Its empty state explains the tab in the note's place.
    expect(screen.getByTestId('empty-not-found')).toHaveTextContent(/retry window.*once a day/);
    expect(screen.queryByTestId('list-note')).not.toBeInTheDocument();
  });
});

describe('express shipment list: filters, sort and columns', { timeout: 20_000 }, () => {
  it('keeps carrier, status, search and sort in the URL, sends them, and carries them to another tab', async () => {
    const api = serve({ active: [ups, fedex], notFound: [lost], archived: [] });
    const { router } = renderRoutes(routes, '/shipments/truck/express/active');
    const user = userEvent.setup();
    await waitFor(() => expect(rows()).toHaveLength(2));

    await user.click(screen.getByRole('combobox', { name: 'Carrier' }));
    await user.click(await screen.findByRole('option', { name: 'FedEx' }));
    await user.click(screen.getByRole('combobox', { name: 'Parcel status' }));
    await user.click(await screen.findByRole('option', { name: 'Delivered' }));
    await user.click(screen.getByRole('button', { name: 'Est. delivery' }));
    await user.type(screen.getByRole('textbox', { name: 'Search by tracking number' }), '7946');

    await waitFor(() =>
      expect(api.callsTo(LIST).at(-1)?.query).toEqual({
        status: 'active',
        limit: '50',
        sort: 'delivery_asc',
        search: '7946',
        carrier: 'fedex',
        parcelStatus: 'delivered',
      }),
    );
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
      carrier: 'fedex',
      parcelStatus: 'delivered',
      sort: 'delivery_asc',
      q: '7946',
    });

    await user.click(screen.getByRole('tab', { name: 'Not found (1)' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/shipments/truck/express/not-found'));
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toMatchObject({
      carrier: 'fedex',
      parcelStatus: 'delivered',
    });
    await waitFor(() =>
      expect(api.callsTo(LIST).at(-1)?.query).toMatchObject({
        status: 'notFound',
        carrier: 'fedex',
        parcelStatus: 'delivered',
      }),
    );
  });

  it('reads filters from the URL it was opened with', async () => {
    const api = serve({ active: [], notFound: [], archived: [] });
    renderRoutes(routes, '/shipments/truck/express/archived?carrier=ups&favorites=1&sort=tracking_asc');

    expect(await screen.findByText('Nothing matches these filters')).toBeInTheDocument();
    expect(api.callsTo(LIST)[0]?.query).toEqual({
      status: 'archived',
      limit: '50',
      sort: 'tracking_asc',
      carrier: 'ups',
      favorite: 'true',
    });
    expect(screen.getByRole('columnheader', { name: 'Tracking number' })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
  });

  it('shows more columns from Columns, saved as the user’s express columns, and sorts by them', async () => {
    const api = serve(
      { active: [fedex], notFound: [], archived: [] },
      { 'PUT /api/users/preferences/expressTableColumns': (call) => ok(call.body, 'Saved') },
    );
    renderRoutes(routes, '/shipments/truck/express/active');
    const user = userEvent.setup();
    await waitFor(() => expect(rows()).toHaveLength(1));
    const headers = () =>
      screen
        .getAllByRole('columnheader')
        .map((th) => th.textContent)
        .filter(Boolean);
    expect(headers()).toEqual([
      'Tracking number',
      'Carrier',
      'Status',
      'Tags',
      'Destination',
      'Last location',
      'Est. delivery',
      'Delivered',
      'Actions',
    ]);

    await user.click(screen.getByRole('button', { name: 'Columns' }));
    await user.click(await screen.findByRole('checkbox', { name: 'Service' }));
    await user.click(screen.getByRole('checkbox', { name: 'Last event' }));

    await waitFor(() => expect(headers()).toContain('Last event'));
    expect(cell(0, 'service')).toBe('FedEx Express');
    expect(cell(0, 'lastEvent')).toBe('03/03/2025');
    await waitFor(() =>
      expect(api.callsTo('PUT /api/users/preferences/expressTableColumns').at(-1)?.body).toEqual({
        hidden: ['origin', 'added', 'source'],
        // The order stays the default one: only what is hidden changed.
        order: [...EXPRESS_COLUMN_IDS],
      }),
    );
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Last event' }));
    await waitFor(() => expect(api.callsTo(LIST).at(-1)?.query).toMatchObject({ sort: 'updated_desc' }));
  });

  it('exports the current view as CSV, days in the user’s zone', async () => {
    const api = serve({ active: [fedex], notFound: [], archived: [] });
    const download = captureDownloads();
    renderRoutes(routes, '/shipments/truck/express/active?carrier=fedex');
    const user = userEvent.setup();
    await waitFor(() => expect(rows()).toHaveLength(1));

    await user.click(screen.getByRole('button', { name: 'Export CSV' }));

    expect(await screen.findByText('Exported 1 shipment to CSV')).toBeInTheDocument();
    expect(api.callsTo(LIST).filter((c) => c.query.limit === '200')[0]?.query).toMatchObject({
      status: 'active',
      carrier: 'fedex',
    });
    const text = await download.file().text();
    expect(text).toContain(
      'Tracking number,Carrier,Status,Tags,Destination,Last location,Est. delivery,Delivered\r\n',
    );
    expect(text).toContain(
      '794616896420,FedEx,Delivered,,NEW YORK NY US,"Memphis, US",2025-03-05,2025-03-04\r\n',
    );
  });
});

describe('express shipment list: empty states', { timeout: 20_000 }, () => {
  it('invites a creator to add the first parcel', async () => {
    serve({ active: [], notFound: [], archived: [] });
    renderRoutes(routes, '/shipments/truck/express/active');

    expect(await screen.findByText('No parcels yet — add your first tracking number')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add a shipment' })).toHaveAttribute(
      'href',
      '/new-shipments/truck/express',
    );
  });

  it('narrows to a dashboard card’s parcels with ?attention=, under a chip that removes it', async () => {
    const api = serve(
      { active: [ups, fedex], notFound: [lost], archived: [archivedOne] },
      {
        [LIST]: (call) =>
          ok(
            expressListPage(call.query.attention === 'late' ? [ups] : [ups, fedex], {
              activeCount: 2,
              notFoundCount: 1,
              archivedCount: 1,
            }),
          ),
        'GET /api/dashboard/express': ok(busyExpressDashboard()),
      },
    );
    const { router } = renderRoutes(routes, '/shipments/truck/express/active?attention=late');
    const user = userEvent.setup();

    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(api.callsTo(LIST)[0]?.query).toMatchObject({ status: 'active', attention: 'late' });
    const chip = await screen.findByTestId('attention-filter');
    await waitFor(() => expect(chip).toHaveTextContent('Attention: Late against the estimate'));

    await user.click(within(chip).getByRole('button', { name: 'Remove the attention filter' }));
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(router.state.location.pathname).toBe('/shipments/truck/express/active');
    expect(router.state.location.search).toBe('');
    expect(api.callsTo(LIST).at(-1)?.query.attention).toBeUndefined();
  });
});

describe('express shipment list on a phone: a card per row', { timeout: 20_000 }, () => {
  let restore: () => void = () => undefined;
  beforeEach(() => {
    restore = onAPhone();
  });
  afterEach(() => restore());

  it('shows the parcel number with its carrier, the status, the delivery day and the attention chip', async () => {
    const late = {
      ...expressShipment({
        expressOrderNo: '1Z5R89390357567127',
        carrier: 'ups',
        carrierName: 'UPS',
        status: 'in_transit',
        estimatedDelivery: '2025-03-04T12:00:00.000Z',
        deliveredAt: null,
      }),
      attention: 'late' as const,
    };
    const delivered = expressShipment({
      expressOrderNo: '771249093017',
      carrier: 'fedex',
      carrierName: 'FedEx',
      status: 'delivered',
      estimatedDelivery: null,
      deliveredAt: '2025-03-02T09:00:00.000Z',
    });
    // The status badge says it already: no chip that repeats it.
    const exception = {
      ...expressShipment({ expressOrderNo: '9400111202555843001946', status: 'exception' }),
      attention: 'exception' as const,
    };
    serve({ active: [late, delivered, exception], notFound: [], archived: [] });
    renderRoutes(routes, '/shipments/truck/express/active');
    const user = userEvent.setup();

    const cards = (await screen.findAllByTestId('shipment-card')) as [HTMLElement, HTMLElement, HTMLElement];
    expect(screen.queryByTestId('shipment-row')).toBeNull();
    expect(cardPart(cards[0], 'identifier')).toContain('1Z5R89390357567127');
    expect(cardPart(cards[0], 'detail')).toBe('UPS');
    expect(cardPart(cards[0], 'status')).toBe('In transit');
    expect(cardPart(cards[0], 'date')).toBe('Est. delivery04/03/2025');
    expect(cardPart(cards[0], 'attention')).toBe('Late');
    expect(cardPart(cards[1], 'detail')).toBe('FedEx');
    expect(cardPart(cards[1], 'date')).toBe('Delivered02/03/2025');
    expect(cardPart(cards[1], 'attention')).toBeNull();
    expect(cardPart(cards[2], 'status')).toBe('Exception');
    expect(cardPart(cards[2], 'attention')).toBeNull();

    // Its checkbox and actions are on the card.
    await user.click(within(cards[1]).getByRole('checkbox', { name: 'Select 771249093017' }));
    expect(await screen.findByText('1 selected')).toBeInTheDocument();
    expect(within(cards[1]).getByRole('button', { name: 'Archive: 771249093017' })).toBeVisible();
  });
});
