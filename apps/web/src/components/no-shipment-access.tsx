import { EmptyState } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { PageHeader } from './page-header';

/** A shipment list's page for a member whose role here does not include shipments (spec §6). */
export function NoShipmentAccess({ title }: { title: string }) {
  return (
    <>
      <PageHeader title={title} />
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
