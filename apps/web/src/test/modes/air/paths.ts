/** The test mode's addresses: its lists' tabs, its new-shipment page and an air waybill's page. */
export const AIR_PATHS = {
  dashboard: '/dashboard/air',
  lists: { active: '/shipments/air/active', archived: '/shipments/air/archived' },
  newShipment: '/new-shipments/air',
} as const;

export const airDetailPath = (awb: string) => `/shipment/air/${encodeURIComponent(awb)}`;

/** Its list's header: each tab's title and what the list holds. */
export const AIR_LIST_HEADER = {
  titles: { active: 'Active air waybills', archived: 'Archived air waybills' },
  things: 'Air waybills',
} as const;
