import type { ShareSet } from '../components/share-dialog';

/** Ocean shipments (a detail, or rows of the list) as the share dialog takes them. */
export const oceanShareSet = (
  shipments: { shipmentOverallId: string; containerNo: string; mblNo: string }[],
): ShareSet => ({
  mode: 'ocean',
  shipments: shipments.map((s) => ({
    shipmentId: s.shipmentOverallId,
    number: s.containerNo,
    selection: { containerNo: s.containerNo, mblNo: s.mblNo },
  })),
});

/** Parcels (a detail, or rows of the list) as the share dialog takes them. */
export const expressShareSet = (
  shipments: { expressOrderId: string; expressOrderNo: string }[],
): ShareSet => ({
  mode: 'express',
  shipments: shipments.map((s) => ({
    shipmentId: s.expressOrderId,
    number: s.expressOrderNo,
    selection: { trackingNo: s.expressOrderNo, expressOrderId: s.expressOrderId },
  })),
});
