/**
 * The server's render of a signed-in page for one request (Vite's SSR entry: built by
 * scripts/prerender.mjs with `vite build --ssr` into dist-server/, loaded by the server's web-app
 * plugin, apps/server/src/plugins/web-app.ts). Each call makes an app instance of its own, so that
 * requests render concurrently and never see each other's state (ADR 0053, 0058):
 *
 * 1. asks the API who the request's session belongs to (`getSession`, as the browser does);
 * 2. runs the location's route loaders (`createStaticHandler`), which fill the instance's query cache
 *    with the page's data through the same API calls as in the browser;
 * 3. renders the page with the user and workspace as the stores' initial state, and returns its markup
 *    with the state the browser hydrates from (main.tsx).
 *
 * Every API call goes through `fetch`, the request's own transport (the server's API, with the
 * request's cookie), so the API's own access rules decide what the page shows. No session, a redirect
 * or a route error gives null: the server sends the page's frame instead. The sidebar is drawn as the
 * request's cookie says (sidebar-preference.ts), so that hydrating the page moves nothing.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { dehydrate } from '@tanstack/react-query';
import { installZodMessages } from '@tracklane/shared/validation/zod-messages';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { createAppInstance, type SignedInState } from './app/app-instance';
import { AppProviders } from './app/providers';
import { appRoutes, screenLoads } from './app/router';
import { serializeServerState } from './app/server-state';
import { getSession } from './features/auth/api/get-session';
import { readSidebarCookie } from './features/navigation/utils/sidebar-preference';
import { setApiTransport } from './lib/api-client';

export { SERVER_STATE_ID } from './app/server-state';

/** The transport of the request being rendered: each render runs inside its own. */
const requestTransport = new AsyncLocalStorage<typeof fetch>();
setApiTransport(() => requestTransport.getStore());
installZodMessages();

/**
 * Every screen's code, loaded as the server starts (the routes' `lazy` imports), so that no user's
 * request waits for it to be read and compiled. The server awaits it before its first render. It never
 * rejects: a screen that failed to load is asked for again by the render that needs it, which fails
 * (and is logged) on its own.
 */
export const ready: Promise<void> = Promise.allSettled(screenLoads().map((load) => load())).then(
  () => undefined,
);

export interface RenderRequest {
  /** The path and query of the page. */
  url: string;
  /** The request's headers (User-Agent and its client hints tell a phone). */
  headers: Record<string, string | string[] | undefined>;
  /** Sends an API call for this request (relative URL), as the browser's `fetch` would. */
  fetch: typeof fetch;
}

export interface RenderedPage {
  /** The page's markup, for inside #root. */
  markup: string;
  /** The state for the page's `<script type="application/json" id="server-state">`, escaped. */
  state: string;
  /**
   * Where the render's time went, in ms: asking who the session is, the loaders' API calls, and
   * React's render with the state's serialization (for the response's `Server-Timing`).
   */
  timing: { session: number; data: number; render: number };
}

/**
 * Whether the request comes from a phone, to draw the phone's layout (cards, the drawer) on the first
 * paint: Chromium's `Sec-CH-UA-Mobile` client hint (sent by default), else the User-Agent as phones'
 * browsers write it. A wrong guess costs one render after hydration (useWidthQuery), not a mismatch.
 */
export function isPhone(headers: RenderRequest['headers']): boolean {
  const hint = headers['sec-ch-ua-mobile'];
  if (typeof hint === 'string') return hint.trim() === '?1';
  const agent = headers['user-agent'];
  return typeof agent === 'string' && /\b(?:Mobi|iPhone|Android)/.test(agent);
}

export function render(request: RenderRequest): Promise<RenderedPage | null> {
  return requestTransport.run(request.fetch, () => renderPage(request));
}

/** The request's sidebar preference (its cookie); not collapsed when it has none. */
function sidebarCollapsed(headers: RenderRequest['headers']): boolean {
  const cookie = headers.cookie;
  return readSidebarCookie(typeof cookie === 'string' ? cookie : undefined) ?? false;
}

async function renderPage({ url, headers }: RenderRequest): Promise<RenderedPage | null> {
  const start = performance.now();
  const user = await getSession().catch(() => null);
  if (!user) return null;
  const sessionDone = performance.now();
  const phone = isPhone(headers);
  const collapsed = sidebarCollapsed(headers);
  // The loaders run against an instance that knows the user; they confirm the workspace into its store.
  const loading = createAppInstance({
    signedIn: {
      user,
      workspace: { currentOrganization: null, currentWorkspace: null },
      phone,
      sidebarCollapsed: collapsed,
    },
  });
  // A failed call is not tried again here: the browser's page asks again as it renders.
  loading.queryClient.setDefaultOptions({
    ...loading.queryClient.getDefaultOptions(),
    queries: { ...loading.queryClient.getDefaultOptions().queries, retry: false },
  });
  const handler = createStaticHandler(appRoutes(loading));
  const context = await handler.query(new Request(new URL(url, 'http://localhost')));
  if (context instanceof Response || context.errors) return null;
  const dataDone = performance.now();
  const { currentOrganization, currentWorkspace } = loading.workspaceStore.getState();
  if (!currentWorkspace) return null;
  // The render's instance: the same cache, and the workspace as the store's initial state.
  const signedIn: SignedInState = {
    user,
    workspace: { currentOrganization, currentWorkspace },
    phone,
    sidebarCollapsed: collapsed,
  };
  const app = createAppInstance({ queryClient: loading.queryClient, signedIn });
  const markup = renderToString(
    <StrictMode>
      <AppProviders app={app}>
        <StaticRouterProvider
          router={createStaticRouter(handler.dataRoutes, context)}
          context={context}
          hydrate={false}
        />
      </AppProviders>
    </StrictMode>,
  );
  const state = serializeServerState({
    signedIn,
    queries: dehydrate(app.queryClient),
    router: { loaderData: context.loaderData, actionData: context.actionData, errors: null },
  });
  app.queryClient.clear();
  const timing = {
    session: sessionDone - start,
    data: dataDone - sessionDone,
    render: performance.now() - dataDone,
  };
  return { markup, state, timing };
}
