import type { ModeDefinition } from '../mode-definition';
import { OCEAN_DETAIL_ROUTE, OCEAN_PATHS } from './paths';

/** The ocean mode's routes (modes/mode-routes.ts): its addresses and its pages, each its own download. */
export const OCEAN_ROUTES = {
  mode: 'ocean',
  siteType: 'ocean',
  paths: OCEAN_PATHS,
  pages: {
    detailRoute: OCEAN_DETAIL_ROUTE,
    detail: () => import('./detail-page').then((m) => m.OceanShipmentPage),
    newShipment: () => import('./new-page').then((m) => m.NewOceanShipmentPage),
    list: () => import('./ocean-list-page').then((m) => m.OceanShipmentsPage),
    listEntry: 'src/modes/ocean/ocean-list-page.tsx',
    prefetchList: (queryClient, props, search) =>
      import('./ocean-list-page').then((m) => m.prefetchOceanShipmentsPage(queryClient, props, search)),
    sharedDetail: () => import('./shared-detail').then((m) => m.OceanSharedDetail),
  },
} as const satisfies Pick<ModeDefinition<'ocean'>, 'mode' | 'siteType' | 'paths' | 'pages'>;
