import { useQueryClient } from '@tanstack/react-query';
import type { Selection } from '@tracklane/shared/organizations/organizations.schema';
import { useCallback } from 'react';
import { organizationsQueryOptions } from '../api/get-organizations';
import { selectionQueryOptions } from '../api/confirm-selection';
import { useWorkspaceStoreApi } from '../stores/workspace-store';
import { syncWorkspaceStore } from '../utils/sync-workspace-store';

export interface ApplySelectionOptions {
  /** The user's memberships changed (left, joined, permissions): ask for the organizations again. */
  refetchOrganizations?: boolean;
}

/**
 * Takes a selection the server answered (switch, leave, re-select) and makes the app follow it: the
 * store, the rail and top bar, and every tenant-scoped query.
 */
export function useApplySelection() {
  const queryClient = useQueryClient();
  const workspaceStore = useWorkspaceStoreApi();
  return useCallback(
    async (selection: Selection, { refetchOrganizations = false }: ApplySelectionOptions = {}) => {
      queryClient.setQueryData(selectionQueryOptions().queryKey, selection);
      const cached = queryClient.getQueryData(organizationsQueryOptions().queryKey);
      if (
        !refetchOrganizations &&
        cached &&
        syncWorkspaceStore(queryClient, workspaceStore, cached, selection)
      )
        return;
      try {
        const organizations = await queryClient.fetchQuery({ ...organizationsQueryOptions(), staleTime: 0 });
        syncWorkspaceStore(queryClient, workspaceStore, organizations, selection);
      } catch {
        // The rail shows the failed load with a retry; the store syncs once that succeeds.
      }
    },
    [queryClient, workspaceStore],
  );
}
