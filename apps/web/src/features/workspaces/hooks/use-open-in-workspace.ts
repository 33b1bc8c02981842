import { notifications as toasts } from '@mantine/notifications';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { errorMessage } from '../../../lib/api-client';
import { selectWorkspace } from '../api/select-workspace';
import { useWorkspaceStore } from '../stores/workspace-store';
import { useApplySelection } from './use-apply-selection';

/**
 * Opens a page of one of the user's workspaces (a shipment from a notification, a mention or the
 * search): when it is not the one this tab shows, switches to it first, as the rail does, so that the
 * page asks the right workspace. A refused switch (the user has left it meanwhile) is said in a toast
 * titled `failureTitle`, and nothing opens.
 *
 * @returns whether the page opened.
 */
export function useOpenInWorkspace() {
  const currentWorkspaceId = useWorkspaceStore((state) => state.currentWorkspace?.workspaceId ?? null);
  const applySelection = useApplySelection();
  const navigate = useNavigate();

  return useCallback(
    async (target: { workspaceId: string; href: string; failureTitle: string }): Promise<boolean> => {
      if (target.workspaceId !== currentWorkspaceId) {
        try {
          await applySelection(await selectWorkspace(target.workspaceId));
        } catch (error) {
          toasts.show({
            color: 'red',
            title: target.failureTitle,
            message: errorMessage(error),
          });
          return false;
        }
      }
      await navigate(target.href);
      return true;
    },
    [applySelection, currentWorkspaceId, navigate],
  );
}
