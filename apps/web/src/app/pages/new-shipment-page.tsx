import { useSiteType } from '../../features/navigation/hooks/use-site-type';
import { NewExpressShipmentPage } from './new-express-shipment-page';
import { NewOceanShipmentPage } from './new-ocean-shipment-page';

/**
 * /new-shipments/create (spec §2, the tutorial's target): the form of the site type the switcher shows,
 * which changes with it.
 */
export function NewShipmentPage() {
  const { siteType } = useSiteType();
  return siteType === 'ground' ? <NewExpressShipmentPage /> : <NewOceanShipmentPage />;
}
