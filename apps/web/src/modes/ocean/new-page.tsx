import { NoShipmentAccess } from '../../components/no-shipment-access';
import { NewOceanShipment } from './components/new-ocean-shipment';
import { oceanDetailHref } from './utils/detail-href';
import { useReaderTimeZone, useShipmentAccess } from '../../app/pages/use-shipment-access';

const TITLE = 'New ocean shipment';

/** /new-shipments/ocean, and /new-shipments/create (the tutorial's target): add ocean shipments. */
export function NewOceanShipmentPage() {
  const { canView, canCreate, organizationName } = useShipmentAccess();
  const timeZone = useReaderTimeZone();
  if (!canView) return <NoShipmentAccess title={TITLE} organizationName={organizationName} />;
  return (
    <NewOceanShipment
      title={TITLE}
      canCreate={canCreate}
      organizationName={organizationName}
      detailHref={(shipment) => oceanDetailHref(shipment, timeZone)}
    />
  );
}
