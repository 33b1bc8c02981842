import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { render, type RenderResult } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, type DataRouter, type RouteObject } from 'react-router';
import type { AppInstance } from '../app/app-instance';
import { firstLoad } from '../app/first-load';
import { AppStateProviders } from '../app/providers';
import { theme } from '../app/theme';
import { testApp } from './app';
// The app's modes, registered as the shell registers them (its router reads the registry): hooks
// rendered on their own (a dashboard, a list) then find their mode's dashboard and live keys.
import '../modes/registry';

/** The app's providers over the test's app instance, with Mantine's test mode (no transitions, no portals delays). */
export function TestProviders({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={theme} env="test">
      <AppStateProviders app={testApp()}>{children}</AppStateProviders>
    </MantineProvider>
  );
}

/**
 * A component on its own, with the toasts' host the signed-in screens render around it
 * (agreement-guard.tsx); routes bring their own.
 */
export function renderWithProviders(ui: ReactElement): RenderResult {
  return render(
    <TestProviders>
      <Notifications />
      {ui}
    </TestProviders>,
  );
}

/**
 * Route objects, or how to make them for an app instance (`appRoutes`, router.tsx: its loaders fill the
 * instance they are made for), here for the test's.
 */
type TestRoutes = RouteObject[] | ((app: AppInstance) => RouteObject[]);

/** Renders route objects in a memory router at `path`; the router is returned to read the location. */
export function renderRoutes(routes: TestRoutes, path: string) {
  return renderRouter(createTestRouter(routes, path));
}

/**
 * The same, once the router has loaded `path`'s routes (their code and loaders), as main.tsx renders a
 * page the server sent as HTML: the first render shows the page, not the loading splash.
 */
export async function renderLoadedRoutes(routes: TestRoutes, path: string) {
  const router = createTestRouter(routes, path);
  await firstLoad(router);
  return renderRouter(router);
}

/** A memory router at `path` over `routes`, made for the test's app instance as the browser's are for its own. */
export function createTestRouter(routes: TestRoutes, path: string) {
  return createMemoryRouter(typeof routes === 'function' ? routes(testApp()) : routes, {
    initialEntries: [path],
  });
}

function renderRouter(router: DataRouter) {
  const result = render(
    <TestProviders>
      <RouterProvider router={router} />
    </TestProviders>,
  );
  return { ...result, router };
}
