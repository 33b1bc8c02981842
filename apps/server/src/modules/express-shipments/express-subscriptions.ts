import { expressShipments } from '../../db/schema/tracking';
import type { Subscriptions } from '../tracking/follow.service';

/** Express subscriptions copy the tracking number and carrier of their tracked parcel. */
export const expressSubscriptions: Subscriptions = {
  mode: 'express',
  table: expressShipments,
  identity: (item) => ({ trackingNo: item.trackingNo, carrier: item.carrier }),
};
