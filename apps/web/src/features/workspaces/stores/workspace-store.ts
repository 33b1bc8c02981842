import * as z from 'zod/mini';
import { createContext, useContext } from 'react';
import { createStore, useStore } from 'zustand';
import { persist } from 'zustand/middleware';
import { createPersistStorage } from '../../../lib/persist-storage';

/*
 * The organization and workspace the user works in (spec §3, §4), as the shell needs them on its
 * first paint: kept in local storage, then replaced by what the server confirms (use-workspace-session).
 * Fields added after the first release are optional so that states stored before them still load.
 */
const currentOrganizationSchema = z.object({
  organizationId: z.string(),
  organizationName: z.string(),
  role: z.enum(['company_admin', 'general_user']),
  shipmentPermission: z.int(),
  isCreator: z.optional(z.boolean()),
  image: z.optional(z.nullable(z.string())),
});

const currentWorkspaceSchema = z.object({
  workspaceId: z.string(),
  name: z.string(),
  isDefault: z.boolean(),
  image: z.optional(z.nullable(z.string())),
});

export type CurrentOrganization = z.infer<typeof currentOrganizationSchema>;
export type CurrentWorkspace = z.infer<typeof currentWorkspaceSchema>;

export interface WorkspaceData {
  currentOrganization: CurrentOrganization | null;
  /** null when the user belongs to the organization but to none of its workspaces. */
  currentWorkspace: CurrentWorkspace | null;
}

export interface WorkspaceState extends WorkspaceData {
  selectWorkspace: (organization: CurrentOrganization | null, workspace: CurrentWorkspace | null) => void;
}

const initialWorkspace: WorkspaceData = { currentOrganization: null, currentWorkspace: null };

const storedWorkspaceSchema = z.partial(
  z.object({
    currentOrganization: z.nullable(currentOrganizationSchema),
    currentWorkspace: z.nullable(currentWorkspaceSchema),
  }),
);

export const WORKSPACE_STORE_KEY = 'tracklane-workspace';

/**
 * One store per app instance. `initial`: what a server render confirmed for this request
 * (entry-server.tsx), the store's initial state; local storage is then not read.
 */
export const createWorkspaceStore = (initial?: WorkspaceData) =>
  createStore<WorkspaceState>()(
    persist(
      (set) => ({
        ...(initial ?? initialWorkspace),
        selectWorkspace: (currentOrganization, currentWorkspace) =>
          set({ currentOrganization, currentWorkspace }),
      }),
      {
        name: WORKSPACE_STORE_KEY,
        version: 1,
        storage: createPersistStorage<WorkspaceData>(),
        skipHydration: Boolean(initial),
        partialize: ({ currentOrganization, currentWorkspace }) => ({
          currentOrganization,
          currentWorkspace,
        }),
        merge: (stored, current) => {
          const parsed = storedWorkspaceSchema.safeParse(stored);
          return parsed.success ? { ...current, ...parsed.data } : current;
        },
      },
    ),
  );

export type WorkspaceStore = ReturnType<typeof createWorkspaceStore>;

export const WorkspaceStoreContext = createContext<WorkspaceStore | null>(null);

/** The workspace store of the app this component renders in, for reading it in a callback. */
export function useWorkspaceStoreApi(): WorkspaceStore {
  const store = useContext(WorkspaceStoreContext);
  if (!store) throw new Error('useWorkspaceStore: no WorkspaceStoreContext above this component');
  return store;
}

/** What `selector` picks from the app's workspace state. */
export function useWorkspaceStore<T>(selector: (state: WorkspaceState) => T): T {
  return useStore(useWorkspaceStoreApi(), selector);
}

/** The current organization's shipmentPermission; null until one is known (the menu then shows all). */
export function selectShipmentPermission(state: WorkspaceState): number | null {
  return state.currentOrganization?.shipmentPermission ?? null;
}
