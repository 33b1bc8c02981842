import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import type { Selection } from '@tracklane/shared/organizations/organizations.schema';
import { useEffect } from 'react';
import { onSelectionChanged } from '../../../lib/api-client';
import { TENANT_QUERY_KEY } from '../../../lib/tenant-queries';
import { confirmSelection } from '../api/confirm-selection';
import { useWorkspaceStoreApi } from '../stores/workspace-store';
import { useApplySelection } from './use-apply-selection';

/** One notice at a time: several refused calls, or a tab refused again, replace it rather than stack. */
export const SELECTION_NOTICE_ID = 'selection-changed';

interface Moved {
  from: string;
  to: string | null;
}

function notify({ from, to }: Moved): void {
  notifications.hide(SELECTION_NOTICE_ID);
  notifications.show({
    id: SELECTION_NOTICE_ID,
    color: 'yellow',
    title: `${from} is no longer available`,
    message: to
      ? `You no longer have access to ${from}. This tab is now in ${to}.`
      : `You no longer have access to ${from}.`,
  });
}

/**
 * Each tab works in the workspace it shows (ADR 36), so a switch in another tab leaves this one alone.
 * A call refused with SELECTION_CHANGED means the user lost the workspace this tab shows (removed from
 * it, or it was deleted): the tab follows the session to wherever the server now places it, refetches,
 * and says so. Calls refused together make one recovery. Mounted once, by the shell.
 */
export function useSelectionRecovery(): void {
  const queryClient = useQueryClient();
  const applySelection = useApplySelection();
  const workspaceStore = useWorkspaceStoreApi();

  useEffect(() => {
    let running = false;

    const recover = async (): Promise<Moved | null> => {
      const shown = workspaceStore.getState().currentWorkspace;
      const session: Selection = await confirmSelection();
      await applySelection(session, { refetchOrganizations: true });
      // The refused reads are refetched, now for the workspace this tab shows.
      await queryClient.invalidateQueries({ queryKey: TENANT_QUERY_KEY });
      const now = workspaceStore.getState().currentWorkspace;
      if (!shown || now?.workspaceId === shown.workspaceId) return null;
      return { from: shown.name, to: now?.name ?? null };
    };

    return onSelectionChanged(() => {
      if (running) return;
      running = true;
      recover()
        .then((moved) => {
          if (moved) notify(moved);
        })
        // Unreachable server: the refused call already shows its own error; the next one tries again.
        .catch(() => undefined)
        .finally(() => {
          running = false;
        });
    });
  }, [queryClient, applySelection, workspaceStore]);
}
