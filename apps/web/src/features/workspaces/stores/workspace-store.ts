import { z } from 'zod';
import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { createPersistStorage } from '../../../lib/persist-storage';
import { registerStoreReset } from '../../../lib/store-reset';

/** The organization the user is working in (spec §3); only what the shell reads so far. */
const currentOrganizationSchema = z.object({
  organizationId: z.string(),
  organizationName: z.string(),
  role: z.enum(['company_admin', 'general_user']),
  shipmentPermission: z.number().int(),
});

const currentWorkspaceSchema = z.object({
  workspaceId: z.string(),
  name: z.string(),
  isDefault: z.boolean(),
});

export type CurrentOrganization = z.infer<typeof currentOrganizationSchema>;
export type CurrentWorkspace = z.infer<typeof currentWorkspaceSchema>;

interface WorkspaceData {
  currentOrganization: CurrentOrganization | null;
  currentWorkspace: CurrentWorkspace | null;
}

interface WorkspaceState extends WorkspaceData {
  selectWorkspace: (organization: CurrentOrganization, workspace: CurrentWorkspace) => void;
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

/** null until an organization is selected (organizations arrive in a later issue). */
export function selectShipmentPermission(state: WorkspaceState): number | null {
  return state.currentOrganization?.shipmentPermission ?? null;
}
