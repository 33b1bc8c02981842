import type { TrackingMode } from '@tracklane/shared/tracking/tracking-modes';
import type { ComponentType } from 'react';
import { useSiteType } from '../../features/navigation/hooks/use-site-type';
import { modeOfSiteType } from '../../modes/registry';
import { NewExpressShipmentPage } from './new-express-shipment-page';
import { NewOceanShipmentPage } from './new-ocean-shipment-page';

/** Each mode's new-shipment form (the same pages as /new-shipments/ocean and /truck/express). */
const NEW_SHIPMENT_PAGES: Record<TrackingMode, ComponentType> = {
  ocean: NewOceanShipmentPage,
  express: NewExpressShipmentPage,
};

/**
 * /new-shipments/create (spec §2, the tutorial's target): the form of the site type the switcher shows,
 * which changes with it.
 */
export function NewShipmentPage() {
  const { siteType } = useSiteType();
  const Page = NEW_SHIPMENT_PAGES[modeOfSiteType(siteType).mode];
  return <Page />;
}
