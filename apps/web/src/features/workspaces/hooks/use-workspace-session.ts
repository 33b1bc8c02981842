import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { selectionQueryOptions } from '../api/confirm-selection';
import { useOrganizations } from '../api/get-organizations';
import { useWorkspaceStoreApi } from '../stores/workspace-store';
import { syncWorkspaceStore } from '../utils/sync-workspace-store';
import { useSelectionRecovery } from './use-selection-recovery';

/**
 * Keeps the workspace store on what the server says (spec §4): loads the organizations, then confirms
 * the session's selection (setCookies) and writes both into the store. Mounted once, by the shell.
 *
 * A call refused with SELECTION_CHANGED (the user lost the workspace this tab shows) moves the tab to
 * where the server now places the session: see {@link useSelectionRecovery}.
 */
export function useWorkspaceSession(): void {
  const queryClient = useQueryClient();
  const workspaceStore = useWorkspaceStoreApi();
  const organizations = useOrganizations();
  const selection = useQuery({ ...selectionQueryOptions(), enabled: organizations.isSuccess });

  useEffect(() => {
    if (organizations.data && selection.data) {
      syncWorkspaceStore(queryClient, workspaceStore, organizations.data, selection.data);
    }
  }, [queryClient, workspaceStore, organizations.data, selection.data]);

  useSelectionRecovery();
}
