import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, fakeApi, ok } from '../test/fake-api';
import {
  acme,
  acmeDefault,
  acmeImports,
  allOrganizations,
  betaDesk,
  grace,
  overview,
  selectionOf,
} from '../test/organization-fixtures';
import { testUser } from '../test/http';
import { renderRoutes } from '../test/render';
import { signInAsAgreedUser } from '../test/session';
import { appRoutes } from './router';
import { testApp } from '../test/app';

type Routes = Parameters<typeof fakeApi>[0];

/** A signed-in user working in `workspace`, the server answering `extra` on top. */
function workingIn(workspace: typeof acmeDefault, extra: Routes = {}) {
  return fakeApi({
    'GET /api/workspaces/get': ok(allOrganizations),
    'POST /api/workspaces/setCookies': ok(selectionOf(workspace)),
    ...extra,
  });
}

async function openWorkspaceMenu(name: string) {
  const user = userEvent.setup();
  await waitFor(() => expect(screen.getByTestId('workspace-menu')).toHaveTextContent(name));
  await user.click(screen.getByTestId('workspace-menu'));
  return user;
}

const menuItems = () =>
  screen.getAllByRole('menuitem').map((item) => [item.textContent, item.getAttribute('href')]);

beforeEach(() => {
  signInAsAgreedUser();
});

describe('top-bar workspace dropdown (spec §2, §6)', () => {
  it('shows the workspace and organization, and gives admins Invite People, the members and settings pages', async () => {
    workingIn(acmeImports);
    renderRoutes(appRoutes, '/dashboard/ocean');

    await openWorkspaceMenu('Imports Europe');

    expect(screen.getByTestId('workspace-menu')).toHaveTextContent('Acme Freight');
    expect(menuItems()).toEqual([
      ['Invite People', null],
      ['View Members', '/workspace-settings/members'],
      ['Workspace Settings', '/workspace-settings/overview'],
      ['Alert Rules', '/workspace-settings/alerts'],
      ['E-mail Intake', '/workspace-settings/email-intake'],
      ['Companies', '/workspace-settings/companies'],
      ['Custom Fields', '/workspace-settings/custom-fields'],
      ['Free Time & Tariffs', '/workspace-settings/free-time'],
      ['Carrier Connections', '/workspace-settings/carrier-connections'],
      ['Leave Workspace', null],
    ]);
  });

  it('gives general users the read-only View Members, the e-mail intake page and Leave Workspace only', async () => {
    workingIn(betaDesk);
    renderRoutes(appRoutes, '/dashboard/ocean');

    await openWorkspaceMenu('Rotterdam Desk');

    // A view-only member may not set up alert rules either.
    expect(menuItems()).toEqual([
      ['View Members', null],
      ['E-mail Intake', '/workspace-settings/email-intake'],
      ['Leave Workspace', null],
    ]);
  });
});

describe('Leave Workspace (spec §5, §6, §8)', () => {
  it('is disabled for a company admin on the default workspace, with the reason as tooltip', async () => {
    const api = workingIn(acmeDefault, { 'GET /api/organization/overview': ok(overview()) });
    renderRoutes(appRoutes, '/dashboard/ocean');
    const user = await openWorkspaceMenu('Default Workspace');

    await user.click(screen.getByRole('menuitem', { name: 'Leave Workspace' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave Default Workspace?' });
    const confirm = within(dialog).getByRole('button', { name: 'Leave workspace' });
    expect(confirm).toHaveAttribute('aria-disabled', 'true');

    await user.hover(confirm);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Cannot leave default workspace');
    await user.click(confirm);
    expect(api.callsTo('PATCH /api/workspaces/leave')).toHaveLength(0);
  });

  it('warns that leaving the only workspace leaves the organization, then leaves and goes home', async () => {
    const api = workingIn(betaDesk, {
      'GET /api/organization/overview': ok(overview({ organizationId: 'o-2', workspaceCount: 1 })),
      'PATCH /api/workspaces/leave': ok(
        {
          workspaceName: 'Rotterdam Desk',
          removedFromOrganization: true,
          selection: selectionOf(acmeDefault),
        },
        'You have been removed from Rotterdam Desk',
      ),
    });
    const { router } = renderRoutes(appRoutes, '/shipments/ocean/active');
    const user = await openWorkspaceMenu('Rotterdam Desk');

    await user.click(screen.getByRole('menuitem', { name: 'Leave Workspace' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave Rotterdam Desk?' });
    expect(await within(dialog).findByTestId('leave-removes-from-organization')).toHaveTextContent(
      'you will need a new invite to rejoin',
    );
    api.route('GET /api/workspaces/get', ok([acme]));
    await user.click(within(dialog).getByRole('button', { name: 'Leave workspace' }));

    expect(await screen.findByText('You have been removed from Rotterdam Desk')).toBeInTheDocument();
    expect(api.callsTo('PATCH /api/workspaces/leave').map((call) => call.body)).toEqual([
      { workspaceId: 'w-3' },
    ]);
    // spec §4: back in the user's own default workspace, organizations asked again.
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/ocean'));
    await waitFor(() =>
      expect(screen.getByTestId('current-workspace-name')).toHaveTextContent('Default Workspace'),
    );
    expect(testApp().workspaceStore.getState().currentOrganization?.organizationId).toBe('o-1');
    expect(screen.queryByRole('button', { name: /Rotterdam Desk/ })).not.toBeInTheDocument();
  });

  it('leaves a workspace of a larger organization without the warning', async () => {
    workingIn(acmeImports, { 'GET /api/organization/overview': ok(overview({ workspaceCount: 2 })) });
    renderRoutes(appRoutes, '/dashboard/ocean');
    const user = await openWorkspaceMenu('Imports Europe');

    await user.click(screen.getByRole('menuitem', { name: 'Leave Workspace' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave Imports Europe?' });

    await waitFor(() =>
      expect(within(dialog).getByRole('button', { name: 'Leave workspace' })).toBeEnabled(),
    );
    expect(within(dialog).queryByTestId('leave-removes-from-organization')).not.toBeInTheDocument();
  });

  it('says "Failed to remove you from …" when the server refuses', async () => {
    workingIn(acmeImports, {
      'GET /api/organization/overview': ok(overview()),
      'PATCH /api/workspaces/leave': fail(
        503,
        'SERVICE_UNAVAILABLE',
        'The service is temporarily unavailable.',
      ),
    });
    const { router } = renderRoutes(appRoutes, '/shipments/ocean/active');
    const user = await openWorkspaceMenu('Imports Europe');

    await user.click(screen.getByRole('menuitem', { name: 'Leave Workspace' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave Imports Europe?' });
    await waitFor(() =>
      expect(within(dialog).getByRole('button', { name: 'Leave workspace' })).toBeEnabled(),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Leave workspace' }));

    expect(await screen.findByText('Failed to remove you from Imports Europe')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/shipments/ocean/active');
    expect(screen.getByTestId('current-workspace-name')).toHaveTextContent('Imports Europe');
  });
});

describe('View Members dialog (general users)', () => {
  const members = [grace, { ...testUser, avatar: null }];

  async function openMembers() {
    workingIn(betaDesk, { 'GET /api/workspaces/members/get': ok(members) });
    renderRoutes(appRoutes, '/dashboard/ocean');
    const user = await openWorkspaceMenu('Rotterdam Desk');
    await user.click(screen.getByRole('menuitem', { name: 'View Members' }));
    const dialog = await screen.findByRole('dialog', { name: 'Members of Rotterdam Desk' });
    await within(dialog).findByText('grace@example.com');
    return { user, dialog };
  }

  it('lists the members read-only and copies an e-mail with a toast', async () => {
    const { user, dialog } = await openMembers();

    expect(
      within(dialog)
        .getAllByTestId('workspace-member')
        .map((row) => row.textContent),
    ).toEqual(['GHGrace Hoppergrace@example.com', 'ALAda Lovelaceada@example.com']);
    expect(within(dialog).queryByRole('combobox')).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Copy grace@example.com' }));

    expect(await screen.findByText('grace@example.com copied to clipboard')).toBeInTheDocument();
    await expect(navigator.clipboard.readText()).resolves.toBe('grace@example.com');
  });

  it('says so when the browser refuses the clipboard', async () => {
    const { user, dialog } = await openMembers();
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(
      new DOMException('Denied', 'NotAllowedError'),
    );

    await user.click(within(dialog).getByRole('button', { name: 'Copy grace@example.com' }));

    expect(await screen.findByText('Could not copy the e-mail address')).toBeInTheDocument();
    expect(screen.queryByText('grace@example.com copied to clipboard')).not.toBeInTheDocument();
  });
});
