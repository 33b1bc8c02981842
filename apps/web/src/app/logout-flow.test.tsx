import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../test/http';
import { renderLoadedRoutes } from '../test/render';
import { signInAsAgreedUser } from '../test/session';
import { appRoutes } from './router';
import { testApp } from '../test/app';

beforeEach(() => {
  signInAsAgreedUser();
  testApp().authStore.setState({ resetPasswordToken: 'reset-1' });
  testApp().uiStore.setState({ sidebarCollapsed: true, siteType: 'ground' });
  testApp().workspaceStore.setState({
    currentOrganization: {
      organizationId: 'o-1',
      organizationName: 'Acme Freight',
      role: 'company_admin',
      shipmentPermission: 0,
    },
    currentWorkspace: { workspaceId: 'w-1', name: 'Imports', isDefault: true },
  });
  testApp().queryClient.setQueryData(['shipments', 'ocean'], ['MSKU1234565']);
});

async function logOutFromAvatarMenu() {
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'Account menu' }));
  await user.click(await screen.findByRole('menuitem', { name: 'Log out' }));
}

describe('logging out from the avatar menu (spec §4)', () => {
  it('ends on sign-in with every store and the query cache reset', async () => {
    vi.stubGlobal(
      'fetch',
      // A fresh answer per call: the shell's own requests (organizations) must not consume this one.
      vi.fn(() => Promise.resolve(jsonResponse(200, { success: true, message: 'Logged out' }))),
    );
    const { router } = await renderLoadedRoutes(appRoutes, '/dashboard/truck/express');

    await logOutFromAvatarMenu();

    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth/sign-in');
    expect(testApp().authStore.getState()).toMatchObject({
      status: 'unauthenticated',
      user: null,
      resetPasswordToken: null,
    });
    expect(testApp().uiStore.getState()).toMatchObject({ sidebarCollapsed: false, siteType: 'ocean' });
    expect(testApp().workspaceStore.getState()).toMatchObject({
      currentOrganization: null,
      currentWorkspace: null,
    });
    expect(testApp().queryClient.getQueryData(['shipments', 'ocean'])).toBeUndefined();
  });

  it('stays in the app and says so when the server refuses', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn().mockResolvedValue(jsonResponse(500, { success: false, code: 'INTERNAL' })),
    );
    const { router } = await renderLoadedRoutes(appRoutes, '/dashboard/truck/express');

    await logOutFromAvatarMenu();

    expect(await screen.findByText('Could not log out')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Ground dashboard' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard/truck/express');
    expect(testApp().authStore.getState().user).toMatchObject({ email: 'ada@example.com' });
    expect(testApp().workspaceStore.getState().currentOrganization).not.toBeNull();
  });
});

describe('avatar menu', () => {
  it("shows the user's initials and links to the settings pages", async () => {
    await renderLoadedRoutes(appRoutes, '/dashboard/ocean');
    expect(screen.getByText('AL')).toBeInTheDocument();

    await userEvent.setup().click(screen.getByRole('button', { name: 'Account menu' }));

    const targets = ['Profile Settings', 'Notification Settings', 'Billing Settings', 'Pricing Plans'].map(
      (name) => screen.getByRole('menuitem', { name }).getAttribute('href'),
    );
    expect(targets).toEqual([
      '/settings/profile',
      '/settings/notification',
      '/settings/billing',
      '/payment/pricing-table',
    ]);
  });
});
