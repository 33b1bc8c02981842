import type { ExpressListTab } from '@tracklane/shared/express-shipments/express-shipments.schema';
import { NoShipmentAccess } from '../../components/no-shipment-access';
import {
  EXPRESS_LIST_TITLE,
  ExpressShipmentsList,
} from '../../features/express-shipments/components/express-shipments-list';
import { useReaderTimeZone, useShipmentAccess } from './use-shipment-access';

/** /shipments/truck/express/active, /not-found and /archived (spec §2). */
export function ExpressShipmentsPage({ status }: { status: ExpressListTab }) {
  const { canView, canCreate, organizationName } = useShipmentAccess();
  const timeZone = useReaderTimeZone();
  if (!canView)
    return <NoShipmentAccess title={EXPRESS_LIST_TITLE[status]} organizationName={organizationName} />;
  // Each tab is its own list: switching tabs must not carry one tab's selection or scroll into the other.
  return <ExpressShipmentsList key={status} status={status} timeZone={timeZone} canCreate={canCreate} />;
}
