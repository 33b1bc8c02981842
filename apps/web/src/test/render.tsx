import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, type DataRouter, type RouteObject } from 'react-router';
import { firstLoad } from '../app/first-load';
import { theme } from '../app/theme';
import { queryClient } from '../lib/query-client';
// The app's modes, registered as the shell registers them (its router reads the registry): hooks
// rendered on their own (a dashboard, a list) then find their mode's dashboard and live keys.
import '../modes/registry';

/** The app's providers, with Mantine's test mode (no transitions, no portals delays). */
export function TestProviders({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={theme} env="test">
      <QueryClientProvider client={queryClient}>
        <Notifications />
        {children}
      </QueryClientProvider>
    </MantineProvider>
  );
}

export function renderWithProviders(ui: ReactElement): RenderResult {
  return render(<TestProviders>{ui}</TestProviders>);
}

/** Renders route objects in a memory router at `path`; the router is returned to read the location. */
export function renderRoutes(routes: RouteObject[], path: string) {
  return renderRouter(createMemoryRouter(routes, { initialEntries: [path] }));
}

/**
 * The same, once the router has loaded `path`'s routes (their code and loaders), as main.tsx renders a
 * page the server sent as HTML: the first render shows the page, not the loading splash.
 */
export async function renderLoadedRoutes(routes: RouteObject[], path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  await firstLoad(router);
  return renderRouter(router);
}

function renderRouter(router: DataRouter) {
  const result = render(
    <TestProviders>
      <RouterProvider router={router} />
    </TestProviders>,
  );
  return { ...result, router };
}
