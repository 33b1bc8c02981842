import { NoShipmentAccess } from '../../components/no-shipment-access';
import { NewExpressShipment } from './components/new-express-shipment';
import { useShipmentAccess } from '../../app/pages/use-shipment-access';

const TITLE = 'New ground shipment';

/** /new-shipments/truck/express: track a parcel. */
export function NewExpressShipmentPage() {
  const { canView, canCreate, organizationName } = useShipmentAccess();
  if (!canView) return <NoShipmentAccess title={TITLE} organizationName={organizationName} />;
  return <NewExpressShipment title={TITLE} canCreate={canCreate} organizationName={organizationName} />;
}
