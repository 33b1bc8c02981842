import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi, ok } from '../test/fake-api';
import { listPage, noOptions } from '../test/ocean-shipment-fixtures';
import { beta, betaDesk, gamma, selectionOf, workspace } from '../test/organization-fixtures';
import { renderRoutes } from '../test/render';
import { setUpSignedInPage } from '../test/session';
import { appRoutes } from './router';
import { busyOceanDashboard } from '../test/dashboard-fixtures';
import { TAB_ID } from '../lib/tab-id';
import {
  first,
  second,
  third,
  serve,
  byStatus,
  rows,
  containersShown,
} from '../test/ocean-shipments-list-page';
import { testApp } from '../test/app';

setUpSignedInPage();

describe('ocean shipment list: favourites and permissions (spec §3, §6)', { timeout: 20_000 }, () => {
  it('stars a shipment at once and tells the server', async () => {
    const api = serve(byStatus([first], []), {
      'POST /api/shipments/ocean/favorite': ok({ updatedIds: [first.shipmentOverallId] }),
    });
    renderRoutes(appRoutes, '/shipments/ocean/active');
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
    renderRoutes(appRoutes, '/shipments/ocean/active');
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
    renderRoutes(appRoutes, '/shipments/ocean/active');

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
    testApp().workspaceStore.setState({
      currentOrganization: {
        organizationId: 'o-3',
        organizationName: 'Gamma Shipping',
        role: 'general_user',
        shipmentPermission: 2,
      },
      currentWorkspace: { workspaceId: 'w-9', name: 'Ops', isDefault: true },
    });
    renderRoutes(appRoutes, '/shipments/ocean/active');

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
    const { router } = renderRoutes(appRoutes, '/shipments/ocean/active?attention=lfdSoon');
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
    renderRoutes(appRoutes, '/shipments/ocean/active?attention=late');
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(api.callsTo('GET /api/shipments/ocean')[0]?.query.attention).toBeUndefined();
    expect(screen.queryByTestId('attention-filter')).not.toBeInTheDocument();
  });
});
