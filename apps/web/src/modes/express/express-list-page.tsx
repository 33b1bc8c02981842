import type { QueryClient } from '@tanstack/react-query';
import { EXPRESS_LIST_PAGE } from './list';
import { prefetchShipmentsPage, ShipmentsPage } from '../../app/pages/shipments-page';

/*
 * The express list's own entry: its chunk, and the one the prerendered frames of its paths preload
 * (prerender.tsx, vite.config.ts). The page is the one list page over the mode's list.
 */

/** What the page's first render asks the server for (its route's loader). */
export const prefetchExpressShipmentsPage = (
  queryClient: QueryClient,
  props: { tab: string },
  search: URLSearchParams,
) => prefetchShipmentsPage(queryClient, EXPRESS_LIST_PAGE, props, search);

export function ExpressShipmentsPage({ tab }: { tab: string }) {
  return <ShipmentsPage page={EXPRESS_LIST_PAGE} tab={tab} />;
}
