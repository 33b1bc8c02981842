import { useParams } from 'react-router';
import { ExpressShipmentDetail } from '../../features/express-shipments/components/express-shipment-detail';
import { useLinkedTimeZone, useShipmentAccess } from './use-shipment-access';

/** /shipment/truck/express/:expressOrderId/:expressOrderNo (spec §2). */
export function ExpressShipmentPage() {
  const { expressOrderId = '', expressOrderNo = '' } = useParams();
  const timeZone = useLinkedTimeZone();
  const { canCreate } = useShipmentAccess();
  return (
    <ExpressShipmentDetail
      key={`${expressOrderId}/${expressOrderNo}`}
      expressOrderId={expressOrderId}
      expressOrderNo={expressOrderNo}
      timeZone={timeZone}
      canChange={canCreate}
    />
  );
}
