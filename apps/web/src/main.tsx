import './app/mantine-entry.css';
import '@mantine/notifications/styles.layer.css';
import './app/global.css';

import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import { PageFrame, startSignedOut, startWithFrame } from './app/guard';
import { createAppRouter, preloadFor } from './app/router';
import { startApp } from './app/start';
import { nextTask } from './lib/next-task';
import { hasSessionHint } from './lib/session-hint';
import { pageChunksRan } from './lib/page-chunks';
import { warmUpDateFormatting } from './lib/warm-up-date-formatting';

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

// The first dates show once the page has its answers: the browser's date tables load meanwhile, on a
// worker thread, not in the render that first formats one.
warmUpDateFormatting();
// Without the session hint there is no session cookie either: nothing to ask the server about.
const sessionChecked = startApp({ signedOut: prerendered || !hasSessionHint() });
void start(container);

/** Each step of the start a task of its own (issue #17): the session check is on its way meanwhile. */
async function start(root: HTMLElement) {
  await nextTask();
  const router = createAppRouter();
  await nextTask();
  // A prerendered page's loader runs the page's chunks a task each: importing the page before they
  // have run would run the rest of its module graph in one long task.
  await pageChunksRan();
  // The page's own code starts downloading now, beside the session check, not after it: every lazy
  // element on the routes the router matched (ranking the route table a second time cost as much as
  // the router's own ranking). Under a frame, the page's first requests too, and React renders once
  // they and the session check have answered: the frame shows the same skeleton meanwhile, and the
  // first render finds every store and query as it will stay (an answer arriving while the page renders
  // in slices, or just after, made React render its readers again at once).
  const pageReady = Promise.all([
    preloadFor(router.state.matches, { data: framed }),
    framed ? PageFrame.preload() : undefined,
    framed ? sessionChecked : undefined,
  ]).catch(() => undefined);
  const app = (
    <StrictMode>
      <App router={router} />
    </StrictMode>
  );

  if (!prerendered && !framed) {
    createRoot(root).render(app);
  } else if (framed) {
    // The frame is not hydrated but replaced: hydrating it rendered it with the stores' initial state
    // (still checking), and React then rendered it again at once, in one long task, with their state
    // now (issue #17). A new root renders what the stores say now, most often the page itself, in a
    // transition (in slices), and the frame's HTML stays on screen until that render is committed in
    // its place, of the same size: the frame renders no history state and no one's data.
    await pageReady;
    startTransition(() => createRoot(root).render(app));
  } else {
    // The HTML stays on screen until the page's chunks are here. Then React takes it over as it is,
    // unless the history entry carries state the page renders (a notice, an e-mail address: a reload
    // after a redirect), which the build could not know: then it renders the page afresh in its place.
    await pageReady;
    const state: unknown = window.history.state;
    const withState = typeof state === 'object' && state !== null && 'usr' in state && state.usr != null;
    if (withState) createRoot(root).render(app);
    else hydrateRoot(root, app);
  }
}
