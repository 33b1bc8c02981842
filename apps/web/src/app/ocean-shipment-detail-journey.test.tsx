import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ok } from '../test/fake-api';
import { freeTime, oceanShipmentDetail } from '../test/ocean-shipment-fixtures';
import { beta, betaDesk } from '../test/organization-fixtures';
import { renderRoutes } from '../test/render';
import { setUpSignedInPage } from '../test/session';
import { appRoutes } from './router';
import { PATH, shanghai, rotterdam, inTransit, serve, stop } from '../test/ocean-shipment-detail-page';

setUpSignedInPage();

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
    renderRoutes(appRoutes, `${PATH}?timeZone=UTC`);
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
    renderRoutes(appRoutes, `${PATH}?timeZone=UTC`);
    const map = await screen.findByRole('region', { name: 'Map' });
    const marker = await within(map).findByRole('button', { name: 'Rotterdam, delivered: 1 shipment' });
    expect(marker).toHaveAttribute('data-kind', 'delivered');
  });
});

describe('ocean shipment detail: the journey (spec §3, STYLE)', { timeout: 20_000 }, () => {
  it('draws actuals solid with their time, estimates outlined as "EST:", unknown ones muted, in journey order', async () => {
    serve(ok(inTransit()));
    renderRoutes(appRoutes, `${PATH}?timeZone=Asia%2FShanghai`);
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
    renderRoutes(appRoutes, PATH);
    await screen.findAllByTestId('journey-stop');

    expect(within(stop('lastFreeDay')).getByText('Demurrage last free day')).toBeInTheDocument();
    expect(within(stop('lastFreeDay')).getByText('Soon')).toBeInTheDocument();
    expect(within(stop('lastFreeDay')).queryByText('Passed')).not.toBeInTheDocument();
  });

  it('says by how much the ETA slipped, overall and at each new estimate', async () => {
    serve(ok(inTransit()));
    renderRoutes(appRoutes, PATH);
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
    renderRoutes(appRoutes, `${PATH}?timeZone=Asia%2FShanghai`);
    const notice = await screen.findByTestId('roll-notice');
    expect(notice).toHaveTextContent('Rolled to another vessel');
    expect(notice).toHaveTextContent(
      'EVER GIVEN 101E → EVER ACE 202W at Shanghai, announced 25/01/2025 10:00',
    );
  });

  it('shows no roll notice for a container that kept its vessel', async () => {
    serve(ok(inTransit()));
    renderRoutes(appRoutes, PATH);
    await screen.findAllByTestId('journey-stop');
    expect(screen.queryByTestId('roll-notice')).toBeNull();
  });

  it('falls back to the user’s time zone when the timeZone parameter is not a zone', async () => {
    serve(ok(inTransit()));
    renderRoutes(appRoutes, `${PATH}?timeZone=Mars%2FOlympus`);
    await screen.findAllByTestId('journey-stop');

    expect(screen.getByText('Times in Europe/London')).toBeInTheDocument();
    expect(within(stop('loaded')).getByText('31/01/2025 20:15')).toBeInTheDocument();
  });

  it('shows the demo label, the carrier and the last check', async () => {
    serve(ok(inTransit({ source: 'demo', lastCheckedAt: '2025-02-10T12:00:00.000Z' })));
    renderRoutes(appRoutes, PATH);
    await screen.findAllByTestId('journey-stop');

    expect(screen.getByRole('heading', { level: 1, name: 'Container MSCU1234566' })).toBeInTheDocument();
    expect(screen.getByTestId('demo-badge')).toHaveTextContent('Demo data');
    expect(screen.getByText('10/02/2025 12:00')).toBeInTheDocument();
    expect(screen.getByTestId('status-badge')).toHaveTextContent('In transit');
    expect(screen.getByRole('button', { name: 'Archive' })).toBeInTheDocument();
  });

  it('offers a view-only member their own star, and no archive', async () => {
    serve(ok(inTransit()), beta, betaDesk);
    renderRoutes(appRoutes, PATH);
    await screen.findAllByTestId('journey-stop');
    expect(screen.queryByRole('button', { name: 'Archive' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add MSCU1234566 to favourites' })).toBeInTheDocument();
  });
});
