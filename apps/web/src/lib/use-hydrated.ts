import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False while React renders on the server or hydrates HTML rendered there (main.tsx), true once the
 * component runs in the browser: what a prerendered page must not offer before its JavaScript
 * runs (a form that would submit itself natively) waits for it. Always true in a client-only render.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
