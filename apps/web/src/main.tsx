import './app/mantine-entry.css';
import './app/global.css';

import { hydrate } from '@tanstack/react-query';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import { createAppInstance } from './app/app-instance';
import { PageFrame, startSignedOut, startWithFrame } from './app/guard';
import { firstLoad } from './app/first-load';
import { createAppRouter } from './app/router';
import { readServerState } from './app/server-state';
import { startApp } from './app/start';
import { hasSessionHint } from './lib/session-hint';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// A signed-in page the server rendered for this request (entry-server.tsx) carries the state it rendered
// from: the user and workspace it confirmed, its query cache and its loaders' data. The page hydrates
// into an instance made from it.
const serverState = readServerState(document);
// The server sends a page rendered at build time (prerender.tsx) for its path only to a request without
// a session cookie (apps/server/src/plugins/web-app.ts): that visitor is signed out, and the guard shows
// the page at once, as it was rendered, while the session check confirms it.
const prerendered = !serverState && container.dataset.prerendered === window.location.pathname;
if (prerendered) startSignedOut();
// The frame of a signed-in page (prerender.tsx), sent when the server could not render the page for
// the request's session: the guards keep showing it while the session and the agreement are checked,
// then the page replaces it.
const framed = !serverState && container.dataset.frame === window.location.pathname;
if (framed) startWithFrame(window.location.pathname);

// The page's one app instance: its query cache and stores (app/app-instance.ts).
const app = createAppInstance(serverState ? { signedIn: serverState.signedIn } : {});
if (serverState) hydrate(app.queryClient, serverState.queries);
// Without the session hint there is no session cookie either: nothing to ask the server about.
const sessionChecked = startApp(app, { signedOut: prerendered || (!serverState && !hasSessionHint()) });
void start(container);

async function start(root: HTMLElement) {
  const router = createAppRouter(app, serverState?.router);
  // The router loads the matched routes' code and, with a session cookie, their data (route.lazy and
  // loaders) beside the session check; under a frame React renders once both are here, so the first
  // render shows the page with its data while the frame's skeleton stays on screen meanwhile.
  const pageReady = Promise.all([
    firstLoad(router),
    framed ? PageFrame.preload() : undefined,
    framed ? sessionChecked : undefined,
  ]).catch(() => undefined);
  const page = (
    <StrictMode>
      <App app={app} router={router} />
    </StrictMode>
  );

  if (serverState) {
    // The server's HTML stays on screen until the page's chunks are here; its data came with it.
    await pageReady;
    hydrateRoot(root, page);
  } else if (!prerendered && !framed) {
    createRoot(root).render(page);
  } else if (framed) {
    // The frame is replaced, not hydrated: it was rendered for no one, the page renders what the
    // stores say now. The frame's HTML stays on screen until the page's render is committed.
    await pageReady;
    startTransition(() => createRoot(root).render(page));
  } else {
    // The HTML stays on screen until the page's chunks are here, then React hydrates it, unless the
    // history entry carries state the page renders (a notice, an e-mail address: a reload after a
    // redirect), which the build could not know: then it renders the page afresh in its place.
    await pageReady;
    const state: unknown = window.history.state;
    const withState = typeof state === 'object' && state !== null && 'usr' in state && state.usr != null;
    if (withState) createRoot(root).render(page);
    else hydrateRoot(root, page);
  }
}
