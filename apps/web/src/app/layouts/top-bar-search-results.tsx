import type { SearchResult } from '@tracklane/shared/search/search.schema';
import { parcelStatusLook } from '../../features/express-shipments/utils/parcel-status';
import { statusLook } from '../../features/ocean-shipments/utils/status';
import { SearchResults } from '../../features/search/components/search-results';
import type { SearchResultsProps } from '../../features/search/components/shipment-search';
import { useWorkspaceStore } from '../../features/workspaces/stores/workspace-store';

/** A result's badge, as its mode's list shows it. */
const statusOf = (result: SearchResult) =>
  result.mode === 'ocean' ? statusLook(result) : parcelStatusLook(result);

/** The search's list with what other features know: status looks and the tab's workspace. Lazy. */
export function TopBarSearchResults(props: SearchResultsProps) {
  const currentWorkspaceId = useWorkspaceStore((state) => state.currentWorkspace?.workspaceId ?? null);
  return <SearchResults {...props} statusOf={statusOf} currentWorkspaceId={currentWorkspaceId} />;
}
