import type { ShareSet } from '../../features/sharing/utils/share-set';

/** Parcels (a detail, or rows of the list) as the share dialog takes them. */
export const expressShareSet = (
  shipments: { expressOrderId: string; expressOrderNo: string }[],
): ShareSet => ({
  mode: 'express',
  shipments: shipments.map((s) => ({ shipmentId: s.expressOrderId, number: s.expressOrderNo })),
  request: (emails) => ({
    shipmentType: 'express',
    shipments: shipments.map((s) => ({ trackingNo: s.expressOrderNo, expressOrderId: s.expressOrderId })),
    emails,
  }),
});
