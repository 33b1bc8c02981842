/**
 * Pages rendered to HTML at build time (issue #17): what a visitor opens first paints before any
 * JavaScript has arrived. `scripts/prerender.mjs` builds this module for Node after the browser build
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
import { PageFrame, startSignedOut, startWithFrame } from './app/guard';
import { preloadFor, routes } from './app/router';
import { PAGE_CHUNKS_ATTRIBUTE, PAGE_CHUNKS_EVENT } from './lib/page-chunks';

export interface PrerenderedPage {
  path: string;
  kind: 'signed-out' | 'frame';
  /** The document title the page sets once it runs (`useDocumentTitle`), in the HTML from the start. */
  title: string;
  /** The page's lazy modules (as router.tsx imports them): their chunks' CSS is inlined, their JS preloaded. */
  modules: string[];
  /** Lazy modules the app loads before taking the HTML over, which the HTML does not show: JS preloaded. */
  preload?: string[];
}

/**
 * A frame shows the frame's module only (its CSS inlined); the app loads the signed-in chunk (the
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

const OCEAN_LIST = 'src/modes/ocean/ocean-list-page.tsx';
const EXPRESS_LIST = 'src/modes/express/express-list-page.tsx';
const DASHBOARD = 'src/app/pages/dashboard-page.tsx';

export const prerenderedPages: PrerenderedPage[] = [
  {
    path: '/auth/sign-in',
    kind: 'signed-out',
    title: 'Sign in · Tracklane',
    modules: ['src/app/layouts/auth-split-layout.tsx', 'src/features/auth/components/sign-in-form.tsx'],
  },
  frame('/shipments/ocean/active', 'Active ocean shipments', OCEAN_LIST),
  frame('/shipments/ocean/archived', 'Archived ocean shipments', OCEAN_LIST),
  frame('/shipments/truck/express/active', 'Active ground shipments', EXPRESS_LIST),
  frame('/shipments/truck/express/not-found', 'Ground shipments not found', EXPRESS_LIST),
  frame('/shipments/truck/express/archived', 'Archived ground shipments', EXPRESS_LIST),
  frame('/dashboard/ocean', 'Ocean dashboard', DASHBOARD),
  frame('/dashboard/truck/express', 'Ground dashboard', DASHBOARD),
];

/**
 * Runs in a frame's HTML right after #root, before the first paint (the server allows it by its hash in
 * the page's Content-Security-Policy): narrows the skeleton's sidebar if the stored preference says so
 * (ui-store), and writes the reader's time zone into the header, as `useReaderTimeZone` will: the
 * stored profile's zone when it is a real one, else the browser's. Storage is read as zustand's persist
 * middleware writes it; anything unexpected leaves the frame as the build drew it. Zones are checked and
 * named through Temporal where the browser has it, as lib/dates.ts does: a date formatter would load
 * the browser's locale tables here, 15–25 ms before the first paint (issue #17).
 */
export const FRAME_SCRIPT = `(function(){try{var d=document,s=window.localStorage,p=function(k){try{return JSON.parse(s.getItem(k)||"null")||{}}catch(e){return {}}},u=p("tracklane-ui").state||{},a=p("tracklane-auth").state||{},z=a.user&&a.user.timeZone;if(u.sidebarCollapsed===true)d.documentElement.setAttribute("data-sidebar-collapsed","");var T=window.Temporal&&Temporal.Now;try{if(typeof z!=="string"||!z)throw 0;if(T)T.zonedDateTimeISO(z);else new Intl.DateTimeFormat("en-GB",{timeZone:z})}catch(e){z=(T?T.timeZoneId():Intl.DateTimeFormat().resolvedOptions().timeZone)||"UTC"}d.querySelectorAll("[data-reader-zone]").forEach(function(e){e.textContent=z})}catch(e){}})()`;

/** How many requests the loader starts in one task (`loaderScript`). */
export const PRELOADS_PER_TASK = 3;

/** How long a prerendered page waits for its first paint before it loads its JavaScript anyway. */
export const FIRST_PAINT_WAIT_MS = 1000;

/**
 * Ends a prerendered page's HTML in place of the entry's `<script>` and `modulepreload` links (issue #17).
 *
 * - **After the first paint.** The page's JavaScript is requested once the browser reports the HTML's
 *   first contentful paint (at once where paint timing is unknown or the tab is hidden, and after
 *   `FIRST_PAINT_WAIT_MS` at the latest). The HTML and its inlined CSS paint on their own; on a slow link
 *   the 30-70 requests the preload scanner started shared it with the rest of the HTML, and Lighthouse's
 *   simulation made the first paint wait for every one that finished before it.
 * - **A few requests a task.** `links` are requested in their order, `PRELOADS_PER_TASK` a task (with
 *   DevTools attached, as Lighthouse is, each request a script starts cost 1-4 ms here): every script
 *   (preloaded) and a frame's page's stylesheets (linked: its chunks would link them as the app imports
 *   them). The entry's files first: the session check leaves once they have run.
 * - **A module graph a task.** `scripts` (the entry's static chunks, the entry, then the page's chunks)
 *   run one after the other, each in a task of its own: a module script evaluates its whole graph in
 *   one task, and the entry's graph (React DOM, zod, the app's start) or the page's (its schemas, its
 *   components) made one long task on a phone's CPU. Each chunk's own imports still run before it, and
 *   what has run is not run again, so the order within each graph is the one an import would give. The
 *   entry waits for the page's chunks and stylesheets before it imports the page (`pageChunksRan`:
 *   Vite's preload helper does not wait for a stylesheet it finds linked already): <html> carries
 *   `PAGE_CHUNKS_ATTRIBUTE` while they load and run, and `PAGE_CHUNKS_EVENT` says when they have.
 */
export function loaderScript(scripts: string[], links: string[]): string {
  return `(function(q,z){var d=document,w=window,m=d.documentElement,k=${JSON.stringify(PAGE_CHUNKS_ATTRIBUTE)},s=0,f=0,c=/\\.css$/,n=z.filter(function(u){return c.test(u)}).length,a=function(e){e.crossOrigin="";d.head.appendChild(e)},e=function(){if(f&&!n){m.setAttribute(k,"ran");d.dispatchEvent(new Event(${JSON.stringify(PAGE_CHUNKS_EVENT)}))}},o=function(){n--;e()},b=function(i){for(var j=i;j<i+${String(PRELOADS_PER_TASK)}&&j<z.length;j++){var l=d.createElement("link");if(c.test(z[j])){l.rel="stylesheet";l.onload=l.onerror=o}else l.rel="modulepreload";l.href=z[j];a(l)}if(j<z.length)w.setTimeout(function(){b(j)},0)},r=function(i){if(i>=q.length){f=1;return e()}var x=d.createElement("script");x.type="module";x.src=q[i];x.onload=x.onerror=function(){r(i+1)};a(x)},go=function(){if(s)return;s=1;m.setAttribute(k,"running");b(0);r(0)};try{var P=w.PerformanceObserver,t=P&&P.supportedEntryTypes||[];if(d.visibilityState!=="visible"||t.indexOf("paint")<0)return go();new P(function(l){if(l.getEntriesByName("first-contentful-paint").length)go()}).observe({type:"paint",buffered:true});d.addEventListener("visibilitychange",go);w.setTimeout(go,${String(FIRST_PAINT_WAIT_MS)})}catch(x){go()}})(${JSON.stringify(scripts)},${JSON.stringify(links)})`;
}

/** The page's markup inside #root, as the browser's first render of `path` gives it. */
export async function renderPage(page: Pick<PrerenderedPage, 'path' | 'kind'>): Promise<string> {
  if (page.kind === 'signed-out') startSignedOut();
  else startWithFrame(page.path);
  // Rendered with its chunks loaded: no suspense fallback in the HTML.
  await Promise.all([preloadFor(page.path), page.kind === 'frame' ? PageFrame.preload() : undefined]);
  const router = createMemoryRouter(routes, { initialEntries: [page.path] });
  return renderToString(
    <StrictMode>
      <App router={router} />
    </StrictMode>,
  );
}
