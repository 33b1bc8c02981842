import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { OceanShipmentDetail } from '@tracklane/shared/ocean-shipments/ocean-shipments.schema';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetAllStores } from '../lib/store-reset';
import { fail, fakeApi, ok } from '../test/fake-api';
import { freeTime, oceanShipmentDetail, trackingEvent } from '../test/ocean-shipment-fixtures';
import { acme, acmeDefault, acmeImports, beta, betaDesk, selectionOf } from '../test/organization-fixtures';
import { renderRoutes } from '../test/render';
import { signInAsAgreedUser } from '../test/session';
import { routes } from './router';

const DETAIL = 'GET /api/shipments/ocean/MSCU1234566/MEDU12345678';
const PATH = '/shipment/ocean/MSCU1234566/MEDU12345678';

const shanghai = { locode: 'CNSHA', name: 'Shanghai' };
const colombo = { locode: 'LKCMB', name: 'Colombo' };
const rotterdam = { locode: 'NLRTM', name: 'Rotterdam' };

/** In transit via Colombo: loaded and departed (actual), arrival estimated and slipped twice. */
const inTransit = (fields: Partial<OceanShipmentDetail> = {}) =>
  oceanShipmentDetail({
    pol: shanghai,
    pod: rotterdam,
    transshipments: [colombo],
    departureVO: { atd: '2025-02-01T08:00:00.000Z', etd: '2025-01-31T22:00:00.000Z' },
    arrivalVO: { ata: null, eta: '2025-03-03T06:00:00.000Z' },
    shipmentOverall: {
      ...oceanShipmentDetail().shipmentOverall,
      loaded: { time: '2025-01-31T20:15:00.000Z', classifier: 'ACT', location: shanghai },
      discharged: { time: '2025-03-04T09:00:00.000Z', classifier: 'EST', location: rotterdam },
    },
    etaHistory: [
      { eta: '2025-03-01T00:00:00.000Z', classifier: 'EST', recordedAt: '2025-01-20T10:00:00.000Z' },
      { eta: '2025-03-02T00:00:00.000Z', classifier: 'EST', recordedAt: '2025-02-05T10:00:00.000Z' },
      { eta: '2025-03-03T06:00:00.000Z', classifier: 'EST', recordedAt: '2025-02-09T10:00:00.000Z' },
    ],
    events: [
      trackingEvent({
        typeCode: 'LOAD',
        eventTime: '2025-01-31T20:15:00.000Z',
        emptyIndicator: 'LADEN',
        location: shanghai,
        vesselName: 'MSC IRINA',
        voyage: '411W',
      }),
      trackingEvent({
        typeCode: 'DEPA',
        eventTime: '2025-02-01T08:00:00.000Z',
        location: shanghai,
        vesselName: 'MSC IRINA',
        voyage: '411W',
      }),
      trackingEvent({ typeCode: 'ARRI', eventTime: '2025-02-14T04:00:00.000Z', location: colombo }),
      trackingEvent({
        typeCode: 'ARRI',
        eventTime: '2025-03-03T06:00:00.000Z',
        classifier: 'EST',
        location: rotterdam,
      }),
    ],
    ...fields,
  });

function serve(detail: Parameters<typeof fakeApi>[0][string], organization = acme, workspace = acmeDefault) {
  return fakeApi({
    'GET /api/workspaces/get': ok([organization]),
    'POST /api/workspaces/setCookies': ok(selectionOf(workspace)),
    [DETAIL]: detail,
  });
}

const stop = (key: string) => screen.getAllByTestId('journey-stop').find((li) => li.dataset.stop === key)!;

beforeAll(() => {
  Element.prototype.scrollIntoView = vi.fn();
});

beforeEach(() => {
  resetAllStores();
  signInAsAgreedUser();
});

describe('ocean shipment detail: the map', { timeout: 20_000 }, () => {
  it('shows where the container is and its voyage on the same map as the dashboard', async () => {
    serve(
      ok(
        inTransit({
          map: {
            position: { kind: 'vessel', name: 'MSC IRINA', lat: 12.6, lon: 43.4 },
            route: [
              [122.07, 30.63],
              [79.84, 6.95],
              [43.4, 12.6],
              [4.05, 51.95],
            ],
          },
        }),
      ),
    );
    renderRoutes(routes, `${PATH}?timeZone=UTC`);
    const map = await screen.findByRole('region', { name: 'Map' });
    const marker = await within(map).findByRole('button', { name: 'MSC IRINA: 1 shipment' });
    expect(marker).toHaveAttribute('data-kind', 'vessel');
    expect(
      within(map).getByRole('region', { name: 'Shipments map' }).querySelectorAll('path[d]').length,
    ).toBeGreaterThan(0);
  });

  it('shows a delivered container as delivered at its port', async () => {
    serve(
      ok(
        inTransit({
          status: 'delivered',
          map: { position: { kind: 'delivered', name: 'Rotterdam', lat: 51.95, lon: 4.05 }, route: null },
        }),
      ),
    );
    renderRoutes(routes, `${PATH}?timeZone=UTC`);
    const map = await screen.findByRole('region', { name: 'Map' });
    const marker = await within(map).findByRole('button', { name: 'Rotterdam, delivered: 1 shipment' });
    expect(marker).toHaveAttribute('data-kind', 'delivered');
  });
});

describe('ocean shipment detail: the journey (spec §3, STYLE)', { timeout: 20_000 }, () => {
  it('draws actuals solid with their time, estimates outlined as "EST:", unknown ones muted, in journey order', async () => {
    serve(ok(inTransit()));
    renderRoutes(routes, `${PATH}?timeZone=Asia%2FShanghai`);
    await screen.findAllByTestId('journey-stop');

    expect(screen.getAllByTestId('journey-stop').map((li) => li.dataset.stop)).toEqual([
      'emptyGateOut',
      'fullGateIn',
      'loaded',
      'departure',
      'transshipment-0-LKCMB',
      'arrival',
      'berthed',
      'discharged',
      'lastFreeDay',
      'fullGateOut',
      'emptyReturned',
    ]);
    // Times in Asia/Shanghai (UTC+8): 20:15 UTC on 31 January is 04:15 on 1 February there.
    expect(stop('loaded')).toHaveAttribute('data-state', 'actual');
    expect(within(stop('loaded')).getByText('01/02/2025 04:15')).toBeInTheDocument();
    // An actual departure wins over the estimate.
    expect(within(stop('departure')).getByText('01/02/2025 16:00')).toBeInTheDocument();
    expect(stop('departure').textContent).not.toContain('EST:');
    expect(stop('arrival')).toHaveAttribute('data-state', 'estimate');
    expect(within(stop('arrival')).getByText('EST: 03/03/2025 14:00')).toBeInTheDocument();
    expect(within(stop('discharged')).getByText('EST: 04/03/2025 17:00')).toBeInTheDocument();
    expect(stop('berthed')).toHaveAttribute('data-state', 'missing');
    expect(within(stop('berthed')).getByText('-')).toBeInTheDocument();
    // The transshipment: arrived (actual), departure unknown.
    expect(within(stop('transshipment-0-LKCMB')).getByText('14/02/2025 12:00')).toBeInTheDocument();
    expect(stop('transshipment-0-LKCMB')).toHaveAttribute('data-current', 'true');
    expect(screen.getByText(/Times in Asia\/Shanghai/)).toBeInTheDocument();
  });

  it('marks demurrage’s last free day as the free-time clocks count it: today is still free', async () => {
    const discharged = { time: '2025-03-03T09:00:00.000Z', classifier: 'ACT' as const, location: rotterdam };
    serve(
      ok(
        inTransit({
          status: 'discharged',
          shipmentOverall: {
            ...oceanShipmentDetail().shipmentOverall,
            discharged,
            lastFreeDay: { time: '2025-03-06T00:00:00.000Z', classifier: 'ACT', location: rotterdam },
          },
          // As the server counts it in Rotterdam's calendar: the last free day is today.
          freeTime: freeTime({
            clock: 'demurrage',
            lastFreeDay: '2025-03-06',
            daysLeft: 0,
            demurrage: { state: 'running', lastFreeDay: '2025-03-06', daysLeft: 0, cost: 0 },
          }),
        }),
      ),
    );
    renderRoutes(routes, PATH);
    await screen.findAllByTestId('journey-stop');

    expect(within(stop('lastFreeDay')).getByText('Demurrage last free day')).toBeInTheDocument();
    expect(within(stop('lastFreeDay')).getByText('Soon')).toBeInTheDocument();
    expect(within(stop('lastFreeDay')).queryByText('Passed')).not.toBeInTheDocument();
  });

  it('says by how much the ETA slipped, overall and at each new estimate', async () => {
    serve(ok(inTransit()));
    renderRoutes(routes, PATH);
    await screen.findAllByTestId('journey-stop');

    expect(within(stop('arrival')).getByTestId('eta-slip')).toHaveTextContent('+2 d 6 h vs first ETA');
    const history = screen.getByTestId('eta-history');
    expect(within(history).getByTestId('eta-slip-summary')).toHaveTextContent('Running 2 d 6 h late');
    const records = within(history).getAllByTestId('eta-record');
    // Newest first, each with the shift from the estimate before it; times in the user's zone (London, UTC+0).
    expect(records.map((r) => r.textContent)).toEqual([
      'EST: 03/03/2025 06:00Announced 09/02/2025 10:00+1 d 6 h',
      'EST: 02/03/2025 00:00Announced 05/02/2025 10:00+1 d',
      'EST: 01/03/2025 00:00First announced 20/01/2025 10:00',
    ]);
  });

  it('says when the container was rolled to another vessel, where and when it was announced', async () => {
    serve(
      ok(
        inTransit({
          rolls: [
            {
              port: shanghai,
              from: { name: 'EVER GIVEN', imo: null, voyage: '101E' },
              to: { name: 'EVER ACE', imo: null, voyage: '202W' },
              recordedAt: '2025-01-25T02:00:00.000Z',
            },
          ],
        }),
      ),
    );
    renderRoutes(routes, `${PATH}?timeZone=Asia%2FShanghai`);
    const notice = await screen.findByTestId('roll-notice');
    expect(notice).toHaveTextContent('Rolled to another vessel');
    expect(notice).toHaveTextContent(
      'EVER GIVEN 101E → EVER ACE 202W at Shanghai, announced 25/01/2025 10:00',
    );
  });

  it('shows no roll notice for a container that kept its vessel', async () => {
    serve(ok(inTransit()));
    renderRoutes(routes, PATH);
    await screen.findAllByTestId('journey-stop');
    expect(screen.queryByTestId('roll-notice')).toBeNull();
  });

  it('falls back to the user’s time zone when the timeZone parameter is not a zone', async () => {
    serve(ok(inTransit()));
    renderRoutes(routes, `${PATH}?timeZone=Mars%2FOlympus`);
    await screen.findAllByTestId('journey-stop');

    expect(screen.getByText('Times in Europe/London')).toBeInTheDocument();
    expect(within(stop('loaded')).getByText('31/01/2025 20:15')).toBeInTheDocument();
  });

  it('shows the demo label, the carrier and the last check', async () => {
    serve(ok(inTransit({ source: 'demo', lastCheckedAt: '2025-02-10T12:00:00.000Z' })));
    renderRoutes(routes, PATH);
    await screen.findAllByTestId('journey-stop');

    expect(screen.getByRole('heading', { level: 1, name: 'Container MSCU1234566' })).toBeInTheDocument();
    expect(screen.getByTestId('demo-badge')).toHaveTextContent('Demo data');
    expect(screen.getByText('10/02/2025 12:00')).toBeInTheDocument();
    expect(screen.getByTestId('status-badge')).toHaveTextContent('In transit');
    expect(screen.getByRole('button', { name: 'Archive' })).toBeInTheDocument();
  });

  it('offers a view-only member their own star, and no archive', async () => {
    serve(ok(inTransit()), beta, betaDesk);
    renderRoutes(routes, PATH);
    await screen.findAllByTestId('journey-stop');
    expect(screen.queryByRole('button', { name: 'Archive' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add MSCU1234566 to favourites' })).toBeInTheDocument();
  });
});

describe('ocean shipment detail: tabs and states', { timeout: 20_000 }, () => {
  it('opens the tab named in the URL, and keeps the URL on the tab chosen', async () => {
    serve(ok(inTransit()));
    const { router } = renderRoutes(routes, `${PATH}?tab=events&timeZone=UTC`);
    const table = await screen.findByTestId('events-table');
    const rows = within(table).getAllByTestId('event-row');
    expect(rows).toHaveLength(4);
    expect(rows[0]).toHaveTextContent(
      '31/01/2025 20:15Loaded on vessel LOADLadenShanghai CNSHAMSC IRINA / 411WActualDemo carrier',
    );
    expect(rows[3]).toHaveAttribute('data-classifier', 'EST');
    expect(within(rows[3]!).getByText('Estimated')).toBeInTheDocument();

    await userEvent.setup().click(screen.getByRole('tab', { name: 'Milestones' }));
    await screen.findAllByTestId('journey-stop');
    expect(new URLSearchParams(router.state.location.search).get('tab')).toBe('milestones');
    expect(new URLSearchParams(router.state.location.search).get('timeZone')).toBe('UTC');
  });

  it('lists each event once at its latest classifier, with its earlier versions on demand', async () => {
    const departure = trackingEvent({
      typeCode: 'DEPA',
      eventTime: '2025-02-01T08:00:00.000Z',
      location: shanghai,
      vesselName: 'MSC IRINA',
      voyage: '411W',
    });
    const plannedDeparture = {
      ...departure,
      classifier: 'PLN' as const,
      eventTime: '2025-01-31T22:00:00.000Z',
      eventCreatedAt: '2025-01-10T09:00:00.000Z',
    };
    const arrival = (classifier: 'PLN' | 'EST', eventTime: string, eventCreatedAt: string) =>
      trackingEvent({ typeCode: 'ARRI', classifier, eventTime, eventCreatedAt, location: rotterdam });
    serve(
      ok(
        inTransit({
          events: [
            plannedDeparture,
            departure,
            arrival('PLN', '2025-03-01T00:00:00.000Z', '2025-01-10T09:00:00.000Z'),
            arrival('EST', '2025-03-02T00:00:00.000Z', '2025-02-05T10:00:00.000Z'),
            arrival('EST', '2025-03-03T06:00:00.000Z', '2025-02-09T10:00:00.000Z'),
          ],
        }),
      ),
    );
    renderRoutes(routes, `${PATH}?tab=events&timeZone=UTC`);
    const table = await screen.findByTestId('events-table');

    const rows = within(table).getAllByTestId('event-row');
    expect(rows).toHaveLength(2);
    expect(screen.getByRole('tab', { name: 'Events 2' })).toBeInTheDocument();
    expect(rows[0]).toHaveAttribute('data-classifier', 'ACT');
    expect(rows[0]).toHaveTextContent('01/02/2025 08:00Vessel departure DEPA1 earlier version');
    expect(rows[1]).toHaveAttribute('data-classifier', 'EST');
    expect(rows[1]).toHaveTextContent('03/03/2025 06:00Vessel arrival ARRI2 earlier versions');
    expect(within(table).queryByTestId('event-version-row')).not.toBeInTheDocument();

    const user = userEvent.setup();
    const showArrival = within(rows[1]!).getByRole('button', {
      name: /Show 2 earlier versions of Vessel arrival/,
    });
    expect(showArrival).toHaveAttribute('aria-expanded', 'false');
    await user.click(showArrival);
    const versions = within(table).getAllByTestId('event-version-row');
    expect(versions.map((row) => row.dataset.classifier)).toEqual(['EST', 'PLN']);
    expect(versions[0]).toHaveTextContent('02/03/2025 00:00Earlier: given 05/02/2025 10:00');
    expect(versions[1]).toHaveTextContent('01/03/2025 00:00Earlier: given 10/01/2025 09:00');
    // They open under their own event, not under another.
    expect(rows[1]!.compareDocumentPosition(versions[0]!) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    await user.click(within(rows[1]!).getByRole('button', { name: /Hide 2 earlier versions/ }));
    expect(within(table).queryByTestId('event-version-row')).not.toBeInTheDocument();
  });

  it('opens the milestones for a tab it does not have', async () => {
    serve(ok(inTransit()));
    renderRoutes(routes, `${PATH}?tab=history`);
    expect(await screen.findByRole('tab', { name: 'Milestones' })).toHaveAttribute('aria-selected', 'true');
  });

  it('says the first check is running, and looks again until it has answered', async () => {
    const pending = inTransit({
      state: 'pending',
      status: null,
      events: [],
      etaHistory: [],
      arrivalVO: { eta: null, ata: null },
    });
    const api = serve(ok(pending));
    renderRoutes(routes, PATH);

    expect(await screen.findByText('Fetching carrier data…')).toBeInTheDocument();
    api.route(DETAIL, ok(inTransit()));
    await waitFor(() => expect(screen.queryByText('Fetching carrier data…')).not.toBeInTheDocument(), {
      timeout: 6000,
    });
    expect(api.callsTo(DETAIL).length).toBeGreaterThanOrEqual(2);
    expect(screen.getByTestId('status-badge')).toHaveTextContent('In transit');
  });

  it('explains a container the carrier does not know', async () => {
    serve(
      ok(
        inTransit({
          state: 'not_found',
          status: null,
          events: [],
          lastError: 'No events for this equipment',
        }),
      ),
    );
    renderRoutes(routes, PATH);

    expect(await screen.findByText('The carrier does not know this container yet')).toBeInTheDocument();
    expect(screen.getByText('Carrier answer: No events for this equipment')).toBeInTheDocument();
  });

  it('shows a designed not-found state with the way back to the list', async () => {
    const api = serve(fail(404, 'NOT_FOUND', 'This shipment is not tracked in this workspace.'));
    api.route('GET /api/shipments/ocean/locate', ok([]));
    renderRoutes(routes, PATH);

    expect(await screen.findByText('This shipment is not tracked in this workspace')).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo('GET /api/shipments/ocean/locate')).toHaveLength(1));
    expect(screen.queryByTestId('tracked-elsewhere')).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to the shipment list' })).toHaveAttribute(
      'href',
      '/shipments/ocean/active',
    );
  });

  it('offers the user’s other workspace that tracks it, and opens it there after switching', async () => {
    const api = serve(fail(404, 'NOT_FOUND', 'This shipment is not tracked in this workspace.'));
    api.route(
      'GET /api/shipments/ocean/locate',
      ok([
        {
          shipmentId: 's-9',
          workspaceId: 'w-2',
          workspaceName: 'Imports Europe',
          organizationId: 'o-1',
          organizationName: 'Acme Freight',
        },
      ]),
    );
    api.route('POST /api/workspaces/currentId', () => {
      api.route(DETAIL, ok(inTransit()));
      return ok(selectionOf(acmeImports));
    });
    const user = userEvent.setup();
    const { router } = renderRoutes(routes, PATH);

    const elsewhere = await screen.findByTestId('tracked-elsewhere');
    expect(elsewhere).toHaveTextContent('It is tracked in another of your workspaces:');
    expect(api.callsTo('GET /api/shipments/ocean/locate')[0]!.query).toEqual({
      containerNo: 'MSCU1234566',
      mblNo: 'MEDU12345678',
    });
    await user.click(
      within(elsewhere).getByRole('button', { name: 'Open in Imports Europe (Acme Freight)' }),
    );

    await waitFor(() =>
      expect(api.callsTo('POST /api/workspaces/currentId').map((call) => call.body)).toEqual([
        { workspaceId: 'w-2' },
      ]),
    );
    expect(await screen.findByTestId('status-badge')).toHaveTextContent('In transit');
    expect(router.state.location.pathname).toBe(PATH);
  });
});

describe('ocean shipment detail: the bill it was found on (ADR 0037)', { timeout: 20_000 }, () => {
  const billId = '00000000-0000-4000-8000-0000000000b1';
  const container = (containerNo: string, shipmentOverallId: string, status: 'in_transit' | 'loaded') => ({
    containerNo,
    shipmentOverallId,
    mblNo: 'MEDU12345678',
    state: 'active',
    status,
    archived: false,
  });
  const bill = {
    billId,
    kind: 'bl' as const,
    reference: 'MEDU12345678',
    carrierScac: 'MSCU',
    carrierName: 'MSC Mediterranean Shipping Company',
    state: 'found' as const,
    transportDocumentReference: null,
    containerCount: 2,
    notAdded: ['MSCU7654325'],
    source: 'dcsa',
    lastCheckedAt: '2025-02-10T12:00:00.000Z',
    nextCheckAt: '2025-02-10T18:00:00.000Z',
    lastError: null,
    createdAt: '2025-01-20T09:00:00.000Z',
    containers: [
      container('MSCU1234566', '00000000-0000-4000-8000-0000000000c1', 'in_transit'),
      container('MSKU1234565', '00000000-0000-4000-8000-0000000000c2', 'loaded'),
    ],
  };

  it('lists every container of the workspace on it, this one marked, and what could not be added', async () => {
    serve(ok(inTransit({ bill })));
    const { router } = renderRoutes(routes, PATH);
    const user = userEvent.setup();

    const section = await screen.findByRole('region', { name: 'Containers on this bill of lading' });
    expect(within(section).getByText('MSCU1234566')).toHaveAttribute('aria-current', 'page');
    expect(
      within(section).getByText('3 containers found, 1 not added', { exact: false }),
    ).toBeInTheDocument();
    expect(within(section).getByTestId('bill-not-added')).toHaveTextContent(
      'Not added: MSCU7654325. Your plan’s quota of active shipments is reached',
    );
    const other = within(section).getByRole('link', { name: 'MSKU1234565' });
    expect(other.getAttribute('href')).toMatch(/^\/shipment\/ocean\/MSKU1234565\/MEDU12345678\?timeZone=/);
    await user.click(within(section).getByRole('link', { name: 'Show them in the list' }));
    await waitFor(() => expect(router.state.location.search).toBe(`?bill=${billId}`));
  });

  it('shows no such section for a container added with its own numbers', async () => {
    serve(ok(inTransit()));
    renderRoutes(routes, PATH);
    expect(await screen.findByRole('region', { name: 'Journey' })).toBeInTheDocument();
    expect(screen.queryByTestId('bill-containers')).not.toBeInTheDocument();
  });
});
