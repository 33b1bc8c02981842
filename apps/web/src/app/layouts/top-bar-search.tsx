import type { SearchResult } from '@tracklane/shared/search/search.schema';
import { Suspense, useCallback } from 'react';
import {
  SearchResultsFallback,
  ShipmentSearch,
  type SearchResultsProps,
} from '../../features/search/components/shipment-search';
import { resultNumber, searchResultHref } from '../../features/search/utils/search-result-href';
import { useOpenInWorkspace } from '../../features/workspaces/hooks/use-open-in-workspace';
import { lazyPage } from '../lazy-page';
import { useReaderTimeZone } from '../pages/use-shipment-access';

// The list and its states download when the box is first focused or pointed at: every signed-in page
// has the box, few visits search.
const LazyResults = lazyPage(() => import('./top-bar-search-results').then((m) => m.TopBarSearchResults));

function Results(props: SearchResultsProps) {
  return (
    <Suspense fallback={<SearchResultsFallback />}>
      <LazyResults {...props} />
    </Suspense>
  );
}

const preloadResults = () => void LazyResults.preload();

/**
 * The top bar's search across the user's workspaces: a result opens its shipment's page, switching to
 * its workspace first when it is another one (as a notification does).
 */
export function TopBarSearch() {
  const timeZone = useReaderTimeZone();
  const openInWorkspace = useOpenInWorkspace();
  const open = useCallback(
    (result: SearchResult) =>
      void openInWorkspace({
        workspaceId: result.workspace.id,
        href: searchResultHref(result, timeZone),
        failureTitle: `Could not open ${resultNumber(result)} in ${result.workspace.name}`,
      }),
    [openInWorkspace, timeZone],
  );
  return <ShipmentSearch onOpen={open} preloadResults={preloadResults} Results={Results} />;
}
