import { NoShipmentAccess } from '../../components/no-shipment-access';
import type { OceanListStatus } from '../../features/ocean-shipments/api/list-ocean-shipments';
import { OceanShipmentsList } from '../../features/ocean-shipments/components/ocean-shipments-list';
import { useReaderTimeZone, useShipmentAccess } from './use-shipment-access';

/** /shipments/ocean/active and /shipments/ocean/archived (spec §2). */
export function OceanShipmentsPage({ status }: { status: OceanListStatus }) {
  const { canView, canCreate, organizationName } = useShipmentAccess();
  const timeZone = useReaderTimeZone();
  if (!canView) {
    return (
      <NoShipmentAccess
        title={status === 'active' ? 'Active ocean shipments' : 'Archived ocean shipments'}
        organizationName={organizationName}
      />
    );
  }
  // Each tab is its own list: switching tabs must not carry one tab's selection or scroll into the other.
  return <OceanShipmentsList key={status} status={status} timeZone={timeZone} canCreate={canCreate} />;
}
