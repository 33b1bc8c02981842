import type { ShareSet } from '../../features/sharing/utils/share-set';

/** Ocean shipments (a detail, or rows of the list) as the share dialog takes them. */
export const oceanShareSet = (
  shipments: { shipmentOverallId: string; containerNo: string; mblNo: string }[],
): ShareSet => ({
  mode: 'ocean',
  shipments: shipments.map((s) => ({ shipmentId: s.shipmentOverallId, number: s.containerNo })),
  request: (emails) => ({
    shipmentType: 'ocean',
    shipments: shipments.map((s) => ({ containerNo: s.containerNo, mblNo: s.mblNo })),
    emails,
  }),
});
