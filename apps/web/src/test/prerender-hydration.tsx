import { act } from '@testing-library/react';
import { StrictMode } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, vi } from 'vitest';
import { App } from '../app/app';
import { firstLoad } from '../app/first-load';
import { appRoutes } from '../app/router';
import { renderPage } from '../prerender';
import { ok } from './http';
import { createTestRouter } from './render';
import { testKeys, type TestKeys } from './keys';
import { testApp } from './app';

export let keys: TestKeys;
export let root: Root | undefined;

export const publicKey = () =>
  ok({ keyId: keys.keyId, publicKey: keys.publicKeyPem, algorithm: 'RSA-OAEP-256' });

/** What the server sends for /auth/sign-in (the markup in #root), taken over as main.tsx does. */
export async function hydrateSignIn(beforeHydrating: (container: HTMLElement) => void = () => {}) {
  const html = await renderPage({ path: '/auth/sign-in', kind: 'signed-out' });
  const container = document.createElement('div');
  container.id = 'root';
  container.innerHTML = html;
  document.body.append(container);
  beforeHydrating(container);
  const heading = container.querySelector('h1');
  return { html, container, heading, ...(await hydrateAt(container, '/auth/sign-in')) };
}

/** React takes `container`'s markup over at `path`, as main.tsx does; console errors and recoverable ones kept. */
export async function hydrateAt(container: HTMLElement, path: string) {
  const consoleErrors = vi.spyOn(console, 'error');
  const recoverable: unknown[] = [];
  const router = createTestRouter(appRoutes, path);
  await firstLoad(router);
  await act(async () => {
    root = hydrateRoot(
      container,
      <StrictMode>
        <App app={testApp()} router={router} />
      </StrictMode>,
      { onRecoverableError: (error) => recoverable.push(error) },
    );
    await Promise.resolve();
  });
  return { consoleErrors, recoverable, router };
}

/** Fresh RSA keys before each test and the hydrated root unmounted after it, for the prerender tests. */
export function setUpPrerenderHydration() {
  beforeEach(async () => {
    keys = await testKeys();
    // As in the browser at start-up: the session check has not answered yet.
    testApp().authStore.setState({ status: 'loading', user: null, authError: null });
  });

  afterEach(() => {
    act(() => root?.unmount());
    root = undefined;
    document.body.innerHTML = '';
  });
}
