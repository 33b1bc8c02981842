/**
 * The ocean mode's addresses (spec §2 routes): its dashboard, its lists' tabs, its new-shipment page
 * and a container's page. Its routes (routes.ts) hand them to the router, the menus and the
 * switcher; the mode's own pages read them here.
 */
export const OCEAN_PATHS = {
  dashboard: '/dashboard/ocean',
  lists: { active: '/shipments/ocean/active', archived: '/shipments/ocean/archived' },
  newShipment: '/new-shipments/ocean',
} as const;

/** The route of a container's page, with the parameters the page reads. */
export const OCEAN_DETAIL_ROUTE = '/shipment/ocean/:containerNo/:mblNo';

export const oceanDetailPath = (containerNo: string, mblNo: string) =>
  `/shipment/ocean/${encodeURIComponent(containerNo)}/${encodeURIComponent(mblNo)}`;
