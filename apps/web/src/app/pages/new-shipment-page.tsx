import { useSiteType } from '../../features/navigation/hooks/use-site-type';
import { modeOfSiteType } from '../../modes/registry';
import { modePages } from '../mode-pages';

/**
 * /new-shipments/create (spec §2, the tutorial's target): the form of the site type the switcher shows,
 * which changes with it (the same pages as /new-shipments/ocean and /truck/express).
 */
export function NewShipmentPage() {
  const { siteType } = useSiteType();
  const Page = modePages(modeOfSiteType(siteType)).newShipment;
  return <Page />;
}
