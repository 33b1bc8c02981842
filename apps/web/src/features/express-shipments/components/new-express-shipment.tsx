import { Paper, Text, Title } from '@mantine/core';
import { FormAlert } from '../../../components/form-alert';
import { PageHeader } from '../../../components/page-header';
import classes from './new-express-shipment.module.css';
import { SingleParcelForm } from './single-parcel-form';

interface NewExpressShipmentProps {
  /** shipmentPermission 0 (spec §6); view-only members see the form, disabled, and why. */
  canCreate: boolean;
}

/** /new-shipments/truck/express, and /new-shipments/create on the Ground side: track a parcel. */
export function NewExpressShipment({ canCreate }: NewExpressShipmentProps) {
  return (
    <>
      <PageHeader
        title="New ground shipment"
        description="Track a parcel by its tracking number. Tracklane recognises the carrier and keeps every scan and delivery estimate up to date."
      />
      <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="single-parcel-title">
        <Title order={2} size="h4" id="single-parcel-title">
          One parcel
        </Title>
        <Text size="sm" c="dimmed" mb="md">
          The carrier and service are read from the number as you type, check digit included.
        </Text>
        {canCreate ? null : (
          <div className={classes.viewOnly}>
            <FormAlert tone="info" title="You can view shipments but not add them" data-testid="view-only">
              Your access in this workspace is view only. Ask a company admin to let you create shipments.
            </FormAlert>
          </div>
        )}
        <SingleParcelForm disabled={!canCreate} />
      </Paper>
    </>
  );
}
