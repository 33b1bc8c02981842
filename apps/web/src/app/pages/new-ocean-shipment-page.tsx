import { NewOceanShipment } from '../../features/ocean-shipments/components/new-ocean-shipment';
import { oceanDetailHref } from '../../features/ocean-shipments/utils/detail-href';
import { useReaderTimeZone, useShipmentAccess } from './use-shipment-access';

/** /new-shipments/ocean, and /new-shipments/create (the tutorial's target): add ocean shipments. */
export function NewOceanShipmentPage() {
  const { canCreate } = useShipmentAccess();
  const timeZone = useReaderTimeZone();
  return (
    <NewOceanShipment canCreate={canCreate} detailHref={(shipment) => oceanDetailHref(shipment, timeZone)} />
  );
}
