import { z } from 'zod';
import { createContext, useContext } from 'react';
import { createStore, useStore } from 'zustand';
import { persist } from 'zustand/middleware';
import type { SiteType } from '../../../config/paths';
import { createPersistStorage } from '../../../lib/persist-storage';
import { isSiteType, MODE_ROUTES } from '../../../modes/mode-routes';

interface UiData {
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
const storedUiSchema = z
  .object({
    sidebarCollapsed: z.boolean(),
    siteType: z.custom<SiteType>((value) => typeof value === 'string' && isSiteType(value)),
  })
  .partial();

export const UI_STORE_KEY = 'tracklane-ui';

/** The shell's own state, one store per app instance. */
export const createUiStore = () =>
  createStore<UiState>()(
    persist(
      (set) => ({
        ...initialUi,
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
          return parsed.success ? { ...current, ...parsed.data } : current;
        },
      },
    ),
  );

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
