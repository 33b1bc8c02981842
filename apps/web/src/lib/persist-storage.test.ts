import { PERSISTENCE_TIMEOUT_MS } from '@tracklane/shared/constants';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { create } from 'zustand';
import { persist, type StateStorage } from 'zustand/middleware';
import { createPersistStorage, withRehydrationTimeout } from './persist-storage';

interface Prefs {
  collapsed: boolean;
}

const STORED = JSON.stringify({ state: { collapsed: true }, version: 0 });

/** A storage that answers reads after `delayMs` (or never), like a slow or stuck backend. */
function slowStorage(delayMs: number | null): StateStorage {
  return {
    getItem: () =>
      new Promise<string | null>((resolve) => {
        if (delayMs !== null) setTimeout(() => resolve(STORED), delayMs);
      }),
    setItem: () => undefined,
    removeItem: () => undefined,
  };
}

function createPrefsStore(storage: StateStorage) {
  return create<Prefs>()(
    persist<Prefs>(() => ({ collapsed: false }), {
      name: 'prefs',
      storage: createPersistStorage<Prefs>(() => storage),
    }),
  );
}

describe('rehydration time-out (spec §4: 5000 ms)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('is 5000 ms', () => {
    expect(PERSISTENCE_TIMEOUT_MS).toBe(5000);
  });

  it('gives up after 5000 ms on a storage that never answers and keeps the defaults', async () => {
    const store = createPrefsStore(slowStorage(null));

    await vi.advanceTimersByTimeAsync(PERSISTENCE_TIMEOUT_MS - 1);
    expect(store.persist.hasHydrated()).toBe(false);

    await vi.advanceTimersByTimeAsync(1);
    expect(store.persist.hasHydrated()).toBe(true);
    expect(store.getState().collapsed).toBe(false);
  });

  it('uses the stored state when it arrives in time', async () => {
    const store = createPrefsStore(slowStorage(4000));
    await vi.advanceTimersByTimeAsync(4000);
    expect(store.persist.hasHydrated()).toBe(true);
    expect(store.getState().collapsed).toBe(true);
  });

  it('ignores stored state that arrives after the time-out', async () => {
    const store = createPrefsStore(slowStorage(6000));
    await vi.advanceTimersByTimeAsync(6000);
    expect(store.getState().collapsed).toBe(false);
  });
});

describe('withRehydrationTimeout', () => {
  it('reads synchronous storage (localStorage) straight away', () => {
    window.localStorage.setItem('prefs', STORED);
    const store = createPrefsStore(window.localStorage);
    expect(store.persist.hasHydrated()).toBe(true);
    expect(store.getState().collapsed).toBe(true);
  });

  it('treats a throwing storage as empty instead of crashing', () => {
    const broken: StateStorage = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => undefined,
    };
    const storage = withRehydrationTimeout(broken);
    expect(storage.getItem('x')).toBeNull();
    expect(() => storage.setItem('x', '1')).not.toThrow();
  });

  it('treats a failed asynchronous read as empty', async () => {
    const failing: StateStorage = {
      getItem: () => Promise.reject(new Error('unavailable')),
      setItem: () => undefined,
      removeItem: () => undefined,
    };
    await expect(withRehydrationTimeout(failing).getItem('x')).resolves.toBeNull();
  });
});
