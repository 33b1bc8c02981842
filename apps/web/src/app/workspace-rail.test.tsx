import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { fail, fakeApi, ok } from '../test/fake-api';
import {
  acme,
  acmeDefault,
  allOrganizations,
  beta,
  betaDesk,
  selectionOf,
} from '../test/organization-fixtures';
import { renderRoutes } from '../test/render';
import { signInAsAgreedUser } from '../test/session';
import { appRoutes } from './router';
import { testApp } from '../test/app';

function serverWith(routesOverride: Parameters<typeof fakeApi>[0] = {}) {
  return fakeApi({
    'GET /api/workspaces/get': ok(allOrganizations),
    'POST /api/workspaces/setCookies': ok(selectionOf(acmeDefault)),
    ...routesOverride,
  });
}

const menuLabels = () =>
  within(screen.getByRole('navigation', { name: 'Main navigation' }))
    .getAllByRole('link')
    .map((link) => link.textContent);

beforeEach(() => {
  signInAsAgreedUser();
});

describe('workspace rail (spec §2)', () => {
  it('shows one icon per workspace, grouped per organization, the current one marked', async () => {
    serverWith();
    renderRoutes(appRoutes, '/shipments/ocean/active');

    const rail = await screen.findByRole('navigation', { name: 'Workspaces' });
    const groups = within(rail)
      .getAllByRole('group')
      .map((group) => [
        group.getAttribute('aria-label'),
        within(group)
          .getAllByRole('button')
          .map((button) => button.getAttribute('aria-label')),
      ]);
    expect(groups).toEqual([
      [
        'Acme Freight',
        ['Switch to Default Workspace (Acme Freight)', 'Switch to Imports Europe (Acme Freight)'],
      ],
      ['Beta Logistics', ['Switch to Rotterdam Desk (Beta Logistics)']],
      // No workspace there and not its creator: the one thing to do is leave.
      ['Gamma Shipping', ['Leave Gamma Shipping']],
    ]);
    await waitFor(() =>
      expect(
        screen.getByRole('button', { name: 'Switch to Default Workspace (Acme Freight)' }),
      ).toHaveAttribute('aria-current', 'true'),
    );
    expect(
      screen.getByRole('button', { name: 'Switch to Imports Europe (Acme Freight)' }),
    ).not.toHaveAttribute('aria-current');
  });

  it('heads each organization’s group with its image or initials, and names both in the tooltip', async () => {
    // Two organizations, each with a "Default Workspace": the icons alone would both read "DW".
    const baltic = {
      ...beta,
      organizationName: 'Baltic Forwarding',
      image: '/api/files/organizations/baltic.png',
      organizationImageUrl: '/api/files/organizations/baltic.png',
      workspaces: [{ ...betaDesk, name: 'Default Workspace', workspaceName: 'Default Workspace' }],
    };
    serverWith({ 'GET /api/workspaces/get': ok([acme, baltic]) });
    renderRoutes(appRoutes, '/shipments/ocean/active');

    const rail = await screen.findByRole('navigation', { name: 'Workspaces' });
    const [acmeGroup, balticGroup] = within(rail).getAllByTestId('rail-organization');
    expect(within(acmeGroup!).getByTestId('rail-organization-mark')).toHaveTextContent('AF');
    // An organization with an image shows it (jsdom never loads it; the img is what a browser shows).
    expect(within(balticGroup!).getByTestId('rail-organization-mark').querySelector('img')).toHaveAttribute(
      'src',
      '/api/files/organizations/baltic.png',
    );
    expect(within(balticGroup!).getAllByTestId('rail-workspace')).toHaveLength(1);

    const user = userEvent.setup();
    await user.hover(
      within(balticGroup!).getByRole('button', { name: 'Switch to Default Workspace (Baltic Forwarding)' }),
    );
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Baltic Forwarding — Default Workspace');
    await user.unhover(within(balticGroup!).getByRole('button'));
    await user.hover(
      within(acmeGroup!).getByRole('button', { name: 'Switch to Default Workspace (Acme Freight)' }),
    );
    await waitFor(() =>
      expect(screen.getByRole('tooltip')).toHaveTextContent('Acme Freight — Default Workspace'),
    );
  });

  it('switches organization and workspace, resets tenant data and opens the ocean dashboard', async () => {
    const api = serverWith({ 'POST /api/workspaces/currentId': ok(selectionOf(betaDesk)) });
    const { router } = renderRoutes(appRoutes, '/shipments/ocean/archived');
    await screen.findByRole('button', { name: 'Switch to Default Workspace (Acme Freight)', current: true });
    testApp().queryClient.setQueryData(['tenant', 'members', 'workspace'], ['from Acme']);

    await userEvent
      .setup()
      .click(screen.getByRole('button', { name: 'Switch to Rotterdam Desk (Beta Logistics)' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/ocean'));
    expect(api.callsTo('POST /api/workspaces/currentId').map((call) => call.body)).toEqual([
      { workspaceId: 'w-3' },
    ]);
    expect(screen.getByTestId('current-workspace-name')).toHaveTextContent('Rotterdam Desk');
    expect(testApp().workspaceStore.getState()).toMatchObject({
      currentOrganization: { organizationId: 'o-2', role: 'general_user', shipmentPermission: 1 },
      currentWorkspace: { workspaceId: 'w-3', isDefault: true },
    });
    expect(testApp().queryClient.getQueryData(['tenant', 'members', 'workspace'])).toBeUndefined();
    expect(screen.getByRole('button', { name: 'Switch to Rotterdam Desk (Beta Logistics)' })).toHaveAttribute(
      'aria-current',
      'true',
    );
  });

  it('says so when the switch is refused, and stays put', async () => {
    serverWith({
      'POST /api/workspaces/currentId': fail(404, 'NOT_FOUND', 'Workspace not found.'),
    });
    const { router } = renderRoutes(appRoutes, '/shipments/ocean/archived');

    await userEvent
      .setup()
      .click(await screen.findByRole('button', { name: 'Switch to Imports Europe (Acme Freight)' }));

    expect(await screen.findByText('Could not switch to Imports Europe')).toBeInTheDocument();
    expect(screen.getByText('Workspace not found.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/shipments/ocean/archived');
  });

  it('offers a retry when the workspaces cannot be loaded', async () => {
    const api = serverWith({ 'GET /api/workspaces/get': fail(403, 'FORBIDDEN', 'No') });
    renderRoutes(appRoutes, '/dashboard/ocean');

    const retry = await screen.findByRole('button', { name: 'Could not load your workspaces. Try again' });
    api.route('GET /api/workspaces/get', ok(allOrganizations));
    await userEvent.setup().click(retry);

    expect(
      await screen.findByRole('button', { name: 'Switch to Rotterdam Desk (Beta Logistics)' }),
    ).toBeInTheDocument();
  });
});

describe('leaving an organization from the rail', () => {
  it('confirms, leaves and says "Successfully left organization"', async () => {
    const api = serverWith({
      'PATCH /api/organization/leave': ok(
        { organizationName: 'Gamma Shipping', selection: selectionOf(acmeDefault) },
        'Successfully left organization',
      ),
    });
    renderRoutes(appRoutes, '/dashboard/ocean');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Leave Gamma Shipping' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave Gamma Shipping?' });
    api.route('GET /api/workspaces/get', ok([acme, beta]));
    await user.click(within(dialog).getByRole('button', { name: 'Leave organization' }));

    expect(await screen.findByText('Successfully left organization')).toBeInTheDocument();
    expect(api.callsTo('PATCH /api/organization/leave').map((call) => call.body)).toEqual([
      { organizationId: 'o-3' },
    ]);
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Leave Gamma Shipping' })).not.toBeInTheDocument(),
    );
  });

  it('says "Failed to leave organization" when the server refuses', async () => {
    serverWith({
      'PATCH /api/organization/leave': fail(
        409,
        'CONFLICT',
        'An organization needs at least one company admin.',
      ),
    });
    renderRoutes(appRoutes, '/dashboard/ocean');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Leave Gamma Shipping' }));
    await user.click(await screen.findByRole('button', { name: 'Leave organization' }));

    expect(await screen.findByText('Failed to leave organization')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Leave Gamma Shipping?' })).toBeInTheDocument();
  });

  it('asks for organizations and selection again when access changed meanwhile', async () => {
    const api = serverWith({
      'PATCH /api/organization/leave': fail(
        409,
        'SELECTION_CHANGED',
        'Your access to this workspace has changed. Reload the page and try again.',
      ),
    });
    renderRoutes(appRoutes, '/dashboard/ocean');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Leave Gamma Shipping' }));
    await waitFor(() => expect(api.callsTo('POST /api/workspaces/setCookies')).toHaveLength(1));

    await user.click(await screen.findByRole('button', { name: 'Leave organization' }));

    await waitFor(() => expect(api.callsTo('POST /api/workspaces/setCookies')).toHaveLength(2));
    expect(api.callsTo('GET /api/workspaces/get')).toHaveLength(2);
  });
});

// Spec §2's menu, with the exceptions inbox beside the list for those who may see shipments.
describe('sidebar menu from the real organization (spec §2, §6)', () => {
  it.each([
    [0, ['Dashboard', 'Shipment List', 'Exceptions', 'Reliability', 'New Shipment', 'Shipment History']],
    [1, ['Dashboard', 'Shipment List', 'Exceptions', 'Reliability', 'Shipment History']],
    [2, ['Dashboard', 'Shipment History']],
  ])('shipmentPermission %i shows %j', async (shipmentPermission, labels) => {
    serverWith({
      'GET /api/workspaces/get': ok([{ ...beta, shipmentPermission }]),
      'POST /api/workspaces/setCookies': ok(selectionOf(betaDesk)),
    });
    renderRoutes(appRoutes, '/dashboard/ocean');

    await waitFor(() =>
      expect(testApp().workspaceStore.getState().currentOrganization?.shipmentPermission).toBe(
        shipmentPermission,
      ),
    );
    expect(menuLabels()).toEqual(labels);
  });
});
