import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type {
  ExpressListResult,
  ExpressShipmentDetail,
} from '@tracklane/shared/tracking/express/express-shipments.schema';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { expressListQueryKey } from '../modes/express/api/list-express-shipments';
import { fail, fakeApi, ok } from '../test/fake-api';
import {
  expressListPage,
  expressShipment,
  expressShipmentDetail,
  parcelEvent,
  parcelPlace,
} from '../test/express-shipment-fixtures';
import { testUser } from '../test/http';
import { acme, acmeDefault, beta, betaDesk, selectionOf } from '../test/organization-fixtures';
import { renderRoutes } from '../test/render';
import { signInAsAgreedUser } from '../test/session';
import { appRoutes } from './router';
import { testApp } from '../test/app';

const ID = '00000000-0000-4000-9000-0000000000aa';
const NUMBER = '1Z5R89390357567127';
const DETAIL = `GET /api/shipments/express/${ID}/${NUMBER}`;
const PATH = `/shipment/truck/express/${ID}/${NUMBER}`;

const louisville = parcelPlace('LOUISVILLE KY US');
const philadelphia = parcelPlace('PHILADELPHIA PA US');

/** On its way, with one failed attempt behind it and a delivery estimate that slipped twice. */
const onItsWay = (fields: Partial<ExpressShipmentDetail> = {}) =>
  expressShipmentDetail({
    expressOrderId: ID,
    expressOrderNo: NUMBER,
    status: 'failed_attempt',
    subStatus: 'recipient_absent',
    statusText: 'The receiver was not available for delivery',
    origin: louisville,
    destination: parcelPlace(null, { city: 'New York', countryCode: 'US' }),
    lastLocation: philadelphia,
    lastEventAt: '2025-03-05T15:10:00.000Z',
    pickedUpAt: '2025-03-01T18:00:00.000Z',
    failedAttempts: 1,
    estimatedDelivery: '2025-03-06T22:00:00.000Z',
    estimatedDeliveryHistory: [
      { estimatedDelivery: '2025-03-04T22:00:00.000Z', recordedAt: '2025-03-01T18:05:00.000Z' },
      { estimatedDelivery: '2025-03-05T22:00:00.000Z', recordedAt: '2025-03-03T09:00:00.000Z' },
      { estimatedDelivery: '2025-03-06T22:00:00.000Z', recordedAt: '2025-03-05T15:10:00.000Z' },
    ],
    events: [
      parcelEvent({
        description: 'Estimated delivery',
        classifier: 'EST',
        status: null,
        eventTime: '2025-03-06T22:00:00.000Z',
        eventCreatedAt: '2025-03-05T15:10:00.000Z',
      }),
      parcelEvent({
        description: 'The receiver was not available for delivery',
        status: 'failed_attempt',
        subStatus: 'recipient_absent',
        eventTime: '2025-03-05T15:10:00.000Z',
        location: philadelphia,
      }),
      parcelEvent({
        description: 'Departed from facility',
        eventTime: '2025-03-02T03:40:00.000Z',
        location: louisville,
      }),
      parcelEvent({
        description: 'Picked up',
        status: 'in_transit',
        subStatus: 'picked_up',
        eventTime: '2025-03-01T18:00:00.000Z',
        location: louisville,
      }),
    ],
    ...fields,
  });

function serve(detail: Parameters<typeof fakeApi>[0][string], organization = acme, ws = acmeDefault) {
  return fakeApi({
    'GET /api/workspaces/get': ok([organization]),
    'POST /api/workspaces/setCookies': ok(selectionOf(ws)),
    [DETAIL]: detail,
  });
}

beforeAll(() => {
  Element.prototype.scrollIntoView = vi.fn();
});

beforeEach(() => {
  // Tokyo is UTC+9 all year: every time below reads nine hours later than written.
  signInAsAgreedUser({ ...testUser, timeZone: 'Asia/Tokyo' });
});

describe('express shipment detail', { timeout: 20_000 }, () => {
  it('shows status, carrier and service, route and delivery, in the user’s time zone', async () => {
    serve(ok(onItsWay()));
    renderRoutes(appRoutes, PATH);

    expect(await screen.findByRole('heading', { level: 1, name: `Parcel ${NUMBER}` })).toBeInTheDocument();
    expect(screen.getAllByTestId('status-badge')[0]).toHaveTextContent('Failed attempt');
    expect(screen.getByTestId('carrier-service')).toHaveTextContent('UPS · UPS United States Ground');
    expect(screen.getByTestId('demo-badge')).toHaveTextContent('Demo data');
    expect(screen.getByText('Times in Asia/Tokyo')).toBeInTheDocument();

    const route = screen.getAllByTestId('route-stop');
    expect(route.map((stop) => stop.textContent)).toEqual([
      'OriginLOUISVILLE KY USPicked up 02/03/2025 03:00',
      'Last locationPHILADELPHIA PA USScanned 06/03/2025 00:10',
      'DestinationNew York, USEST: 07/03/2025 07:00',
    ]);

    const delivery = screen.getByTestId('delivery-panel');
    expect(within(delivery).getByTestId('sub-status')).toHaveTextContent('Recipient absent');
    expect(within(delivery).getByTestId('estimated-delivery')).toHaveTextContent('EST: 07/03/2025 07:00');
    expect(within(delivery).getByTestId('failed-attempts')).toHaveTextContent('1');
    expect(within(delivery).getByText('The receiver was not available for delivery')).toBeInTheDocument();
  });

  it('lists every delivery estimate newest first, when it was announced and how far it slipped', async () => {
    serve(ok(onItsWay()));
    renderRoutes(appRoutes, PATH);

    const history = await screen.findByTestId('estimate-history');
    expect(within(history).getByTestId('delivery-slip')).toHaveTextContent(
      'Running 2 d late+2 d against the first estimate of 05/03/2025 07:00',
    );
    expect(
      within(history)
        .getAllByTestId('estimate-record')
        .map((record) => record.textContent),
    ).toEqual([
      'EST: 07/03/2025 07:00Announced 06/03/2025 00:10+1 d',
      'EST: 06/03/2025 07:00Announced 03/03/2025 18:00+1 d',
      'EST: 05/03/2025 07:00First announced 02/03/2025 03:05',
    ]);
  });

  it('shows the scans newest first, without the estimates, in the user’s time zone', async () => {
    serve(ok(onItsWay()));
    renderRoutes(appRoutes, PATH);

    const events = await screen.findAllByTestId('timeline-event');
    expect(events.map((event) => event.textContent)).toEqual([
      'The receiver was not available for deliveryFailed attempt · Recipient absent06/03/2025 00:10 · PHILADELPHIA PA US',
      'Departed from facilityIn transit02/03/2025 12:40 · LOUISVILLE KY US',
      'Picked upIn transit · Picked up02/03/2025 03:00 · LOUISVILLE KY US',
    ]);
  });

  it('says who signed for a delivered parcel and how it compares with the first estimate', async () => {
    serve(
      ok(
        onItsWay({
          status: 'delivered',
          subStatus: null,
          deliveredAt: '2025-03-06T14:00:00.000Z',
          estimatedDelivery: null,
          signedBy: 'J. SMITH',
          state: 'completed',
        }),
      ),
    );
    renderRoutes(appRoutes, PATH);

    const delivery = await screen.findByTestId('delivery-panel');
    expect(within(delivery).getByTestId('delivered-at')).toHaveTextContent('06/03/2025 23:00');
    expect(within(delivery).getByText('J. SMITH')).toBeInTheDocument();
    expect(screen.getByTestId('delivery-slip')).toHaveTextContent('Delivered 1 d 16 h late');
    // Delivered: no "last location" between origin and destination any more.
    expect(screen.getAllByTestId('route-stop').map((stop) => stop.dataset.stop)).toEqual([
      'origin',
      'destination',
    ]);
  });

  it('shows the app’s not-found page for a parcel the workspace does not follow', async () => {
    serve(fail(404, 'NOT_FOUND', 'Shipment not found'));
    renderRoutes(appRoutes, PATH);

    expect(await screen.findByTestId('not-found')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(screen.queryByText(new RegExp(`Parcel ${NUMBER}`))).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to ground shipments' })).toHaveAttribute(
      'href',
      '/shipments/truck/express/active',
    );
  });

  it('says the first check is running, and looks again until it has answered', async () => {
    const api = serve(
      ok(onItsWay({ state: 'pending', status: null, events: [], lastCheckedAt: null, nextCheckAt: null })),
    );
    renderRoutes(appRoutes, PATH);

    expect(await screen.findByText('Fetching carrier data…')).toBeInTheDocument();
    api.route(DETAIL, ok(onItsWay()));
    await waitFor(() => expect(screen.queryByText('Fetching carrier data…')).not.toBeInTheDocument(), {
      timeout: 6000,
    });
    expect(api.callsTo(DETAIL).length).toBeGreaterThanOrEqual(2);
    expect(screen.getAllByTestId('status-badge')[0]).toHaveTextContent('Failed attempt');
  });

  it('shows the carrier’s reason of an exception in words, once', async () => {
    serve(
      ok(
        onItsWay({
          status: 'exception',
          subStatus: 'customs_hold',
          exceptionReason: 'customs_hold',
          statusText: 'Held by customs',
        }),
      ),
    );
    renderRoutes(appRoutes, PATH);

    const delivery = await screen.findByTestId('delivery-panel');
    expect(within(delivery).getByTestId('sub-status')).toHaveTextContent('Customs hold');
    expect(within(delivery).queryByTestId('exception-reason')).not.toBeInTheDocument();
    expect(within(delivery).getByText('Held by customs')).toBeInTheDocument();
  });

  it('explains a number the carrier does not know', async () => {
    serve(ok(onItsWay({ state: 'not_found', status: null, events: [], lastError: 'No such parcel' })));
    renderRoutes(appRoutes, PATH);

    expect(await screen.findByText('The carrier does not know this parcel yet')).toBeInTheDocument();
    expect(screen.getByText('Carrier answer: No such parcel')).toBeInTheDocument();
    expect(screen.getByTestId('no-events')).toBeInTheDocument();
  });

  it('archives and stars the parcel, and takes it out of the cached active list', async () => {
    const api = serve(ok(onItsWay()));
    api.route(
      'POST /api/shipments/express/archive',
      ok({ updatedIds: [ID], activeCount: 1, notFoundCount: 0, archivedCount: 1 }),
    );
    api.route('POST /api/shipments/express/favorite', ok({ updatedIds: [ID] }));
    const listKey = expressListQueryKey('active', {
      search: '',
      carrier: null,
      parcelStatus: null,
      tag: null,
      company: null,
      favoritesOnly: false,
      sort: 'created_desc',
      attention: null,
      customFilters: [],
    });
    const other = expressShipment();
    testApp().queryClient.setQueryData(listKey, {
      pages: [
        expressListPage([expressShipment({ expressOrderId: ID }), other], {
          activeCount: 2,
          archivedCount: 0,
          notFoundCount: 0,
        }),
      ],
      pageParams: [null],
    });
    renderRoutes(appRoutes, PATH);
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: `Add ${NUMBER} to favourites` }));
    expect(await screen.findByRole('button', { name: `Remove ${NUMBER} from favourites` })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(api.callsTo('POST /api/shipments/express/favorite')[0]?.body).toEqual({
      expressOrderIds: [ID],
      favorite: true,
    });

    api.route(DETAIL, ok(onItsWay({ archived: true })));
    await user.click(screen.getByRole('button', { name: 'Archive' }));
    expect(await screen.findByRole('button', { name: 'Unarchive' })).toBeInTheDocument();
    expect(api.callsTo('POST /api/shipments/express/archive')[0]?.body).toEqual({
      expressOrderIds: [ID],
      archived: true,
    });
    await waitFor(() => {
      const page = testApp().queryClient.getQueryData<{ pages: ExpressListResult[] }>(listKey)?.pages[0];
      expect(page?.expressTrackingDocumentList.map((item) => item.expressOrderId)).toEqual([
        other.expressOrderId,
      ]);
      expect(page).toMatchObject({ activeCount: 1, archivedCount: 1 });
    });
  });

  it('offers a view-only member their own star, and no archive', async () => {
    serve(ok(onItsWay()), beta, betaDesk);
    renderRoutes(appRoutes, PATH);

    expect(await screen.findByRole('heading', { level: 1, name: `Parcel ${NUMBER}` })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Archive' })).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: `Add ${NUMBER} to favourites` })).toBeInTheDocument();
  });
});
