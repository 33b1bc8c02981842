import type { QueryClient } from '@tanstack/react-query';
import type { Organization, Selection } from '@tracklane/shared/organizations/organizations.schema';
import { TENANT_QUERY_KEY } from '../../../lib/tenant-queries';
import type { WorkspaceState, WorkspaceStore } from '../stores/workspace-store';
import { resolveSelection } from './current-selection';

const idsOf = (state: WorkspaceState) => ({
  organizationId: state.currentOrganization?.organizationId ?? null,
  workspaceId: state.currentWorkspace?.workspaceId ?? null,
});

/**
 * Writes the server's selection into the store. When it lands somewhere else than before, every
 * tenant answer is reset: the previous workspace's members or counts must not show in the next one.
 * Returns false when the organization list is out of date for this selection (nothing is written).
 */
export function syncWorkspaceStore(
  queryClient: QueryClient,
  workspaceStore: WorkspaceStore,
  organizations: Organization[],
  selection: Selection,
): boolean {
  const resolved = resolveSelection(organizations, selection);
  if (resolved.status === 'stale') return false;

  const store = workspaceStore.getState();
  const before = idsOf(store);
  const next =
    resolved.status === 'none'
      ? { organization: null, workspace: null }
      : { organization: resolved.organization, workspace: resolved.workspace };
  // An identical answer (every refetch) must not re-render everything that reads the store.
  if (
    JSON.stringify([store.currentOrganization, store.currentWorkspace]) !==
    JSON.stringify([next.organization, next.workspace])
  ) {
    store.selectWorkspace(next.organization, next.workspace);
  }

  const after = idsOf(workspaceStore.getState());
  const moved = before.organizationId !== after.organizationId || before.workspaceId !== after.workspaceId;
  // Before anything was known (first sign-in) the tenant answers already came from this selection.
  if (moved && before.organizationId !== null) {
    void queryClient.resetQueries({ queryKey: TENANT_QUERY_KEY });
  }
  return true;
}
