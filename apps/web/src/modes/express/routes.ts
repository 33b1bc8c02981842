import type { ModeDefinition } from '../mode-definition';
import { EXPRESS_DETAIL_ROUTE, EXPRESS_PATHS } from './paths';

/** The express mode's routes (modes/mode-routes.ts): its addresses and its pages, each its own download. */
export const EXPRESS_ROUTES = {
  mode: 'express',
  siteType: 'ground',
  paths: EXPRESS_PATHS,
  pages: {
    detailRoute: EXPRESS_DETAIL_ROUTE,
    detail: () => import('./detail-page').then((m) => m.ExpressShipmentPage),
    newShipment: () => import('./new-page').then((m) => m.NewExpressShipmentPage),
    list: () => import('./express-list-page').then((m) => m.ExpressShipmentsPage),
    listEntry: 'src/modes/express/express-list-page.tsx',
    prefetchList: (queryClient, props, search) =>
      import('./express-list-page').then((m) => m.prefetchExpressShipmentsPage(queryClient, props, search)),
    sharedDetail: () => import('./shared-detail').then((m) => m.ExpressSharedDetail),
  },
} as const satisfies Pick<ModeDefinition<'express'>, 'mode' | 'siteType' | 'paths' | 'pages'>;
