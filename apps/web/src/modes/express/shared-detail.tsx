import type { SharedDetailProps } from '../mode-definition';
import { ExpressShipmentDetail } from './components/express-shipment-detail';

/** A parcel shared with the reader: the workspace's detail, read-only. */
export function ExpressSharedDetail({ shipment, live, back, timeZone }: SharedDetailProps) {
  const detail = shipment.express;
  if (!detail) return null;
  return (
    <ExpressShipmentDetail
      expressOrderId={detail.expressOrderId}
      expressOrderNo={detail.expressOrderNo}
      timeZone={timeZone}
      canChange={false}
      shared={{ query: { ...live, data: detail }, back }}
    />
  );
}
