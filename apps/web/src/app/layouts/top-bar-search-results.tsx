import { SearchResults } from '../../features/search/components/search-results';
import type { SearchResultsProps } from '../../features/search/components/shipment-search';
import { useWorkspaceStore } from '../../features/workspaces/stores/workspace-store';

/** The search's list with what other features know: the tab's workspace. Lazy. */
export function TopBarSearchResults(props: SearchResultsProps) {
  const currentWorkspaceId = useWorkspaceStore((state) => state.currentWorkspace?.workspaceId ?? null);
  return <SearchResults {...props} currentWorkspaceId={currentWorkspaceId} />;
}
