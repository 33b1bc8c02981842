import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../../../test/render';
import { useSiteType } from './use-site-type';

function Probe() {
  const { siteType, switchTo } = useSiteType();
  return (
    <>
      <output>{siteType}</output>
      <button type="button" onClick={() => switchTo('ground')}>
        Ground
      </button>
    </>
  );
}

describe('useSiteType', () => {
  it('speaks of the chosen type while the counterpart page is still loading', async () => {
    let arrive: () => void = () => {};
    const { router } = renderRoutes(
      [
        { path: '/shipments/ocean/archived', element: <Probe /> },
        {
          path: '/shipments/truck/express/archived',
          lazy: () =>
            new Promise((resolve) => {
              arrive = () => resolve({ element: <Probe /> });
            }),
        },
      ],
      '/shipments/ocean/archived',
    );
    expect(screen.getByRole('status')).toHaveTextContent('ocean');

    await userEvent.click(screen.getByRole('button', { name: 'Ground' }));
    // The router still shows the ocean page while the ground one loads; the shell follows the choice.
    expect(router.state.location.pathname).toBe('/shipments/ocean/archived');
    expect(screen.getByRole('status')).toHaveTextContent('ground');

    await act(async () => arrive());
    expect(router.state.location.pathname).toBe('/shipments/truck/express/archived');
    expect(screen.getByRole('status')).toHaveTextContent('ground');
  });

  it('follows the path again once the user goes elsewhere by link', async () => {
    const { router } = renderRoutes(
      [
        { path: '/dashboard/ocean', element: <Probe /> },
        { path: '/dashboard/truck/express', element: <Probe /> },
        { path: '/settings', element: <Probe /> },
      ],
      '/settings',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Ground' }));
    expect(screen.getByRole('status')).toHaveTextContent('ground');
    await act(() => router.navigate('/dashboard/ocean'));
    expect(screen.getByRole('status')).toHaveTextContent('ocean');
    await act(() => router.navigate('/settings'));
    expect(screen.getByRole('status')).toHaveTextContent('ocean');
  });
});
