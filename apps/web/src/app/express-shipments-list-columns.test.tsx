import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EXPRESS_COLUMNS } from '../modes/express/utils/columns';
import { captureDownloads } from '../test/downloads';
import { ok } from '../test/fake-api';
import { expressShipment } from '../test/express-shipment-fixtures';
import { renderRoutes } from '../test/render';
import { setUpSignedInPage } from '../test/session';
import { appRoutes } from './router';
import { cardPart, onAPhone } from '../test/phone';
import { LIST, ups, fedex, lost, serve, rows, cell } from '../test/express-shipments-list-page';
import { REFERENCE_COLUMN_IDS } from '../shipment-list/table-columns';
import { customField } from '../test/custom-field-fixtures';

setUpSignedInPage();

describe('express shipment list: filters, sort and columns', { timeout: 20_000 }, () => {
  it('keeps carrier, status, search and sort in the URL, sends them, and carries them to another tab', async () => {
    const api = serve({ active: [ups, fedex], notFound: [lost], archived: [] });
    const { router } = renderRoutes(appRoutes, '/shipments/truck/express/active');
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
    renderRoutes(appRoutes, '/shipments/truck/express/archived?carrier=ups&favorites=1&sort=tracking_asc');

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
    renderRoutes(appRoutes, '/shipments/truck/express/active');
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
        hidden: ['origin', 'added', 'source', ...REFERENCE_COLUMN_IDS],
        // The order stays the default one: only what is hidden changed.
        order: [...EXPRESS_COLUMNS.ids],
      }),
    );
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Last event' }));
    await waitFor(() => expect(api.callsTo(LIST).at(-1)?.query).toMatchObject({ sort: 'updated_desc' }));
  });

  it('exports the current view as CSV, days in the user’s zone', async () => {
    const api = serve({ active: [fedex], notFound: [], archived: [] });
    const download = captureDownloads();
    renderRoutes(appRoutes, '/shipments/truck/express/active?carrier=fedex');
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
    renderRoutes(appRoutes, '/shipments/truck/express/active');
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
  it('adds the references and custom fields the reader chose, formatted as their table cells', async () => {
    const hazards = customField('4', 'multi_choice', 'Hazards');
    const due = customField('5', 'date', 'Due');
    const parcel = expressShipment({
      expressOrderNo: '1Z5R89390357567127',
      references: {
        bookingNumber: null,
        customerReference: 'CR-9',
        poNumbers: ['PO-3'],
        shipper: null,
        consignee: null,
        customer: null,
        forwarder: null,
      },
      customFields: { [hazards.id]: ['Low', 'High'], [due.id]: '2026-04-30' },
    });
    serve(
      { active: [parcel], notFound: [], archived: [] },
      {
        'GET /api/custom-fields': ok({ fields: [hazards, due] }),
        'GET /api/users/preferences/expressTableColumns': ok({
          hidden: EXPRESS_COLUMNS.defaultLayout.hidden.filter(
            (id) => id !== 'customerReference' && id !== 'poNumbers',
          ),
          order: [...EXPRESS_COLUMNS.ids, `cf.${hazards.id}`, `cf.${due.id}`],
        }),
      },
    );
    renderRoutes(appRoutes, '/shipments/truck/express/active');

    const [card] = (await screen.findAllByTestId('shipment-card')) as [HTMLElement];
    expect(cardPart(card, 'identifier')).toContain('1Z5R89390357567127');
    expect(cardPart(card, 'column-customerReference')).toBe('Customer ref.CR-9');
    expect(cardPart(card, 'column-poNumbers')).toBe('PO numbersPO-3');
    expect(cardPart(card, `column-cf.${hazards.id}`)).toBe('HazardsLow, High');
    expect(cardPart(card, `column-cf.${due.id}`)).toBe('Due30/04/2026');
    expect(cardPart(card, 'column-booking')).toBeNull();
  });
});
