import { EmptyState } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { noAccessExplanation } from '../lib/shipment-access-text';
import { PageHeader } from './page-header';

interface NoShipmentAccessProps {
  title: string;
  /** The current organization, so the member knows whose company admins to ask. */
  organizationName: string | null;
}

/**
 * A shipment page for a member whose role here does not include shipments (spec §6: shipmentPermission
 * neither 0 nor 1). It offers no link: every shipment page is closed to them, and only a company admin
 * can change that.
 */
export function NoShipmentAccess({ title, organizationName }: NoShipmentAccessProps) {
  return (
    <>
      <PageHeader title={title} />
      <EmptyState
        py={64}
        variant="light"
        color="gray"
        icon={<IconLock size={26} stroke={1.75} />}
        title="No access to shipments in this workspace"
        description={noAccessExplanation(organizationName)}
        data-testid="no-shipment-access"
      />
    </>
  );
}
