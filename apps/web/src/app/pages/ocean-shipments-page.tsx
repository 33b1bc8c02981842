import { EmptyState } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { PageHeader } from '../../components/page-header';
import type { OceanListStatus } from '../../features/ocean-shipments/api/list-ocean-shipments';
import { OceanShipmentsList } from '../../features/ocean-shipments/components/ocean-shipments-list';
import { useReaderTimeZone, useShipmentAccess } from './use-shipment-access';

/** /shipments/ocean/active and /shipments/ocean/archived (spec §2). */
export function OceanShipmentsPage({ status }: { status: OceanListStatus }) {
  const { canView, canCreate } = useShipmentAccess();
  const timeZone = useReaderTimeZone();
  if (!canView) {
    return (
      <>
        <PageHeader title={status === 'active' ? 'Active ocean shipments' : 'Archived ocean shipments'} />
        <EmptyState
          py={64}
          variant="light"
          color="gray"
          icon={<IconLock size={26} stroke={1.75} />}
          title="No access to shipments in this workspace"
          description="Your role here does not include the shipment list. Ask a company admin for view or create access."
          data-testid="no-shipment-access"
        />
      </>
    );
  }
  // Each tab is its own list: switching tabs must not carry one tab's selection or scroll into the other.
  return <OceanShipmentsList key={status} status={status} timeZone={timeZone} canCreate={canCreate} />;
}
