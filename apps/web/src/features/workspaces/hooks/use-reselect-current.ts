import type { Selection } from '@tracklane/shared/organizations/organizations.schema';
import { useCallback } from 'react';
import { isApiError } from '../../../lib/api-client';
import { confirmSelection } from '../api/confirm-selection';
import { selectOrganization } from '../api/select-organization';
import { selectWorkspace } from '../api/select-workspace';
import { useWorkspaceStoreApi } from '../stores/workspace-store';
import { useApplySelection } from './use-apply-selection';

const nullIfNotFound = (error: unknown): null => {
  if (isApiError(error) && error.status === 404) return null;
  throw error;
};

/**
 * spec §4: after changing their own permissions, the user re-selects the current organization and
 * workspace, so that role, shipment permission and memberships are read again. A workspace they are
 * no longer in gives way to the organization's default; an organization they left, to their home.
 */
export function useReselectCurrent() {
  const applySelection = useApplySelection();
  const workspaceStore = useWorkspaceStoreApi();
  return useCallback(async () => {
    const { currentOrganization, currentWorkspace } = workspaceStore.getState();
    let selection: Selection | null = currentOrganization
      ? await selectOrganization(currentOrganization.organizationId).catch(nullIfNotFound)
      : null;
    if (selection && currentWorkspace && selection.workspaceId !== currentWorkspace.workspaceId) {
      selection = (await selectWorkspace(currentWorkspace.workspaceId).catch(nullIfNotFound)) ?? selection;
    }
    selection ??= await confirmSelection();
    await applySelection(selection, { refetchOrganizations: true });
  }, [applySelection, workspaceStore]);
}
