import { oceanShipments } from '../../db/schema/tracking';
import type { Subscriptions } from '../tracking/follow.service';

/** Ocean subscriptions copy the container, bill of lading and carrier of their tracked item. */
export const oceanSubscriptions: Subscriptions = {
  mode: 'ocean',
  table: oceanShipments,
  identity: (item) => ({ containerNo: item.trackingNo, mblNo: item.reference, carrierScac: item.carrier }),
};
