import type { ExpressShipmentDetail } from '@tracklane/shared/tracking/express/express-shipments.schema';

export interface DeliverySlip {
  /** The first delivery time the carrier announced. */
  first: string;
  /** The delivery itself once it happened, else the latest announcement. */
  latest: string;
  latestIsActual: boolean;
}

/**
 * How far delivery moved against the first announcement: null until there is something to compare
 * (a second announcement, or the delivery after at least one).
 */
export function deliverySlip(
  shipment: Pick<ExpressShipmentDetail, 'estimatedDeliveryHistory' | 'deliveredAt'>,
): DeliverySlip | null {
  const history = shipment.estimatedDeliveryHistory;
  const first = history[0];
  if (!first) return null;
  if (shipment.deliveredAt) {
    return { first: first.estimatedDelivery, latest: shipment.deliveredAt, latestIsActual: true };
  }
  const latest = history[history.length - 1];
  if (!latest || history.length < 2) return null;
  return { first: first.estimatedDelivery, latest: latest.estimatedDelivery, latestIsActual: false };
}
