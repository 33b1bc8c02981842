/** The test mode's addresses: its lists' tabs, its new-shipment page and an air waybill's page. */
export const AIR_PATHS = {
  dashboard: '/dashboard/air',
  lists: { active: '/shipments/air/active', archived: '/shipments/air/archived' },
  newShipment: '/new-shipments/air',
} as const;

export const airDetailPath = (awb: string) => `/shipment/air/${encodeURIComponent(awb)}`;
