import { createContext, useContext } from 'react';
import { createStore, useStore } from 'zustand';
import type { TutorialProgress } from '../utils/tutorial-step';

export interface TutorialState {
  progress: TutorialProgress;
  setProgress: (progress: TutorialProgress) => void;
}

/**
 * The tutorial's place during this visit. Not persisted: CANCEL hides it until the next visit;
 * only "Don't show me again" (and finishing) is remembered, on the server.
 */
export const createTutorialStore = () =>
  createStore<TutorialState>()((set) => ({
    progress: 'welcome',
    setProgress: (progress) => set({ progress }),
  }));

export type TutorialStore = ReturnType<typeof createTutorialStore>;

export const TutorialStoreContext = createContext<TutorialStore | null>(null);

/** What `selector` picks from the app's tutorial state. */
export function useTutorialStore<T>(selector: (state: TutorialState) => T): T {
  const store = useContext(TutorialStoreContext);
  if (!store) throw new Error('useTutorialStore: no TutorialStoreContext above this component');
  return useStore(store, selector);
}
