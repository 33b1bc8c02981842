import '@testing-library/jest-dom/vitest';
import { notifications } from '@mantine/notifications';
import { act, cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { SIDEBAR_COOKIE } from '../features/navigation/utils/sidebar-preference';
import { FakeWebSocket } from './fake-web-socket';
import { endTestApp, startTestApp } from './app';
import { storeResets } from './store-resets';

// Module-level stores reset to their initial state after every test (apps/web/__mocks__/zustand.ts);
// the app's own stores and query cache are a new app instance for each test (test/app.ts).
vi.mock('zustand');

// findBy…/waitFor wait up to 5 s instead of 1 s: on a loaded two-core machine a page rendered through
// the router after a fetch can take longer than a second (two such tests failed there). A budget, not a
// retry: what never appears still fails.
configure({ asyncUtilTimeout: 5_000 });

// jsdom lacks the layout APIs Mantine calls on mount; without them components throw.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  configurable: true,
  value: vi.fn((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: vi.fn(),
    removeListener: vi.fn(),
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
    dispatchEvent: vi.fn(),
  })),
});

class ResizeObserverStub {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}
window.ResizeObserver = ResizeObserverStub;

Object.defineProperty(window, 'scrollTo', { writable: true, configurable: true, value: vi.fn() });

// The main shell opens the invitation socket: no test may reach for a real server.
beforeEach(() => {
  startTestApp();
  FakeWebSocket.reset();
  vi.stubGlobal('WebSocket', FakeWebSocket);
});

afterEach(() => {
  cleanup();
  // Before storage is emptied: a persisted store writes its initial state back on reset.
  act(() => {
    for (const reset of storeResets) reset();
  });
  window.localStorage.clear();
  window.sessionStorage.clear();
  // The sidebar preference is the one the browser keeps in a cookie.
  document.cookie = `${SIDEBAR_COOKIE}=; Path=/; Max-Age=0`;
  endTestApp();
  // Mantine keeps notifications in a module-level store that outlives each render.
  notifications.clean();
});
