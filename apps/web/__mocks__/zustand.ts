// A store made at module level (`create`) remembers its initial state so that test/setup.ts can restore
// it after each test, as zustand's testing guide does: web test files share one module graph per worker
// (isolate: false), so its state would otherwise carry over from one file to the next. The app's own
// stores (`createStore`) belong to an app instance, which each test makes anew (test/app.ts).
import { vi } from 'vitest';
import type * as Zustand from 'zustand';
import { storeResets } from '../src/test/store-resets';

export * from 'zustand';

const actual = await vi.importActual<typeof Zustand>('zustand');

function remembered<S extends Zustand.StoreApi<unknown>>(store: S): S {
  const initialState = store.getInitialState();
  storeResets.add(() => store.setState(initialState, true));
  return store;
}

export const create = (<T>(creator?: Zustand.StateCreator<T, [], []>) =>
  creator
    ? remembered(actual.create(creator))
    : (later: Zustand.StateCreator<T, [], []>) => remembered(actual.create(later))) as typeof Zustand.create;
