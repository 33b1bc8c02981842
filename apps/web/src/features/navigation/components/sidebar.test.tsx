import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderRoutes } from '../../../test/render';
import { readSidebarCookie } from '../utils/sidebar-preference';
import { Sidebar } from './sidebar';
import { testApp } from '../../../test/app';

function renderSidebar(path: string, shipmentPermission: number | null = null) {
  return renderRoutes(
    [{ path: '*', element: <Sidebar variant="docked" shipmentPermission={shipmentPermission} /> }],
    path,
  );
}

const menuLinks = () =>
  within(screen.getByRole('navigation', { name: 'Main navigation' }))
    .getAllByRole('link')
    .map((link) => [link.textContent, link.getAttribute('href')]);

beforeEach(() => {
  testApp().uiStore.setState({ sidebarCollapsed: false, siteType: 'ocean' });
});

describe('site-type switcher', () => {
  it('follows the current path', () => {
    renderSidebar('/shipments/truck/express/archived');
    expect(screen.getByRole('radio', { name: 'Ground' })).toBeChecked();
    expect(testApp().uiStore.getState().siteType).toBe('ground');
  });

  it('moves to the equivalent page of the other type', async () => {
    const { router } = renderSidebar('/shipments/ocean/archived');
    await userEvent.setup().click(screen.getByRole('radio', { name: 'Ground' }));
    expect(router.state.location.pathname).toBe('/shipments/truck/express/archived');
    expect(screen.getByRole('radio', { name: 'Ground' })).toBeChecked();
  });

  it('on a page without a counterpart, only switches the menu', async () => {
    const { router } = renderSidebar('/settings/profile');
    await userEvent.setup().click(screen.getByRole('radio', { name: 'Ground' }));
    expect(router.state.location.pathname).toBe('/settings/profile');
    expect(menuLinks()[0]).toEqual(['Dashboard', '/dashboard/truck/express']);
  });
});

describe('menu', () => {
  it('links to the current type and marks the current page', () => {
    renderSidebar('/shipments/ocean/active');
    expect(menuLinks()).toEqual([
      ['Dashboard', '/dashboard/ocean'],
      ['Shipment List', '/shipments/ocean/active'],
      ['Exceptions', '/exceptions'],
      ['Reliability', '/reliability'],
      ['New Shipment', '/new-shipments/ocean'],
      ['Shipment History', '/shipment-history/ocean/tracking-history'],
    ]);
    expect(screen.getByRole('link', { name: 'Shipment List' })).toHaveAttribute('aria-current', 'page');
  });

  it('hides New Shipment for a view-only permission', () => {
    renderSidebar('/dashboard/ocean', 1);
    expect(screen.queryByRole('link', { name: 'New Shipment' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Shipment List' })).toBeInTheDocument();
  });
});

describe('collapse', () => {
  it('collapses to icons, keeps links reachable by name, and remembers the choice', async () => {
    renderSidebar('/dashboard/ocean');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Collapse sidebar' }));

    expect(screen.getByTestId('sidebar')).toHaveAttribute('data-collapsed');
    expect(screen.queryByText('Shipment History')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Shipment History' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Expand sidebar' })).toBeInTheDocument();
    // In a cookie, which the server reads to draw the sidebar collapsed on the next page it renders.
    expect(readSidebarCookie(document.cookie)).toBe(true);
  });
});
