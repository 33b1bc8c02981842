/**
 * Pages rendered to HTML at build time (issue #17): what a signed-out visitor opens first paints before
 * any JavaScript has arrived. `scripts/prerender.mjs` builds this module for Node after the browser build
 * and writes each page to `dist/prerendered/<path>.html`; the server sends that file instead of the empty
 * index.html to a request for the path without a session cookie (apps/server/src/plugins/web-app.ts), and
 * main.tsx hydrates it.
 */
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter } from 'react-router';
import { App } from './app/app';
import { startSignedOut } from './app/guard';
import { preloadFor, routes } from './app/router';

export interface PrerenderedPage {
  path: string;
  /** The document title the page sets once it runs (`useDocumentTitle`), in the HTML from the start. */
  title: string;
  /** The page's lazy modules (as router.tsx imports them): their chunks' CSS is inlined, their JS preloaded. */
  modules: string[];
}

export const prerenderedPages: PrerenderedPage[] = [
  {
    path: '/auth/sign-in',
    title: 'Sign in · Tracklane',
    modules: ['src/app/layouts/auth-split-layout.tsx', 'src/features/auth/components/sign-in-form.tsx'],
  },
];

/** The page's markup inside #root, as the browser's first render of `path` gives it to a signed-out visitor. */
export async function renderPage(path: string): Promise<string> {
  startSignedOut();
  // Rendered with its chunks loaded: no suspense fallback in the HTML.
  await preloadFor(path);
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  return renderToString(
    <StrictMode>
      <App router={router} />
    </StrictMode>,
  );
}
