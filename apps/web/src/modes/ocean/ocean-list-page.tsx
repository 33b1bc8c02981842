import type { QueryClient } from '@tanstack/react-query';
import { OCEAN_LIST_PAGE } from './list';
import { prefetchShipmentsPage, ShipmentsPage } from '../../app/pages/shipments-page';

/*
 * The ocean list's own entry: its chunk, and the one the prerendered frames of its paths preload
 * (prerender.tsx, vite.config.ts). The page is the one list page over the mode's list.
 */

/** What the page's first render asks the server for (its route's loader). */
export const prefetchOceanShipmentsPage = (
  queryClient: QueryClient,
  props: { tab: string },
  search: URLSearchParams,
) => prefetchShipmentsPage(queryClient, OCEAN_LIST_PAGE, props, search);

export function OceanShipmentsPage({ tab }: { tab: string }) {
  return <ShipmentsPage page={OCEAN_LIST_PAGE} tab={tab} />;
}
