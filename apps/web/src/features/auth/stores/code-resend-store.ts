import { createContext, useContext } from 'react';
import { createStore, useStore } from 'zustand';

/** The server sends at most one code a minute per address, whichever screen asked for it. */
export const CODE_RESEND_INTERVAL_MS = 60_000;

/** A wait before another code may be requested, from `from` to `until` (ms since the epoch). */
export interface ResendWait {
  from: number;
  until: number;
}

export interface CodeResendState {
  /** Per address (lower-cased). */
  waits: Record<string, ResendWait>;
  /** A code has just gone to `email`: the next one in a minute. */
  markCodeSent: (email: string) => void;
  /** The server refused (429) and asked to wait this long. */
  markRetryAfter: (email: string, seconds: number) => void;
}

export const addressKey = (email: string) => email.trim().toLowerCase();

/**
 * Remembers when codes were sent, so that every screen counts down the same minute: registration,
 * a sign-in that needed verification, a reset request and each "Resend code". One per app instance.
 */
export const createCodeResendStore = () =>
  createStore<CodeResendState>()((set) => {
    const wait = (email: string, ms: number) => {
      const from = Date.now();
      set((state) => ({ waits: { ...state.waits, [addressKey(email)]: { from, until: from + ms } } }));
    };
    return {
      waits: {},
      markCodeSent: (email) => wait(email, CODE_RESEND_INTERVAL_MS),
      markRetryAfter: (email, seconds) => wait(email, seconds * 1000),
    };
  });

export type CodeResendStore = ReturnType<typeof createCodeResendStore>;

export const CodeResendStoreContext = createContext<CodeResendStore | null>(null);

/** What `selector` picks from the app's code-resend waits. */
export function useCodeResendStore<T>(selector: (state: CodeResendState) => T): T {
  const store = useContext(CodeResendStoreContext);
  if (!store) throw new Error('useCodeResendStore: no CodeResendStoreContext above this component');
  return useStore(store, selector);
}
