import { hydrate } from '@tanstack/react-query';
import { act, screen, within } from '@testing-library/react';
import { StrictMode } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render } from '../entry-server';
import { dashboardQueryKey } from '../lib/dashboard-api';
import { busyOceanDashboard, etaSlippedCard, etaSlippedItem } from '../test/dashboard-fixtures';
import { AUTH_STORE_KEY } from '../features/auth/stores/auth-store';
import { UI_STORE_KEY } from '../features/navigation/stores/ui-store';
import { writeSidebarCookie } from '../features/navigation/utils/sidebar-preference';
import { ok } from '../test/fake-api';
import { testUser } from '../test/http';
import { archivedOne, byStatus, first, second, serve, third } from '../test/ocean-shipments-list-page';
import { App } from './app';
import { createAppInstance, type AppInstance } from './app-instance';
import { firstLoad } from './first-load';
import { appRoutes } from './router';
import { readServerState, SERVER_STATE_ID } from './server-state';

/*
 * A signed-in page the server rendered for a request (entry-server.tsx, ADR 0058), taken over in the
 * browser as main.tsx does: an app instance made from the state in the page, hydrating the markup.
 */
let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.innerHTML = '';
});

/** A dashboard whose attention cards give an ETA: the ocean mode shows its sources in a lazy part. */
function dashboardWithAnEta() {
  const dashboard = busyOceanDashboard();
  dashboard.attentionVO.push(
    etaSlippedCard([
      etaSlippedItem({
        id: 'so-3',
        containerNo: 'TGHU1234561',
        mblNo: 'ONEY1234',
        eta: '2026-12-02T22:00:00.000Z',
        later: ', 2 days later than first given',
      }),
    ]),
  );
  return dashboard;
}

const LIST = '/shipments/ocean/active';
const DASHBOARD = '/dashboard/ocean';

async function serverPage(headers: Record<string, string> = {}, url = LIST) {
  const api = serve(byStatus([first, second, third], [archivedOne]), {
    'GET /api/auth/protected': ok(testUser),
    'GET /api/_api/user-agreement/get': ok({ agreed: true }),
    'POST /api/_api/user-journey/post': ok(null),
    'GET /api/dashboard/ocean': ok(dashboardWithAnEta()),
  });
  const page = await render({ url, headers, fetch: (input, init) => fetch(input, init) });
  if (!page) throw new Error('the server rendered nothing');
  document.body.innerHTML = `<div id="root">${page.markup}</div><script type="application/json" id="${SERVER_STATE_ID}">${page.state}</script>`;
  return { api, container: document.getElementById('root')! };
}

/**
 * What main.tsx does with a page the server rendered. `beforeHydrating` runs once the cache holds the
 * page's state, as something the browser did between the two (a message on the socket) would.
 */
async function hydratePage(
  container: HTMLElement,
  {
    url = LIST,
    beforeHydrating,
  }: { url?: string; beforeHydrating?: (app: AppInstance) => Promise<void> } = {},
) {
  const state = readServerState(document);
  if (!state) throw new Error('no state in the page');
  const app = createAppInstance({ signedIn: state.signedIn });
  hydrate(app.queryClient, state.queries);
  await beforeHydrating?.(app);
  const router = createMemoryRouter(appRoutes(app), { initialEntries: [url], hydrationData: state.router });
  await firstLoad(router);
  const recoverable: unknown[] = [];
  const consoleErrors = vi.spyOn(console, 'error');
  await act(async () => {
    root = hydrateRoot(
      container,
      <StrictMode>
        <App app={app} router={router} />
      </StrictMode>,
      { onRecoverableError: (error) => recoverable.push(error) },
    );
    await Promise.resolve();
  });
  return { app, recoverable, consoleErrors };
}

describe('a page the server rendered', { timeout: 30_000 }, () => {
  it('is hydrated from the state it carries: the same rows, no second request, no mismatch', async () => {
    const { api, container } = await serverPage({ 'sec-ch-ua-mobile': '?0' });
    const rowsInHtml = [...container.querySelectorAll('[data-testid="shipment-row"]')];
    expect(rowsInHtml).toHaveLength(3);
    expect(api.callsTo('GET /api/shipments/ocean')).toHaveLength(1);

    const { recoverable, consoleErrors } = await hydratePage(container);
    expect(recoverable).toEqual([]);
    expect(consoleErrors).not.toHaveBeenCalled();
    // The markup was taken over, not drawn again, from the data it came with.
    expect(screen.getAllByTestId('shipment-row')[0]).toBe(rowsInHtml[0]);
    expect(api.callsTo('GET /api/shipments/ocean')).toHaveLength(1);
  });

  it('starts from the user and workspace the server confirmed, not from what the browser stored', async () => {
    const { container } = await serverPage();
    window.localStorage.setItem(
      AUTH_STORE_KEY,
      JSON.stringify({ state: { user: { ...testUser, id: 'someone-else' } }, version: 1 }),
    );
    const { app, recoverable } = await hydratePage(container);
    expect(recoverable).toEqual([]);
    expect(app.authStore.getState()).toMatchObject({ status: 'authenticated', user: { id: testUser.id } });
    expect(app.workspaceStore.getState().currentWorkspace).not.toBeNull();
  });

  it("draws a phone's cards when the request came from one, and hydrates them", async () => {
    const { container } = await serverPage({ 'sec-ch-ua-mobile': '?1' });
    expect(container.querySelectorAll('[data-testid="shipment-card"]')).toHaveLength(3);
    const { recoverable } = await hydratePage(container);
    expect(recoverable).toEqual([]);
  });

  it("draws the sidebar as the request's cookie left it, and hydrating moves nothing", async () => {
    const open = await serverPage({ 'sec-ch-ua-mobile': '?0' });
    expect(open.container.querySelector('[data-testid="sidebar"]')).not.toHaveAttribute('data-collapsed');

    const { container } = await serverPage({ 'sec-ch-ua-mobile': '?0', cookie: 'tl_sidebar=collapsed' });
    const sidebar = container.querySelector('[data-testid="sidebar"]');
    expect(sidebar).toHaveAttribute('data-collapsed');
    expect(
      within(sidebar as HTMLElement).getByRole('button', { name: 'Expand sidebar' }),
    ).toBeInTheDocument();
    // The browser that sent the request holds the same preference: in local storage and in the cookie.
    localStorage.setItem(UI_STORE_KEY, JSON.stringify({ state: { sidebarCollapsed: true }, version: 1 }));
    writeSidebarCookie(true);
    const { recoverable, consoleErrors } = await hydratePage(container);
    expect(recoverable).toEqual([]);
    expect(consoleErrors).not.toHaveBeenCalled();
    expect(screen.getByTestId('sidebar')).toBe(sidebar);
    expect(screen.getByTestId('sidebar')).toHaveAttribute('data-collapsed');
  });

  it('hydrates a dashboard whose figures were announced as changed before its content hydrated, then refetches them', async () => {
    // React hydrates the page (inside the shell's Suspense boundary) after the shell, whose effects
    // (the socket) run in between: a change announced then leaves the page's query stale as it hydrates.
    const { api, container } = await serverPage({ 'sec-ch-ua-mobile': '?0' }, DASHBOARD);
    expect(container.querySelector('[data-testid="dashboard-updated"]')).not.toBeNull();
    expect(container).toHaveTextContent('ETA 02/12/2026');
    // Nothing the server had to leave for the browser to draw (a part whose code was not loaded yet).
    expect(container.innerHTML).not.toContain('<!--$!-->');
    expect(api.callsTo('GET /api/dashboard/ocean')).toHaveLength(1);
    const { recoverable, consoleErrors } = await hydratePage(container, {
      url: DASHBOARD,
      beforeHydrating: (app) => app.queryClient.invalidateQueries({ queryKey: dashboardQueryKey() }),
    });
    expect(recoverable).toEqual([]);
    expect(consoleErrors).not.toHaveBeenCalled();
    // Then it asks for the figures again.
    await vi.waitFor(() => expect(api.callsTo('GET /api/dashboard/ocean').length).toBeGreaterThan(1));
  });

  it('renders nothing without a session: the server sends the frame', async () => {
    serve(byStatus([], []), {});
    await expect(
      render({ url: LIST, headers: {}, fetch: (input, init) => fetch(input, init) }),
    ).resolves.toBeNull();
  });
});
