import { notifications as toasts } from '@mantine/notifications';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { selectWorkspace } from '../features/workspaces/api/select-workspace';
import { useApplySelection } from '../features/workspaces/hooks/use-apply-selection';
import { useWorkspaceStore } from '../features/workspaces/stores/workspace-store';
import { isApiError } from '../lib/api-client';

/**
 * Opens a page of one of the user's workspaces: switches to that workspace first when this tab shows
 * another (as the rail does), then navigates. A refused switch says so under `failureTitle`, and the
 * tab stays where it was.
 */
export function useOpenInWorkspace() {
  const currentWorkspaceId = useWorkspaceStore((state) => state.currentWorkspace?.workspaceId ?? null);
  const applySelection = useApplySelection();
  const navigate = useNavigate();

  return useCallback(
    async (workspaceId: string, href: string, failureTitle: string): Promise<void> => {
      if (workspaceId !== currentWorkspaceId) {
        try {
          await applySelection(await selectWorkspace(workspaceId));
        } catch (error) {
          toasts.show({
            color: 'red',
            title: failureTitle,
            message: isApiError(error) ? error.message : 'Something went wrong. Please try again.',
          });
          return;
        }
      }
      await navigate(href);
    },
    [applySelection, currentWorkspaceId, navigate],
  );
}
