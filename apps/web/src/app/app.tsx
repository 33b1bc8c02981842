import { useEffect } from 'react';
import { RouterProvider, type DataRouter } from 'react-router';
import type { AppInstance } from './app-instance';
import { AppProviders } from './providers';

/**
 * The whole app, around a data router over its routes: the browser's (main.tsx), or a memory one when
 * the build renders a page to HTML (prerender.tsx). One tree for both, so that the browser can hydrate
 * that HTML: the same components in the same places give the same `useId`s. `app` is the instance's
 * state (app-instance.ts), the one the router's loaders were given.
 */
export function App({ app, router }: { app: AppInstance; router: DataRouter }) {
  // Until React has hydrated (or replaced) the server's HTML, a click on it does nothing. The mark
  // says the page now answers, for whoever drives it from outside (the end-to-end tests, a monitor).
  useEffect(() => {
    document.documentElement.dataset.started = '';
  }, []);
  return (
    <AppProviders app={app}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
