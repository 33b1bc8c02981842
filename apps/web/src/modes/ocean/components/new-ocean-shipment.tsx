import { Button, EmptyState } from '@mantine/core';
import { IconEye, IconList } from '@tabler/icons-react';
import { Link } from 'react-router';
import { IntakeSection } from '../../../components/intake-section';
import { PageHeader } from '../../../components/page-header';
import { OCEAN_PATHS } from '../paths';
import { viewOnlyExplanation } from '../../../lib/shipment-access-text';
import { OceanBulkIntake } from './ocean-bulk-intake';
import { SingleShipmentForm } from './single-shipment-form';

interface NewOceanShipmentProps {
  title: string;
  /** shipmentPermission 0 (spec §6); view-only members are told why they cannot add. */
  canCreate: boolean;
  /** Whose company admins can grant create access. */
  organizationName: string | null;
  detailHref: (shipment: { containerNo: string; mblNo: string }) => string;
}

/** /new-shipments/ocean and /new-shipments/create: one shipment, or many pasted or uploaded at once. */
export function NewOceanShipment({ title, canCreate, organizationName, detailHref }: NewOceanShipmentProps) {
  if (!canCreate) {
    return (
      <>
        <PageHeader title={title} />
        <EmptyState
          py={64}
          variant="light"
          color="gray"
          icon={<IconEye size={26} stroke={1.75} />}
          title="You can view shipments but not add them"
          description={viewOnlyExplanation(organizationName)}
          data-testid="view-only"
        >
          <EmptyState.Actions>
            <Button
              component={Link}
              to={OCEAN_PATHS.lists.active}
              variant="default"
              leftSection={<IconList size={16} />}
            >
              Go to the shipment list
            </Button>
          </EmptyState.Actions>
        </EmptyState>
      </>
    );
  }

  return (
    <>
      <PageHeader
        title={title}
        description="Track a container by its number and master bill of lading, or every container of a bill of lading or booking. Tracklane asks the carrier and keeps every milestone up to date."
      />
      <IntakeSection
        id="single-title"
        title="One shipment"
        description="A container and its bill of lading, or a bill of lading or booking alone. The container number is checked as you type; the carrier is read from the bill of lading."
      >
        <SingleShipmentForm detailHref={detailHref} />
      </IntakeSection>
      <IntakeSection
        id="bulk-title"
        title="Many shipments"
        description="Paste from a spreadsheet or upload a CSV file: every row is checked before anything is sent, up to 500 at a time."
      >
        <OceanBulkIntake detailHref={detailHref} />
      </IntakeSection>
    </>
  );
}
