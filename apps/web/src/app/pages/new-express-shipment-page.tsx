import { NewExpressShipment } from '../../features/express-shipments/components/new-express-shipment';
import { useShipmentAccess } from './use-shipment-access';

/** /new-shipments/truck/express: track a parcel. */
export function NewExpressShipmentPage() {
  const { canCreate } = useShipmentAccess();
  return <NewExpressShipment canCreate={canCreate} />;
}
