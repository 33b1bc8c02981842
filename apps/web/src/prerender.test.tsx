import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { createMemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from './app/app';
import { routes } from './app/router';
import { useAuthStore } from './features/auth/stores/auth-store';
import { prerenderedPages, renderPage } from './prerender';
import { mockApi, ok, testUser } from './test/http';
import { testKeys, type TestKeys } from './test/keys';

let keys: TestKeys;
let root: Root | undefined;

beforeEach(async () => {
  keys = await testKeys();
  // As in the browser at start-up: the session check has not answered yet.
  useAuthStore.setState({ status: 'loading', user: null, authError: null });
});

afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.innerHTML = '';
});

const publicKey = () => ok({ keyId: keys.keyId, publicKey: keys.publicKeyPem, algorithm: 'RSA-OAEP-256' });

/** What the server sends for /auth/sign-in (the markup in #root), taken over as main.tsx does. */
async function hydrateSignIn(beforeHydrating: (container: HTMLElement) => void = () => {}) {
  const html = await renderPage('/auth/sign-in');
  const container = document.createElement('div');
  container.id = 'root';
  container.innerHTML = html;
  document.body.append(container);
  beforeHydrating(container);
  const heading = container.querySelector('h1');
  const consoleErrors = vi.spyOn(console, 'error');
  const recoverable: unknown[] = [];
  const router = createMemoryRouter(routes, { initialEntries: ['/auth/sign-in'] });
  await act(async () => {
    root = hydrateRoot(
      container,
      <StrictMode>
        <App router={router} />
      </StrictMode>,
      { onRecoverableError: (error) => recoverable.push(error) },
    );
    await Promise.resolve();
  });
  return { html, container, heading, consoleErrors, recoverable, router };
}

describe('pages rendered at build time (issue #17)', () => {
  it('lists the sign-in page', () => {
    expect(prerenderedPages.map((page) => page.path)).toEqual(['/auth/sign-in']);
  });

  it('renders the sign-in form, with nothing that submits before the JavaScript runs', async () => {
    const html = await renderPage('/auth/sign-in');
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
