import './app/mantine-entry.css';
import '@mantine/notifications/styles.layer.css';
import './app/global.css';

import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import { startSignedOut } from './app/guard';
import { createAppRouter, preloadFor } from './app/router';
import { startApp } from './app/start';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// The server sends a page rendered at build time (prerender.tsx) for its path only to a request without
// a session cookie (apps/server/src/plugins/web-app.ts): that visitor is signed out, and the guard shows
// the page at once, as it was rendered, while the session check confirms it.
const prerendered = container.dataset.prerendered === window.location.pathname;
if (prerendered) startSignedOut();

startApp();
// The page's own code starts downloading now, beside the session check, not after it.
const pageReady = preloadFor(window.location.pathname).catch(() => undefined);

const router = createAppRouter();
const app = (
  <StrictMode>
    <App router={router} />
  </StrictMode>
);

if (!prerendered) {
  createRoot(container).render(app);
} else {
  // The HTML stays on screen until the page's chunks are here. Then React takes it over as it is, unless
  // the history entry carries state the page renders (a notice, an e-mail address: a reload after a
  // redirect), which the build could not know: then it renders the page afresh in its place.
  void pageReady.then(() => {
    const state: unknown = window.history.state;
    const withState = typeof state === 'object' && state !== null && 'usr' in state && state.usr != null;
    if (withState) createRoot(container).render(app);
    else hydrateRoot(container, app);
  });
}
