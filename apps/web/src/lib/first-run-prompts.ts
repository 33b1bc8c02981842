import { useEffect } from 'react';
import { create } from 'zustand';

interface FirstRunPrompts {
  /** The prompts on screen now that others must wait for. */
  holders: string[];
  hold: (id: string) => void;
  release: (id: string) => void;
}

/**
 * First-run prompts take turns: a dialog that greets the user (a shipment shared with them) holds the
 * screen while it is open, and the tutorial waits until it is closed.
 */
const useFirstRunPrompts = create<FirstRunPrompts>()((set) => ({
  holders: [],
  hold: (id) => set((s) => (s.holders.includes(id) ? s : { holders: [...s.holders, id] })),
  release: (id) => set((s) => ({ holders: s.holders.filter((h) => h !== id) })),
}));

/** Holds the screen for the prompt `id` while `showing`. */
export function useHoldFirstRunPrompt(id: string, showing: boolean): void {
  const hold = useFirstRunPrompts((s) => s.hold);
  const release = useFirstRunPrompts((s) => s.release);
  useEffect(() => {
    if (!showing) return;
    hold(id);
    return () => release(id);
  }, [id, showing, hold, release]);
}

/** Whether another prompt is on screen, so a waiting one shows nothing yet. */
export const useFirstRunPromptHeld = () => useFirstRunPrompts((s) => s.holders.length > 0);
