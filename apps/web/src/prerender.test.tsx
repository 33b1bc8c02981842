import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { endStartFrame } from './app/guard';
import { FRAMES } from './app/layouts/page-frame';
import { writeSidebarCookie } from './features/navigation/utils/sidebar-preference';
import { FRAME_SCRIPT, prerenderedPages, renderPage } from './prerender';
import { signInAsAgreedUser } from './test/session';
import { fakeApi, ok as fakeOk } from './test/fake-api';
import { mockApi, ok, testUser } from './test/http';
import {
  setUpPrerenderHydration,
  keys,
  publicKey,
  hydrateSignIn,
  hydrateAt,
} from './test/prerender-hydration';
import { testApp } from './test/app';

setUpPrerenderHydration();

describe('pages rendered at build time', () => {
  it('lists the sign-in page and the frames of the shipment lists and dashboards', () => {
    expect(prerenderedPages.map((page) => `${page.kind} ${page.path}`)).toEqual([
      'signed-out /auth/sign-in',
      'frame /shipments/ocean/active',
      'frame /shipments/ocean/archived',
      'frame /shipments/truck/express/active',
      'frame /shipments/truck/express/not-found',
      'frame /shipments/truck/express/archived',
      'frame /dashboard/ocean',
      'frame /dashboard/truck/express',
    ]);
    // Every frame page has its frame (page-frame.tsx), and nothing else does.
    expect(Object.keys(FRAMES).sort()).toEqual(
      prerenderedPages
        .filter((page) => page.kind === 'frame')
        .map((page) => page.path)
        .sort(),
    );
  });

  it('renders the sign-in form, with nothing that submits before the JavaScript runs', async () => {
    const html = await renderPage({ path: '/auth/sign-in', kind: 'signed-out' });
    expect(html).toContain('data-testid="auth-split-layout"');
    expect(html).toMatch(/<h1[^>]*>Sign in<\/h1>/);
    expect(html).toContain('Welcome back. Sign in to follow your shipments.');
    expect(html).not.toContain('data-testid="splash"');
    // No submit button: clicking, or Enter in one of the two fields, submits nothing natively (which
    // would send the password unencrypted); and were it submitted, it would be a POST, not a GET.
    expect(html).not.toMatch(/type="submit"/);
    const button = /<button[^>]*>(?:(?!<\/button>).)*Sign in<\/span><\/span><\/button>/.exec(html)?.[0] ?? '';
    expect(button).toContain('type="button"');
    expect(button).toContain('aria-disabled="true"');
    expect(html).toMatch(/<form[^>]*method="post"/);
  });

  it('is taken over by the app as it is: the same nodes, no mismatch, and then the form submits', async () => {
    mockApi({ 'GET /api/auth/public-key': publicKey() });
    const { container, heading, consoleErrors, recoverable } = await hydrateSignIn();

    expect(recoverable).toEqual([]);
    // React (development build) reports any text or attribute that differs from the client's render.
    expect(consoleErrors).not.toHaveBeenCalled();
    expect(container.querySelector('h1')).toBe(heading);
    expect(screen.queryByTestId('splash')).not.toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Sign in' })).toHaveAttribute('type', 'submit'),
    );
    expect(screen.getByRole('button', { name: 'Sign in' })).not.toHaveAttribute('aria-disabled');
  });

  it('keeps what the visitor typed before the JavaScript ran, and signs in with it', async () => {
    const server = mockApi({
      'GET /api/auth/public-key': publicKey(),
      'POST /api/auth/login': ok(testUser, 'Signed in'),
      'GET /api/_api/user-agreement/get': ok({ agreed: true }),
      'POST /api/_api/user-journey/post': ok(null),
    });
    const { router } = await hydrateSignIn((container) => {
      container.querySelector<HTMLInputElement>('input[type="email"]')!.value = 'ada@example.com';
      container.querySelector<HTMLInputElement>('input[type="password"]')!.value = 'typed early';
    });
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Sign in' })).toHaveAttribute('type', 'submit'),
    );

    await userEvent.setup().click(screen.getByRole('button', { name: 'Sign in' }));

    await waitFor(() => expect(server.callsTo('POST /api/auth/login')).toHaveLength(1));
    const body = server.callsTo('POST /api/auth/login')[0]!.body as Record<string, string>;
    expect(body.email).toBe('ada@example.com');
    expect(await keys.decrypt(body.password!)).toMatch(/^\d{13}:typed early$/);
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });
});

describe('frames of signed-in pages, rendered at build time', () => {
  afterEach(() => {
    endStartFrame();
    document.documentElement.removeAttribute('data-sidebar-collapsed');
    localStorage.clear();
  });

  /** What the server sends for `path` with a session cookie: markup, then the inline script; hydrated. */
  /** `stored`: what the browser holds, set after the build rendered the frame (for no one). */
  async function hydrateFrame(path: string, stored?: () => void) {
    const html = await renderPage({ path, kind: 'frame' });
    stored?.();
    const container = document.createElement('div');
    container.id = 'root';
    container.innerHTML = html;
    document.body.append(container);
    // eslint-disable-next-line @typescript-eslint/no-implied-eval -- the HTML's inline script, as the browser runs it
    new Function(FRAME_SCRIPT)();
    const heading = container.querySelector('h1');
    const { consoleErrors, recoverable } = await hydrateAt(container, path);
    return { html, container, heading, consoleErrors, recoverable };
  }

  it('checks and names zones through Temporal where the browser has it: no date formatter before the first paint', async () => {
    const html = await renderPage({ path: '/shipments/ocean/active', kind: 'frame' });
    vi.stubGlobal('Temporal', {
      Now: {
        timeZoneId: () => 'Pacific/Auckland',
        zonedDateTimeISO: (zone: string) => {
          if (zone !== 'Asia/Tokyo') throw new RangeError(`Unknown zone ${zone}`);
          return {};
        },
      },
    });
    const Original = Intl.DateTimeFormat;
    let built = 0;
    Intl.DateTimeFormat = class extends Original {
      constructor(...args: ConstructorParameters<typeof Original>) {
        super(...args);
        built++;
      }
    } as typeof Original;
    const zoneWithStored = (zone: string | null) => {
      if (zone) {
        localStorage.setItem(
          'tracklane-auth',
          JSON.stringify({ state: { user: { ...testUser, timeZone: zone } }, version: 0 }),
        );
      } else localStorage.removeItem('tracklane-auth');
      document.body.innerHTML = `<div id="root">${html}</div>`;
      // eslint-disable-next-line @typescript-eslint/no-implied-eval -- the HTML's inline script, as the browser runs it
      new Function(FRAME_SCRIPT)();
      return document.querySelector('[data-reader-zone]')?.textContent;
    };
    try {
      expect(zoneWithStored(null)).toBe('Pacific/Auckland');
      expect(zoneWithStored('Asia/Tokyo')).toBe('Asia/Tokyo');
      expect(zoneWithStored('Mars/Olympus')).toBe('Pacific/Auckland');
      expect(built).toBe(0);
    } finally {
      Intl.DateTimeFormat = Original;
      vi.unstubAllGlobals();
    }
  });

  it("draws the shell skeleton and the page header, with no one's data and no splash", async () => {
    const html = await renderPage({ path: '/shipments/ocean/active', kind: 'frame' });
    expect(html).toContain('data-testid="shell-skeleton"');
    expect(html).toMatch(/<h1[^>]*>Active ocean shipments<\/h1>/);
    expect(html).toContain('Containers this workspace follows, refreshed from the carriers.');
    expect(html).toContain('data-reader-zone');
    expect(html).not.toContain('data-testid="splash"');
    expect(html).not.toContain('data-collapsed');
    expect(html).not.toContain(testUser.email);
  });

  it.each(prerenderedPages.filter((page) => page.kind === 'frame').map((page) => page.path))(
    '%s: taken over with no mismatch; the stored sidebar and zone painted first; then the page with the same header',
    async (path) => {
      const { container, heading, consoleErrors, recoverable } = await hydrateFrame(path, () => {
        writeSidebarCookie(true);
        localStorage.setItem(
          'tracklane-auth',
          JSON.stringify({ state: { user: { ...testUser, timeZone: 'Asia/Tokyo' } }, version: 0 }),
        );
        // The stores read storage when created (before this test wrote it): as the browser's would have.
        testApp().uiStore.setState({ sidebarCollapsed: true });
        testApp().authStore.setState({ status: 'loading', user: { ...testUser, timeZone: 'Asia/Tokyo' } });
      });

      expect(recoverable).toEqual([]);
      expect(consoleErrors).not.toHaveBeenCalled();
      expect(document.documentElement).toHaveAttribute('data-sidebar-collapsed');
      expect(container.querySelector('h1')).toBe(heading);
      expect(screen.getByTestId('shell-skeleton')).toHaveAttribute('data-frame');
      expect(screen.queryByTestId('splash')).not.toBeInTheDocument();
      const frameHeader = container.querySelector('main header')?.textContent;
      expect(frameHeader).toContain('Asia/Tokyo');

      // The session check answers: the page replaces the frame, its header word for word the same.
      fakeApi({
        'GET /api/workspaces/get': fakeOk([]),
        'GET /api/users/preferences/oceanTableColumns': fakeOk(null),
        'GET /api/users/preferences/expressTableColumns': fakeOk(null),
        'GET /api/shipments/ocean/options': fakeOk({ carriers: [], pols: [], pods: [], tags: [] }),
        'GET /api/shipments/express/options': fakeOk({ carriers: [], tags: [] }),
        'GET /api/shipments/ocean': fakeOk({ items: [], nextCursor: null, activeCount: 0, archivedCount: 0 }),
        'GET /api/shipments/express': fakeOk({
          items: [],
          nextCursor: null,
          activeCount: 0,
          archivedCount: 0,
          notFoundCount: 0,
        }),
      });
      act(() => signInAsAgreedUser({ ...testUser, timeZone: 'Asia/Tokyo' }));
      await waitFor(() => expect(screen.getByTestId('main-shell')).toBeInTheDocument());
      expect(container.querySelector('main header h1')?.textContent).toBe(heading?.textContent);
      // The description (the largest paint): the same words, so the same size.
      expect(container.querySelector('main header')?.textContent).toContain(
        frameHeader?.replace(/Export CSVXLSXNew shipment$/, '') ?? '-',
      );
    },
  );
});
