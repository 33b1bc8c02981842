/**
 * Pages rendered to HTML at build time: what a visitor opens first paints before its JavaScript has
 * run. `scripts/prerender.mjs` builds this module for Node after the browser build
 * and writes each page to `dist/prerendered/<path>.html` (signed out) or
 * `dist/prerendered-frames/<path>.html` (signed in); the server sends the one that fits the request
 * instead of the empty index.html (apps/server/src/plugins/web-app.ts), and main.tsx hydrates it.
 *
 * - `signed-out`: the page as a signed-out visitor sees it (sign-in), for a request without a session
 *   cookie.
 * - `frame`: the frame of a signed-in page (app/layouts/page-frame.tsx: the shell's skeleton, the
 *   page's header, a skeleton of its body), for a request with one. The same for every user.
 */
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter } from 'react-router';
import { App } from './app/app';
import { createAppInstance } from './app/app-instance';
import { PageFrame, startSignedOut, startWithFrame } from './app/guard';
import { firstLoad } from './app/first-load';
import { appRoutes } from './app/router';
import type { ModeDefinition } from './modes/mode-definition';
import { MODE_LIST } from './modes/registry';

export interface PrerenderedPage {
  path: string;
  kind: 'signed-out' | 'frame';
  /** The document title the page sets once it runs (`useDocumentTitle`), in the HTML from the start. */
  title: string;
  /**
   * The page's lazy modules (as router.tsx imports them) or chunk groups (as vite.config.ts names them):
   * their chunks' CSS is linked, their JS preloaded.
   */
  modules: string[];
  /** Lazy modules the app loads before taking the HTML over, which the HTML does not show: JS preloaded. */
  preload?: string[];
}

/**
 * A frame shows the frame's module only (its CSS linked); the app loads the signed-in chunk (the
 * agreement check and MainShell) and the page's before taking it over (main.tsx): preloaded.
 */
function frame(path: string, title: string, page: string): PrerenderedPage {
  return {
    path,
    kind: 'frame',
    title: `${title} · Tracklane`,
    modules: ['src/app/layouts/page-frame.tsx'],
    preload: ['src/app/signed-in-app.tsx', page],
  };
}

const DASHBOARD = 'src/app/pages/dashboard-page.tsx';

/**
 * The pages to render for these modes: sign-in, then each mode's list tabs (its list's entry module,
 * as its definition names it, preloaded) and each mode's dashboard. A mode registered in the registry
 * gets its frames with nothing written here.
 */
export function prerenderedPagesOf(modes: readonly ModeDefinition[]): PrerenderedPage[] {
  return [
    {
      path: '/auth/sign-in',
      kind: 'signed-out',
      title: 'Sign in · Tracklane',
      // The sign-in form and the signed-out layout are one chunk group (vite.config.ts); the other
      // signed-out pages' group is not preloaded here.
      modules: ['pages-sign-in'],
    },
    ...modes.flatMap((mode) =>
      Object.entries(mode.paths.lists).map(([tab, path]) =>
        frame(path, mode.listHeader.titles[tab] ?? mode.label, mode.pages.listEntry),
      ),
    ),
    ...modes.map((mode) => frame(mode.paths.dashboard, mode.dashboard.title, DASHBOARD)),
  ];
}

export const prerenderedPages: PrerenderedPage[] = prerenderedPagesOf(MODE_LIST);

/**
 * Runs in a frame's HTML right after #root, before the first paint (the server allows it by its hash in
 * the page's Content-Security-Policy): narrows the skeleton's sidebar if the stored preference says so
 * (ui-store), and writes the reader's time zone into the header, as `useReaderTimeZone` will: the
 * stored profile's zone when it is a real one, else the browser's. Storage is read as zustand's persist
 * middleware writes it; anything unexpected leaves the frame as the build drew it. Zones are checked and
 * named through Temporal where the browser has it, as lib/dates.ts does: a date formatter would load
 * the browser's locale tables here, before the first paint.
 */
export const FRAME_SCRIPT = `(function(){try{var d=document,s=window.localStorage,p=function(k){try{return JSON.parse(s.getItem(k)||"null")||{}}catch(e){return {}}},u=p("tracklane-ui").state||{},a=p("tracklane-auth").state||{},z=a.user&&a.user.timeZone,c=/(?:^|;\\s*)tl_sidebar=(collapsed|expanded)/.exec(d.cookie);if(typeof u.sidebarCollapsed==="boolean"?u.sidebarCollapsed:c&&c[1]==="collapsed")d.documentElement.setAttribute("data-sidebar-collapsed","");var T=window.Temporal&&Temporal.Now;try{if(typeof z!=="string"||!z)throw 0;if(T)T.zonedDateTimeISO(z);else new Intl.DateTimeFormat("en-GB",{timeZone:z})}catch(e){z=(T?T.timeZoneId():Intl.DateTimeFormat().resolvedOptions().timeZone)||"UTC"}d.querySelectorAll("[data-reader-zone]").forEach(function(e){e.textContent=z})}catch(e){}})()`;

/** The page's markup inside #root, as the browser's first render of `path` gives it. */
export async function renderPage(page: Pick<PrerenderedPage, 'path' | 'kind'>): Promise<string> {
  if (page.kind === 'signed-out') startSignedOut();
  else startWithFrame(page.path);
  // Rendered with its routes loaded: no fallback in the HTML.
  const app = createAppInstance();
  const router = createMemoryRouter(appRoutes(app), { initialEntries: [page.path] });
  await Promise.all([firstLoad(router), page.kind === 'frame' ? PageFrame.preload() : undefined]);
  return renderToString(
    <StrictMode>
      <App app={app} router={router} />
    </StrictMode>,
  );
}
