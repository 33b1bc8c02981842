import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  busyExpressDashboard,
  busyOceanDashboard,
  etaSlippedCard,
  etaSlippedItem,
  expressDashboard,
  oceanDashboard,
} from '../test/dashboard-fixtures';
import { fail, fakeApi, ok } from '../test/fake-api';
import { testUser } from '../test/http';
import { listPage, noOptions, oceanShipment } from '../test/ocean-shipment-fixtures';
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
import { setSessionHint, signInAsAgreedUser } from '../test/session';
import { appRoutes } from './router';
import { testApp } from '../test/app';

type Routes = Parameters<typeof fakeApi>[0];

const OCEAN = 'GET /api/dashboard/ocean';
const EXPRESS = 'GET /api/dashboard/express';

function serve(extra: Routes, organization = acme) {
  return fakeApi({
    'GET /api/workspaces/get': ok([organization]),
    'POST /api/workspaces/setCookies': ok(selectionOf(organization === beta ? betaDesk : acmeDefault)),
    ...extra,
  });
}

beforeAll(() => {
  Element.prototype.scrollIntoView = vi.fn();
});

beforeEach(() => {
  signInAsAgreedUser({ ...testUser, timeZone: 'Asia/Tokyo' });
});

describe('ocean and express dashboards (spec §3)', { timeout: 20_000 }, () => {
  it('shows the attention cards with counts, reasons and links, and when it was updated', async () => {
    serve({ [OCEAN]: ok(busyOceanDashboard()) });
    renderRoutes(appRoutes, '/dashboard/ocean');

    const soon = await screen.findByRole('article', { name: 'Last free day within 3 days: 2' });
    // The card leads to the list narrowed to exactly what it counts.
    expect(within(soon).getByRole('link', { name: 'Last free day within 3 days' })).toHaveAttribute(
      'href',
      '/shipments/ocean/active?attention=lfdSoon',
    );
    expect(within(soon).getByRole('link', { name: 'MSCU1234566' })).toHaveAttribute(
      'href',
      '/shipment/ocean/MSCU1234566/MEDU12345678?timeZone=Asia%2FTokyo',
    );
    expect(within(soon).getByText('Demurrage last free day 13/02/2025 · 3 days left')).toBeInTheDocument();
    expect(within(soon).getByText('Detention last free day 12/02/2025 · 2 days left')).toBeInTheDocument();
    expect(
      within(screen.getByRole('list', { name: 'All clear' })).getByText('Last free day passed'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('article', { name: 'Last free day passed: 0' })).not.toBeInTheDocument();
    // 12:00 UTC is 21:00 in the user's zone.
    expect(screen.getByTestId('dashboard-updated')).toHaveTextContent('Updated 10/02/2025 21:00');

    const status = screen.getByRole('region', { name: 'By status' });
    expect(within(status).getByText('At destination').nextSibling).toHaveTextContent('2');
    const arrivals = screen.getByRole('region', { name: 'Arrivals' });
    expect(within(arrivals).getByText('This week').previousSibling).toHaveTextContent('2');
    expect(
      within(screen.getByRole('region', { name: 'Carriers' })).getByText('MSC (MSCU)'),
    ).toBeInTheDocument();

    const map = screen.getByRole('region', { name: 'Live map' });
    expect(within(map).getByText('Rotterdam')).toBeInTheDocument();
    expect(within(map).getByRole('link', { name: 'MSCU1234566' })).toHaveAttribute(
      'href',
      '/shipment/ocean/MSCU1234566/MEDU12345678?timeZone=Asia%2FTokyo',
    );
    expect(within(map).getByText('and 1 more')).toBeInTheDocument();
  });

  it('writes every date as day/month/year, never as ISO (spec §9), in the reader’s zone', async () => {
    const dashboard = busyOceanDashboard();
    dashboard.attentionVO.push(
      etaSlippedCard([
        {
          id: 'so-3',
          identifier: 'TGHU1234561',
          link: { containerNo: 'TGHU1234561', mblNo: 'ONEY1234' },
          // 22:00 UTC on 2 Dec is 07:00 on 3 Dec in Tokyo.
          reason: [
            { kind: 'text', value: 'ETA ' },
            { kind: 'instant', value: '2026-12-02T22:00:00.000Z' },
            { kind: 'text', value: ', 2 days later than first given' },
          ],
        },
      ]),
    );
    serve({ [OCEAN]: ok(dashboard) });
    renderRoutes(appRoutes, '/dashboard/ocean');

    const slipped = await screen.findByRole('article', { name: 'ETA slipped: 1' });
    expect(slipped).toHaveTextContent('ETA 03/12/2026, 2 days later than first given');
    const text = document.body.textContent ?? '';
    expect(text).toContain('12/02/2025');
    expect(text).not.toMatch(/\d{4}-\d{2}-\d{2}/);
  });

  it('tells an ETA’s source and measured band on the dashboard as the list does, from the keyboard too', async () => {
    const band = {
      horizonDays: 7 as const,
      samples: 21,
      from: '2026-12-03T00:00:00.000Z',
      to: '2026-12-04T18:00:00.000Z',
    };
    const dashboard = busyOceanDashboard();
    dashboard.attentionVO.push(
      etaSlippedCard([
        {
          id: 'so-3',
          identifier: 'TGHU1234561',
          link: { containerNo: 'TGHU1234561', mblNo: 'ONEY1234' },
          reason: [
            { kind: 'text', value: 'ETA ' },
            {
              kind: 'eta',
              value: '2026-12-02T22:00:00.000Z',
              estimates: {
                used: 'carrier',
                estimates: [
                  {
                    source: 'carrier',
                    kind: 'port',
                    eta: '2026-12-02T22:00:00.000Z',
                    issuedAt: '2026-11-20T08:00:00.000Z',
                    biasHours: null,
                    confidence: band,
                  },
                  {
                    source: 'tracklane',
                    kind: 'port',
                    eta: '2026-12-03T08:00:00.000Z',
                    issuedAt: '2026-11-20T08:00:00.000Z',
                    biasHours: 10,
                    confidence: band,
                  },
                ],
              },
            },
            { kind: 'text', value: ', 2 days later than first given' },
          ],
        },
        // Fewer than 20 arrivals measured: no band, the day alone.
        etaSlippedItem({
          id: 'so-4',
          containerNo: 'TGHU7654321',
          mblNo: 'ONEY5678',
          eta: '2026-12-05T10:00:00.000Z',
          later: ', 1 day later than first given',
        }),
      ]),
    );
    serve({ [OCEAN]: ok(dashboard) });
    renderRoutes(appRoutes, '/dashboard/ocean');

    const slipped = await screen.findByRole('article', { name: 'ETA slipped: 2' });
    expect(slipped).toHaveTextContent('ETA 03/12/2026, 2 days later than first given');
    expect(slipped).toHaveTextContent('ETA 05/12/2026, 1 day later than first given');
    const withBand = within(slipped).getAllByTestId('arrival-confidence');
    expect(withBand.map((e) => e.textContent)).toEqual(['03/12/2026']);
    withBand[0]!.focus();
    // Every source, the used one first, as the list's arrival cell says it.
    const tooltip = await screen.findByRole('tooltip');
    expect(tooltip).toHaveTextContent(
      'Carrier (used): 03/12/2026 · ETA to port · issued 20/11/2026 17:00. 8 in 10 arrived between 03/12/2026 and 05/12/2026 (21 arrivals, 7 days out)',
    );
    expect(tooltip).toHaveTextContent('Tracklane estimate: 03/12/2026 · Carrier ETA +10 h');
  });

  it('writes the express dashboard’s dates as day/month/year too', async () => {
    serve({ [EXPRESS]: ok(busyExpressDashboard()) });
    renderRoutes(appRoutes, '/dashboard/truck/express');

    const late = await screen.findByRole('article', { name: 'Late against the estimate: 1' });
    // 18:00 UTC on 8 Feb is 03:00 on 9 Feb in Tokyo.
    expect(late).toHaveTextContent('Expected 09/02/2025, 2 days late');
    expect(document.body.textContent).not.toMatch(/\d{4}-\d{2}-\d{2}/);
  });

  it('with a session cookie, asks for its answer before it renders, and renders from it', async () => {
    const clearHint = setSessionHint();
    let answer: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    const api = serve({ [OCEAN]: () => answered.then(() => ok(busyOceanDashboard())) });

    renderRoutes(appRoutes, '/dashboard/ocean');
    await waitFor(() => expect(api.callsTo(OCEAN)).toHaveLength(1));
    expect(screen.queryByRole('heading', { name: 'Ocean dashboard' })).not.toBeInTheDocument();

    answer();
    expect(
      await screen.findByRole('article', { name: 'Last free day within 3 days: 2' }),
    ).toBeInTheDocument();
    expect(api.callsTo(OCEAN)).toHaveLength(1);
    clearHint();
  });

  it('opens the pre-filtered list from a card', async () => {
    const api = serve({
      [OCEAN]: ok(busyOceanDashboard()),
      'GET /api/users/preferences/oceanTableColumns': ok(null),
      'GET /api/shipments/ocean/options': ok(noOptions),
      'GET /api/shipments/ocean': ok(
        listPage([oceanShipment({ containerNo: 'MSCU1234566' })], { activeCount: 3, archivedCount: 0 }),
      ),
    });
    const { router } = renderRoutes(appRoutes, '/dashboard/ocean');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('link', { name: 'Last free day within 3 days' }));
    expect(router.state.location.search).toBe('?attention=lfdSoon');
    await waitFor(() => expect(api.callsTo('GET /api/shipments/ocean')[0]?.query.attention).toBe('lfdSoon'));
    expect(await screen.findByTestId('attention-filter')).toHaveTextContent(
      'Attention: Last free day within 3 days',
    );
  });

  it('express cards link to the parcel list with ?attention= and to the parcels', async () => {
    serve({ [EXPRESS]: ok(busyExpressDashboard()) });
    renderRoutes(appRoutes, '/dashboard/truck/express');

    const late = await screen.findByRole('article', { name: 'Late against the estimate: 1' });
    expect(within(late).getByRole('link', { name: 'Late against the estimate' })).toHaveAttribute(
      'href',
      '/shipments/truck/express/active?attention=late',
    );
    expect(within(late).getByRole('link', { name: '1Z999AA10123456784' })).toHaveAttribute(
      'href',
      '/shipment/truck/express/p-1/1Z999AA10123456784?timeZone=Asia%2FTokyo',
    );
    expect(screen.getByRole('region', { name: 'Deliveries' })).toBeInTheDocument();
    // A parcel carrier by its name alone; our code for it means nothing to the user.
    const carriers = screen.getByRole('region', { name: 'Carriers' });
    expect(within(carriers).getByText('UPS')).toBeInTheDocument();
    expect(within(carriers).queryByText(/\(ups\)/)).toBeNull();
  });

  it('says when the workspace has no containers, with a way to add one', async () => {
    serve({ [OCEAN]: ok(oceanDashboard()) });
    renderRoutes(appRoutes, '/dashboard/ocean');

    expect(await screen.findByTestId('dashboard-empty')).toHaveTextContent('No containers yet');
    expect(screen.getByRole('link', { name: 'Add a container' })).toHaveAttribute(
      'href',
      '/new-shipments/ocean',
    );
    expect(screen.queryByRole('region', { name: 'Live map' })).not.toBeInTheDocument();
  });

  it('offers no "add" to a member who may only view', async () => {
    serve({ [EXPRESS]: ok(expressDashboard()) }, beta);
    renderRoutes(appRoutes, '/dashboard/truck/express');

    expect(await screen.findByTestId('dashboard-empty')).toHaveTextContent('No parcels yet');
    expect(screen.queryByRole('link', { name: 'Add a parcel' })).not.toBeInTheDocument();
  });

  it('shows an error with a retry that loads the dashboard', async () => {
    let answers = 0;
    serve({
      [OCEAN]: () =>
        ++answers === 1 ? fail(400, 'BAD_REQUEST', 'The dashboard is resting') : ok(busyOceanDashboard()),
    });
    renderRoutes(appRoutes, '/dashboard/ocean');
    const user = userEvent.setup();

    expect(await screen.findByText('The dashboard is resting')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(
      await screen.findByRole('article', { name: 'Last free day within 3 days: 2' }),
    ).toBeInTheDocument();
  });

  it('shows no dashboard, and asks nothing, where the member has no shipment access', async () => {
    const noAccess = { ...gamma, shipmentPermission: 2, workspaces: [workspace('w-9', 'Ops', 'o-3', true)] };
    const api = fakeApi({
      'GET /api/workspaces/get': ok([noAccess]),
      'POST /api/workspaces/setCookies': ok({ organizationId: 'o-3', workspaceId: 'w-9' }),
    });
    testApp().workspaceStore.setState({
      currentOrganization: {
        organizationId: 'o-3',
        organizationName: 'Gamma Shipping',
        role: 'general_user',
        shipmentPermission: 2,
      },
      currentWorkspace: { workspaceId: 'w-9', name: 'Ops', isDefault: true },
    });
    renderRoutes(appRoutes, '/dashboard/ocean');

    expect(await screen.findByText('No access to shipments in this workspace')).toBeInTheDocument();
    expect(api.callsTo(OCEAN)).toHaveLength(0);
  });
});

describe('home (spec §1, §2)', { timeout: 20_000 }, () => {
  it('welcomes a workspace with no shipments in either mode, with the first steps', async () => {
    serve({ [OCEAN]: ok(oceanDashboard()), [EXPRESS]: ok(expressDashboard()) });
    const { router } = renderRoutes(appRoutes, '/');

    const welcome = await screen.findByTestId('welcome');
    expect(within(welcome).getByRole('link', { name: 'Add a container' })).toHaveAttribute(
      'href',
      '/new-shipments/ocean',
    );
    expect(within(welcome).getByRole('link', { name: 'Add a parcel' })).toHaveAttribute(
      'href',
      '/new-shipments/truck/express',
    );
    // The product's two modes, in the words the welcome has always had.
    expect(within(welcome).getByRole('heading', { level: 2 })).toHaveTextContent(
      'Every container and parcel in one place',
    );
    expect(welcome).toHaveTextContent(
      'Tracklane follows your ocean containers and express parcels with the carriers for you: where each one is, when it arrives, and what needs a look — a last free day coming up, an ETA that slipped, a failed delivery.',
    );
    expect(welcome).toHaveTextContent(
      'Many at once: paste them from a spreadsheet or upload a CSV on either page.',
    );
    expect(router.state.location.pathname).toBe('/');
  });

  it('hides the first steps from a member who may only view', async () => {
    serve({ [OCEAN]: ok(oceanDashboard()), [EXPRESS]: ok(expressDashboard()) }, beta);
    renderRoutes(appRoutes, '/');

    const welcome = await screen.findByTestId('welcome');
    expect(within(welcome).queryByRole('link')).not.toBeInTheDocument();
  });

  it('shows the current site type’s dashboard in place to a workspace with shipments', async () => {
    serve({ [OCEAN]: ok(busyOceanDashboard()), [EXPRESS]: ok(expressDashboard()) });
    const { router } = renderRoutes(appRoutes, '/');

    expect(await screen.findByRole('heading', { name: 'Ocean dashboard' })).toBeInTheDocument();
    expect(
      await screen.findByRole('article', { name: 'Last free day within 3 days: 2' }),
    ).toBeInTheDocument();
    expect(screen.queryByTestId('welcome')).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it('follows the stored site type', async () => {
    testApp().uiStore.setState({ siteType: 'ground' });
    serve({ [OCEAN]: ok(busyOceanDashboard()), [EXPRESS]: ok(busyExpressDashboard()) });
    renderRoutes(appRoutes, '/');

    expect(await screen.findByRole('heading', { name: 'Ground dashboard' })).toBeInTheDocument();
    expect(await screen.findByRole('article', { name: 'Late against the estimate: 1' })).toBeInTheDocument();
  });
});
