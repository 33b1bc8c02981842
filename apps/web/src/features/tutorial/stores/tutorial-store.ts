import { create } from 'zustand';
import { registerStoreReset } from '../../../lib/store-reset';
import type { TutorialProgress } from '../utils/tutorial-step';

interface TutorialState {
  progress: TutorialProgress;
  setProgress: (progress: TutorialProgress) => void;
}

/**
 * The tutorial's place during this visit. Not persisted: CANCEL hides it until the next visit;
 * only "Don't show me again" (and finishing) is remembered, on the server.
 */
export const useTutorialStore = create<TutorialState>()((set) => ({
  progress: 'welcome',
  setProgress: (progress) => set({ progress }),
}));

registerStoreReset(() => useTutorialStore.setState({ progress: 'welcome' }));
