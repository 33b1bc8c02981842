import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { busyOceanDashboard, expressDashboard } from '../test/dashboard-fixtures';
import { fakeApi, ok } from '../test/fake-api';
import { jsonResponse, testUser } from '../test/http';
import { renderLoadedRoutes, renderRoutes } from '../test/render';
import { signInAsAgreedUser } from '../test/session';
import { endStartFrame, startWithFrame } from './guard';
import { appRoutes } from './router';
import { testApp } from '../test/app';

function setStatus(status: 'loading' | 'authenticated' | 'unauthenticated') {
  if (status === 'authenticated') signInAsAgreedUser();
  else testApp().authStore.setState({ status, user: null });
}

beforeEach(() => {
  setStatus('loading');
});

describe('auth guard (spec §2)', () => {
  it('shows the splash, and no page, while the session check runs', () => {
    renderRoutes(appRoutes, '/shipments/ocean/active');
    expect(screen.getByTestId('splash')).toBeInTheDocument();
    expect(screen.queryByTestId('main-shell')).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Active ocean shipments' })).not.toBeInTheDocument();
  });

  it('sends a visitor on a protected page to sign-in', async () => {
    setStatus('unauthenticated');
    const { router } = renderRoutes(appRoutes, '/shipments/ocean/active');
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth/sign-in');
    expect(screen.getByTestId('auth-split-layout')).toBeInTheDocument();
    expect(screen.queryByTestId('main-shell')).not.toBeInTheDocument();
  });

  it('sends a visitor on an unknown page to sign-in rather than revealing a 404', async () => {
    setStatus('unauthenticated');
    const { router } = renderRoutes(appRoutes, '/no/such/page');
    await screen.findByRole('heading', { name: 'Sign in' });
    expect(router.state.location.pathname).toBe('/auth/sign-in');
  });

  it('sends a signed-in user away from /auth to home, which shows the ocean dashboard', async () => {
    setStatus('authenticated');
    fakeApi({
      'GET /api/dashboard/ocean': ok(busyOceanDashboard()),
      'GET /api/dashboard/express': ok(expressDashboard()),
    });
    const { router } = renderRoutes(appRoutes, '/auth/sign-in');
    expect(await screen.findByRole('heading', { name: 'Ocean dashboard' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(screen.getByTestId('main-shell')).toBeInTheDocument();
  });

  it('leaves the splash for sign-in once the server says nobody is signed in', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn().mockResolvedValue(jsonResponse(401, { success: false, code: 'UNAUTHENTICATED' })),
    );
    const { router } = renderRoutes(appRoutes, '/dashboard/truck/express');
    expect(screen.getByTestId('splash')).toBeInTheDocument();

    await act(() => testApp().authStore.getState().checkSession());

    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth/sign-in');
  });

  it.each([
    ['/legal', 'Tracklane user agreement'],
    ['/expiredLink', 'This link has expired'],
    ['/share', 'Page not found'],
  ])('lets anyone open %s, even during the session check', async (path, heading) => {
    await renderLoadedRoutes(appRoutes, path);
    expect(screen.getByRole('heading', { name: heading })).toBeInTheDocument();
    expect(screen.queryByTestId('splash')).not.toBeInTheDocument();
  });
});

describe('a visit that starts on the HTML frame of a signed-in page', () => {
  afterEach(() => endStartFrame());

  /** What the frame shows: the shell's skeleton, the page's own header, no splash. */
  function expectFrame(heading: string) {
    expect(screen.getByTestId('shell-skeleton')).toHaveAttribute('data-frame');
    expect(screen.getByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    expect(screen.getByText(/Containers this workspace follows/)).toBeInTheDocument();
    expect(screen.queryByTestId('splash')).not.toBeInTheDocument();
    expect(screen.queryByTestId('main-shell')).not.toBeInTheDocument();
  }

  it('keeps the frame, not the splash, while the session and then the agreement are checked, then shows the page', async () => {
    let agree: (answer: Response) => void = () => {};
    const api = fakeApi({
      'GET /api/auth/protected': ok(testUser),
      'GET /api/_api/user-agreement/get': () => new Promise<Response>((resolve) => (agree = resolve)),
      'GET /api/workspaces/get': ok([]),
      'GET /api/users/preferences/oceanTableColumns': ok(null),
      'GET /api/shipments/ocean/options': ok({ carriers: [], pols: [], pods: [], tags: [] }),
      'GET /api/shipments/ocean': ok({ items: [], nextCursor: null, activeCount: 0, archivedCount: 0 }),
    });
    startWithFrame('/shipments/ocean/active');
    await renderLoadedRoutes(appRoutes, '/shipments/ocean/active');
    expectFrame('Active ocean shipments');

    // The session is good; the agreement check is still on its way: still the frame.
    await act(() => testApp().authStore.getState().checkSession());
    await waitFor(() => expect(api.callsTo('GET /api/_api/user-agreement/get')).toHaveLength(1));
    expectFrame('Active ocean shipments');

    agree(jsonResponse(200, { success: true, result: { agreed: true }, message: '' }));
    expect(await screen.findByTestId('main-shell')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Active ocean shipments' })).toBeInTheDocument();
    expect(screen.queryByTestId('shell-skeleton')).not.toBeInTheDocument();
    expect(screen.queryByTestId('splash')).not.toBeInTheDocument();
  });

  it('leaves the frame for sign-in when the cookie was no longer good', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn().mockResolvedValue(jsonResponse(401, { success: false, code: 'UNAUTHENTICATED' })),
    );
    startWithFrame('/shipments/ocean/active');
    const { router } = await renderLoadedRoutes(appRoutes, '/shipments/ocean/active');
    expectFrame('Active ocean shipments');

    await act(() => testApp().authStore.getState().checkSession());

    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location).toMatchObject({
      pathname: '/auth/sign-in',
      state: { from: '/shipments/ocean/active' },
    });
    expect(screen.queryByTestId('shell-skeleton')).not.toBeInTheDocument();
  });

  it('shows the splash on another page than the one the frame was drawn for', () => {
    startWithFrame('/shipments/ocean/active');
    renderRoutes(appRoutes, '/notifications/all');
    expect(screen.getByTestId('splash')).toBeInTheDocument();
    expect(screen.queryByTestId('shell-skeleton')).not.toBeInTheDocument();
  });
});

describe('layouts by path (spec §2)', () => {
  beforeEach(() => {
    setStatus('authenticated');
  });

  it('puts /share pages in the bare layout, without the shell', () => {
    renderRoutes(appRoutes, '/share');
    expect(screen.getByTestId('bare-layout')).toBeInTheDocument();
    expect(screen.queryByTestId('sidebar')).not.toBeInTheDocument();
  });

  it('keeps shared history, whose path contains "/share", in the main shell', async () => {
    renderRoutes(appRoutes, '/shipment-history/ground/shared-history');
    expect(await screen.findByRole('heading', { name: 'Ground shared history' })).toBeInTheDocument();
    expect(screen.getByTestId('main-shell')).toBeInTheDocument();
  });

  it('puts /legal in the plain layout', async () => {
    await renderLoadedRoutes(appRoutes, '/legal');
    expect(screen.getByTestId('plain-layout')).toBeInTheDocument();
    expect(screen.queryByTestId('top-bar')).not.toBeInTheDocument();
  });

  it('shows the designed 404 inside the shell for an unknown address', async () => {
    await renderLoadedRoutes(appRoutes, '/dashboard/air');
    expect(screen.getByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByText('/dashboard/air')).toBeInTheDocument();
    expect(screen.getByTestId('sidebar')).toBeInTheDocument();
  });

  it('treats a shipment-history type other than ocean or ground as not found', async () => {
    await renderLoadedRoutes(appRoutes, '/shipment-history/air/tracking-history');
    expect(screen.getByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });

  it('shows an ocean shipment with its identifiers and the requested time zone', async () => {
    await renderLoadedRoutes(
      appRoutes,
      '/shipment/ocean/MSKU1234565/MAEU240101?timeZone=Asia%2FShanghai&tab=comments',
    );
    expect(screen.getByRole('heading', { name: 'Container MSKU1234565' })).toBeInTheDocument();
    expect(screen.getByText('MAEU240101')).toBeInTheDocument();
    expect(screen.getByText(/Times in Asia\/Shanghai/)).toBeInTheDocument();
  });
});
