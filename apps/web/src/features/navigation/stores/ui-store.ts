import * as z from 'zod/mini';
import { createContext, useContext } from 'react';
import { createStore, useStore } from 'zustand';
import { persist } from 'zustand/middleware';
import type { SiteType } from '../../../config/paths';
import { createPersistStorage } from '../../../lib/persist-storage';
import { isSiteType, MODE_ROUTES } from '../../../modes/mode-routes';
import { readSidebarCookie, writeSidebarCookie } from '../utils/sidebar-preference';

interface UiData {
  /** Kept in local storage with the rest, and mirrored in a cookie a server render reads (sidebar-preference.ts). */
  sidebarCollapsed: boolean;
  siteType: SiteType;
}

export interface UiState extends UiData {
  /**
   * The path the user switched site type on, until the app leaves it. The page there still belongs
   * to the old type while the new one loads, but the shell already speaks of the chosen type.
   */
  switchedOn: string | null;
  toggleSidebar: () => void;
  setSiteType: (siteType: SiteType, switchedOn?: string | null) => void;
}

const initialUi: UiData & Pick<UiState, 'switchedOn'> = {
  sidebarCollapsed: false,
  siteType: MODE_ROUTES[0]!.siteType,
  switchedOn: null,
};

// Stored values are read back through a schema: an old or hand-edited entry must not break the shell.
const storedUiSchema = z.partial(
  z.object({
    sidebarCollapsed: z.boolean(),
    siteType: z.custom<SiteType>((value) => typeof value === 'string' && isSiteType(value)),
  }),
);

export const UI_STORE_KEY = 'tracklane-ui';

/** The sidebar preference kept in local storage, if any. */
function readStoredSidebarPreference(): boolean | null {
  try {
    const stored = JSON.parse(window.localStorage.getItem(UI_STORE_KEY) ?? 'null') as {
      state?: unknown;
    } | null;
    const parsed = storedUiSchema.safeParse(stored?.state);
    return parsed.success ? (parsed.data.sidebarCollapsed ?? null) : null;
  } catch {
    return null;
  }
}

/**
 * This browser's sidebar preference: local storage's (spec §4), else its cookie; not collapsed when
 * neither holds one, and on a server (which is told the request's value). A cookie that says otherwise
 * (none yet, or cleared apart from local storage) is written anew, so that the server draws the sidebar
 * as stored from the next page on.
 */
export function readSidebarPreference(): boolean {
  if (typeof document === 'undefined') return false;
  const fromCookie = readSidebarCookie(document.cookie);
  const stored = readStoredSidebarPreference();
  if (stored === null) return fromCookie ?? false;
  if (fromCookie !== stored) writeSidebarCookie(stored);
  return stored;
}

/**
 * The shell's own state, one store per app instance. `initial`: the sidebar a server render drew for
 * this request (entry-server.tsx), the store's initial state, which hydrating reads; otherwise the
 * browser's preference.
 */
export const createUiStore = (initial?: Pick<UiData, 'sidebarCollapsed'>) => {
  const store = createStore<UiState>()(
    persist(
      (set) => ({
        ...initialUi,
        sidebarCollapsed: initial?.sidebarCollapsed ?? readSidebarPreference(),
        toggleSidebar: () => set((state) => ({ sidebarCollapsed: !state.sidebarCollapsed })),
        setSiteType: (siteType, switchedOn = null) => set({ siteType, switchedOn }),
      }),
      {
        name: UI_STORE_KEY,
        version: 1,
        storage: createPersistStorage<UiData>(),
        partialize: ({ sidebarCollapsed, siteType }) => ({ sidebarCollapsed, siteType }),
        merge: (stored, current) => {
          const parsed = storedUiSchema.safeParse(stored);
          return parsed.success && parsed.data.siteType
            ? { ...current, siteType: parsed.data.siteType }
            : current;
        },
      },
    ),
  );
  // Every change of the sidebar (the toggle, a reset at sign-out) is the browser's new preference.
  store.subscribe((state, previous) => {
    if (state.sidebarCollapsed !== previous.sidebarCollapsed) writeSidebarCookie(state.sidebarCollapsed);
  });
  // A preference the server did not know (local storage's, mirrored into the cookie just now) is drawn
  // once the page has hydrated.
  if (initial && typeof document !== 'undefined') {
    const preference = readSidebarPreference();
    if (preference !== initial.sidebarCollapsed) store.setState({ sidebarCollapsed: preference });
  }
  return store;
};

export type UiStore = ReturnType<typeof createUiStore>;

export const UiStoreContext = createContext<UiStore | null>(null);

/** The UI store of the app this component renders in. */
export function useUiStoreApi(): UiStore {
  const store = useContext(UiStoreContext);
  if (!store) throw new Error('useUiStore: no UiStoreContext above this component');
  return store;
}

/** What `selector` picks from the app's UI state. */
export function useUiStore<T>(selector: (state: UiState) => T): T {
  return useStore(useUiStoreApi(), selector);
}
