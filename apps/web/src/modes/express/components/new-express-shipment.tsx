import { EXPRESS_INTAKE_MAX_ITEMS } from '@tracklane/shared/tracking/express/express-shipments.schema';
import { FormAlert } from '../../../components/form-alert';
import { IntakeSection } from '../../../components/intake-section';
import { PageHeader } from '../../../components/page-header';
import { viewOnlyExplanation } from '../../../lib/shipment-access-text';
import { ExpressBulkIntake } from './express-bulk-intake';
import classes from './new-express-shipment.module.css';
import { SingleParcelForm } from './single-parcel-form';

interface NewExpressShipmentProps {
  title: string;
  /** shipmentPermission 0 (spec §6); view-only members see the form, disabled, and why. */
  canCreate: boolean;
  /** Whose company admins can grant create access. */
  organizationName: string | null;
}

/**
 * /new-shipments/truck/express, and /new-shipments/create on the Ground side: one parcel, or many
 * pasted or uploaded at once.
 */
export function NewExpressShipment({ title, canCreate, organizationName }: NewExpressShipmentProps) {
  return (
    <>
      <PageHeader
        title={title}
        description="Track a parcel by its tracking number. Tracklane recognises the carrier and keeps every scan and delivery estimate up to date."
      />
      <IntakeSection
        id="single-parcel-title"
        title="One parcel"
        description="The carrier and service are read from the number as you type, check digit included."
      >
        {canCreate ? null : (
          <div className={classes.viewOnly}>
            <FormAlert tone="info" title="You can view shipments but not add them" data-testid="view-only">
              {viewOnlyExplanation(organizationName)}
            </FormAlert>
          </div>
        )}
        <SingleParcelForm disabled={!canCreate} />
      </IntakeSection>
      {/* A view-only member cannot send anything: the form above already says why. */}
      {canCreate ? (
        <IntakeSection
          id="bulk-parcels-title"
          title="Many parcels"
          description={`Paste from a spreadsheet or upload a CSV or XLSX file: every row is checked before anything is sent, up to ${String(EXPRESS_INTAKE_MAX_ITEMS)} at a time.`}
        >
          <ExpressBulkIntake />
        </IntakeSection>
      ) : null}
    </>
  );
}
