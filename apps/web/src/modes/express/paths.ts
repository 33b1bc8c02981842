/**
 * The express mode's addresses (spec §2 routes): "truck/express" in URLs. Its routes (routes.ts)
 * hand them to the router, the menus and the switcher; the mode's own pages read them here.
 */
export const EXPRESS_PATHS = {
  dashboard: '/dashboard/truck/express',
  lists: {
    active: '/shipments/truck/express/active',
    notFound: '/shipments/truck/express/not-found',
    archived: '/shipments/truck/express/archived',
  },
  newShipment: '/new-shipments/truck/express',
} as const;

/** The route of a parcel's page, with the parameters the page reads. */
export const EXPRESS_DETAIL_ROUTE = '/shipment/truck/express/:expressOrderId/:expressOrderNo';

export const expressDetailPath = (expressOrderId: string, expressOrderNo: string) =>
  `/shipment/truck/express/${encodeURIComponent(expressOrderId)}/${encodeURIComponent(expressOrderNo)}`;
