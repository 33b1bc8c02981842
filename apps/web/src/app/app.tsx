import { RouterProvider, type DataRouter } from 'react-router';
import { AppProviders } from './providers';

/**
 * The whole app, around a data router over its routes: the browser's (main.tsx), or a memory one when
 * the build renders a page to HTML (prerender.tsx). One tree for both, so that the browser can hydrate
 * that HTML: the same components in the same places give the same `useId`s.
 */
export function App({ router }: { router: DataRouter }) {
  return (
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
