import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { ORGANIZATIONS_QUERY_KEY } from '../../../lib/tenant-queries';
import { selectWorkspace } from '../api/select-workspace';
import { useApplySelection } from './use-apply-selection';
import { firstMode } from '../../../modes/registry';

export interface SwitchTarget {
  workspaceId: string;
  workspaceName: string;
}

/**
 * The rail’s click (spec §2): switches organization and workspace, then opens the first mode’s dashboard.
 * One call does both, since the server takes the organization from the workspace.
 */
export function useSwitchWorkspace({ onSwitched }: { onSwitched?: () => void } = {}) {
  const queryClient = useQueryClient();
  const applySelection = useApplySelection();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: (target: SwitchTarget) => selectWorkspace(target.workspaceId),
    onSuccess: async (selection) => {
      await applySelection(selection);
      await navigate(firstMode().paths.dashboard);
      onSwitched?.();
    },
    onError: (error, target) => {
      notifications.show({
        color: 'red',
        title: `Could not switch to ${target.workspaceName}`,
        message: errorMessage(error),
      });
      // Not found: the user was removed from it meanwhile, and the rail should stop offering it.
      if (isApiError(error) && error.status === 404) {
        void queryClient.invalidateQueries({ queryKey: ORGANIZATIONS_QUERY_KEY });
      }
    },
  });
}
