import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import type { Selection } from '@tracklane/shared/organizations/organizations.schema';
import { useEffect } from 'react';
import { isApiError, onSelectionChanged } from '../../../lib/api-client';
import { TENANT_QUERY_KEY } from '../../../lib/tenant-queries';
import { confirmSelection } from '../api/confirm-selection';
import { selectWorkspace } from '../api/select-workspace';
import { useWorkspaceStore } from '../stores/workspace-store';
import { useApplySelection } from './use-apply-selection';

/** One notice at a time: several refused calls, or a tab refused again, replace it rather than stack. */
export const SELECTION_NOTICE_ID = 'selection-changed';

const isWrite = (method: string) => method !== 'GET' && method !== 'HEAD';

const nullIfNotFound = (error: unknown): null => {
  if (isApiError(error) && error.status === 404) return null;
  throw error;
};

type Outcome =
  | { kind: 'back'; workspace: string }
  | { kind: 'moved'; from: string; to: string | null }
  | { kind: 'unchanged' };

function notify(outcome: Outcome, wrote: boolean): void {
  if (outcome.kind === 'unchanged') return;
  notifications.hide(SELECTION_NOTICE_ID);
  if (outcome.kind === 'back') {
    notifications.show({
      id: SELECTION_NOTICE_ID,
      color: 'yellow',
      title: `Back in ${outcome.workspace}`,
      message: `Another tab switched workspace. This tab is back in ${outcome.workspace}${wrote ? '; try again.' : '.'}`,
    });
    return;
  }
  notifications.show({
    id: SELECTION_NOTICE_ID,
    color: 'yellow',
    title: `${outcome.from} is no longer available`,
    message: outcome.to
      ? `You no longer have access to ${outcome.from}. This tab is now in ${outcome.to}.`
      : `You no longer have access to ${outcome.from}.`,
  });
}

/**
 * The session holds one selected workspace for all its tabs. A call refused with SELECTION_CHANGED was
 * meant for another workspace than the session's: another tab switched it, or the user lost the
 * workspace this tab shows. The tab then goes back to the workspace it shows while it still can
 * (re-selects it and refetches), else follows the session to wherever the server placed it, and says
 * which happened. Calls refused together make one recovery. Mounted once, by the shell.
 */
export function useSelectionRecovery(): void {
  const queryClient = useQueryClient();
  const applySelection = useApplySelection();

  useEffect(() => {
    let running: { wrote: boolean } | null = null;

    const settle = async (selection: Selection) => {
      await applySelection(selection, { refetchOrganizations: true });
      // The refused reads are refetched, now for the workspace this tab shows.
      await queryClient.invalidateQueries({ queryKey: TENANT_QUERY_KEY });
    };

    const recover = async (): Promise<Outcome> => {
      const shown = useWorkspaceStore.getState().currentWorkspace;
      const session = await confirmSelection();
      if (shown && session.workspaceId !== shown.workspaceId) {
        const back = await selectWorkspace(shown.workspaceId).catch(nullIfNotFound);
        if (back) {
          await settle(back);
          return { kind: 'back', workspace: shown.name };
        }
      }
      await settle(session);
      const now = useWorkspaceStore.getState().currentWorkspace;
      if (!shown || now?.workspaceId === shown.workspaceId) return { kind: 'unchanged' };
      return { kind: 'moved', from: shown.name, to: now?.name ?? null };
    };

    return onSelectionChanged((call) => {
      if (running) {
        running.wrote ||= isWrite(call.method);
        return;
      }
      const current = { wrote: isWrite(call.method) };
      running = current;
      recover()
        .then((outcome) => notify(outcome, current.wrote))
        // Unreachable server: the refused call already shows its own error; the next one tries again.
        .catch(() => undefined)
        .finally(() => {
          running = null;
        });
    });
  }, [queryClient, applySelection]);
}
