import { z } from 'zod';
import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { setWorkspaceShown } from '../../../lib/api-client';
import { createPersistStorage } from '../../../lib/persist-storage';
import { registerStoreReset } from '../../../lib/store-reset';

/*
 * The organization and workspace the user works in (spec §3, §4), as the shell needs them on its
 * first paint: kept in local storage, then replaced by what the server confirms (use-workspace-session).
 * Fields added after the first release are optional so that states stored before them still load.
 */
const currentOrganizationSchema = z.object({
  organizationId: z.string(),
  organizationName: z.string(),
  role: z.enum(['company_admin', 'general_user']),
  shipmentPermission: z.number().int(),
  isCreator: z.boolean().optional(),
  image: z.string().nullable().optional(),
});

const currentWorkspaceSchema = z.object({
  workspaceId: z.string(),
  name: z.string(),
  isDefault: z.boolean(),
  image: z.string().nullable().optional(),
});

export type CurrentOrganization = z.infer<typeof currentOrganizationSchema>;
export type CurrentWorkspace = z.infer<typeof currentWorkspaceSchema>;

interface WorkspaceData {
  currentOrganization: CurrentOrganization | null;
  /** null when the user belongs to the organization but to none of its workspaces. */
  currentWorkspace: CurrentWorkspace | null;
}

interface WorkspaceState extends WorkspaceData {
  selectWorkspace: (organization: CurrentOrganization | null, workspace: CurrentWorkspace | null) => void;
}

const initialWorkspace: WorkspaceData = { currentOrganization: null, currentWorkspace: null };

const storedWorkspaceSchema = z
  .object({
    currentOrganization: currentOrganizationSchema.nullable(),
    currentWorkspace: currentWorkspaceSchema.nullable(),
  })
  .partial();

export const WORKSPACE_STORE_KEY = 'tracklane-workspace';

export const useWorkspaceStore = create<WorkspaceState>()(
  persist(
    (set) => ({
      ...initialWorkspace,
      selectWorkspace: (currentOrganization, currentWorkspace) =>
        set({ currentOrganization, currentWorkspace }),
    }),
    {
      name: WORKSPACE_STORE_KEY,
      version: 1,
      storage: createPersistStorage<WorkspaceData>(),
      partialize: ({ currentOrganization, currentWorkspace }) => ({ currentOrganization, currentWorkspace }),
      merge: (stored, current) => {
        const parsed = storedWorkspaceSchema.safeParse(stored);
        return parsed.success ? { ...current, ...parsed.data } : current;
      },
    },
  ),
);

registerStoreReset(() => useWorkspaceStore.setState(initialWorkspace));

// What this tab's page shows is this store in memory: another tab's switch rewrites local storage and
// the session, never this copy, so every call can tell the server which workspace it is meant for.
setWorkspaceShown(() => useWorkspaceStore.getState().currentWorkspace?.workspaceId ?? null);

/** The current organization's shipmentPermission; null until one is known (the menu then shows all). */
export function selectShipmentPermission(state: WorkspaceState): number | null {
  return state.currentOrganization?.shipmentPermission ?? null;
}
