import './app/mantine-entry.css';
import '@mantine/notifications/styles.layer.css';
import './app/global.css';

import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import { PageFrame, startSignedOut, startWithFrame } from './app/guard';
import { createAppRouter, preloadFor } from './app/router';
import { startApp } from './app/start';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// The server sends a page rendered at build time (prerender.tsx) for its path only to a request without
// a session cookie (apps/server/src/plugins/web-app.ts): that visitor is signed out, and the guard shows
// the page at once, as it was rendered, while the session check confirms it.
const prerendered = container.dataset.prerendered === window.location.pathname;
if (prerendered) startSignedOut();
// The frame of a signed-in page (prerender.tsx), sent only to a request with a session cookie: the
// guards keep showing it while the session and the agreement are checked, then the page replaces it.
const framed = container.dataset.frame === window.location.pathname;
if (framed) startWithFrame(window.location.pathname);

startApp();
// The page's own code starts downloading now, beside the session check, not after it. (Moved to a task
// of its own it shortened the entry's long task, but Lighthouse's simulation then put the first paint
// later: docs/performance.md.)
const pageReady = Promise.all([
  preloadFor(window.location.pathname),
  framed ? PageFrame.preload() : undefined,
]).catch(() => undefined);

const router = createAppRouter();
const app = (
  <StrictMode>
    <App router={router} />
  </StrictMode>
);

if (!prerendered && !framed) {
  createRoot(container).render(app);
} else if (framed) {
  // The frame renders no history state and no one's data: React takes it over as it is, once the code
  // is here, whether or not the session check has answered (during hydration the stores give their
  // initial state: still checking), and the page replaces it when it can.
  // In a transition: React hydrates it in slices rather than in one long task (issue #17).
  void pageReady.then(() => startTransition(() => void hydrateRoot(container, app)));
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
