import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fail, ok } from '../test/fake-api';
import { trackingEvent } from '../test/ocean-shipment-fixtures';
import { acmeImports, selectionOf } from '../test/organization-fixtures';
import { renderRoutes } from '../test/render';
import { setUpSignedInPage } from '../test/session';
import { appRoutes } from './router';
import { DETAIL, PATH, shanghai, rotterdam, inTransit, serve } from '../test/ocean-shipment-detail-page';

setUpSignedInPage();

describe('ocean shipment detail: tabs and states', { timeout: 20_000 }, () => {
  it('opens the tab named in the URL, and keeps the URL on the tab chosen', async () => {
    serve(ok(inTransit()));
    const { router } = renderRoutes(appRoutes, `${PATH}?tab=events&timeZone=UTC`);
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
    renderRoutes(appRoutes, `${PATH}?tab=events&timeZone=UTC`);
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
    renderRoutes(appRoutes, `${PATH}?tab=history`);
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
    renderRoutes(appRoutes, PATH);

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
    renderRoutes(appRoutes, PATH);

    expect(await screen.findByText('The carrier does not know this container yet')).toBeInTheDocument();
    expect(screen.getByText('Carrier answer: No events for this equipment')).toBeInTheDocument();
  });

  it('shows a designed not-found state with the way back to the list', async () => {
    const api = serve(fail(404, 'NOT_FOUND', 'This shipment is not tracked in this workspace.'));
    api.route('GET /api/shipments/ocean/locate', ok([]));
    renderRoutes(appRoutes, PATH);

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
    const { router } = renderRoutes(appRoutes, PATH);

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
    const { router } = renderRoutes(appRoutes, PATH);
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
    renderRoutes(appRoutes, PATH);
    expect(await screen.findByRole('region', { name: 'Journey' })).toBeInTheDocument();
    expect(screen.queryByTestId('bill-containers')).not.toBeInTheDocument();
  });
});
