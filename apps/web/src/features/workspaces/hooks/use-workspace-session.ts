import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { isApiError } from '../../../lib/api-client';
import { ORGANIZATIONS_QUERY_KEY } from '../../../lib/tenant-queries';
import { selectionQueryOptions } from '../api/confirm-selection';
import { useOrganizations } from '../api/get-organizations';
import { syncWorkspaceStore } from '../utils/sync-workspace-store';

/**
 * Keeps the workspace store on what the server says (spec §4): loads the organizations, then confirms
 * the session's selection (setCookies) and writes both into the store. Mounted once, by the shell.
 *
 * A write refused with SELECTION_CHANGED means the user has just lost the workspace they work in
 * ("Your access to this workspace has changed"): organizations and selection are then asked again, and
 * the store moves to wherever the server now places the session.
 */
export function useWorkspaceSession(): void {
  const queryClient = useQueryClient();
  const organizations = useOrganizations();
  const selection = useQuery({ ...selectionQueryOptions(), enabled: organizations.isSuccess });

  useEffect(() => {
    if (organizations.data && selection.data) {
      syncWorkspaceStore(queryClient, organizations.data, selection.data);
    }
  }, [queryClient, organizations.data, selection.data]);

  useEffect(
    () =>
      queryClient.getMutationCache().subscribe((event) => {
        if (event.type !== 'updated' || event.action.type !== 'error') return;
        const error: unknown = event.action.error;
        if (!isApiError(error) || error.code !== 'SELECTION_CHANGED') return;
        void queryClient.invalidateQueries({ queryKey: ORGANIZATIONS_QUERY_KEY });
        void queryClient.invalidateQueries({ queryKey: selectionQueryOptions().queryKey });
      }),
    [queryClient],
  );
}
