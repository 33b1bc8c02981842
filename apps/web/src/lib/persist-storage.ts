import { PERSISTENCE_TIMEOUT_MS } from '@tracklane/shared/constants';
import { createJSONStorage, type PersistStorage, type StateStorage } from 'zustand/middleware';

function isThenable<T>(value: T | PromiseLike<T>): value is PromiseLike<T> {
  return typeof value === 'object' && value !== null && 'then' in value;
}

/**
 * Wraps a storage so that a read that has not answered within `timeoutMs` gives up with `null`
 * and the store keeps its defaults: redux-persist's `timeout` semantics (spec §4, 5000 ms).
 * Storage errors (private mode, quota) are swallowed too: persistence is a convenience, never a
 * reason for the app not to start.
 */
export function withRehydrationTimeout(
  storage: StateStorage,
  timeoutMs: number = PERSISTENCE_TIMEOUT_MS,
): StateStorage {
  return {
    getItem(name) {
      let pending: ReturnType<StateStorage['getItem']>;
      try {
        pending = storage.getItem(name);
      } catch {
        return null;
      }
      if (!isThenable(pending)) return pending;
      return new Promise<string | null>((resolve) => {
        const timer = setTimeout(() => resolve(null), timeoutMs);
        pending.then(
          (value) => {
            clearTimeout(timer);
            resolve(value);
          },
          () => {
            clearTimeout(timer);
            resolve(null);
          },
        );
      });
    },
    setItem(name, value) {
      try {
        return storage.setItem(name, value);
      } catch {
        return undefined;
      }
    },
    removeItem(name) {
      try {
        return storage.removeItem(name);
      } catch {
        return undefined;
      }
    },
  };
}

/** Where a render on the server (entry-server.tsx) keeps its stores: nowhere, nothing to remember. */
const NO_STORAGE: StateStorage = {
  getItem: () => null,
  setItem: () => undefined,
  removeItem: () => undefined,
};

/**
 * The JSON storage every persisted store uses: localStorage behind the rehydration time-out (none on
 * a server).
 */
export function createPersistStorage<S>(
  getStorage: () => StateStorage = () => (typeof window === 'undefined' ? NO_STORAGE : window.localStorage),
  timeoutMs: number = PERSISTENCE_TIMEOUT_MS,
): PersistStorage<S> | undefined {
  return createJSONStorage<S>(() => withRehydrationTimeout(getStorage(), timeoutMs));
}
