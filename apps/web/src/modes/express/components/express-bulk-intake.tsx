import { Anchor, Text } from '@mantine/core';
import {
  EXPRESS_INTAKE_MAX_ITEMS,
  type ExpressIntakeOutcome,
} from '@tracklane/shared/tracking/express/express-shipments.schema';
import { Link } from 'react-router';
import { useCustomFieldImport } from '../../../components/use-custom-field-import';
import { BulkIntake } from '../../../components/bulk-intake';
import {
  PreviewCarrier,
  referencesPreviewColumn,
  type PreviewColumn,
} from '../../../components/bulk-preview-table';
import { EXPRESS_PATHS, expressDetailPath } from '../paths';
import { useCreateExpressShipments } from '../api/create-express-shipments';
import { parseExpressBulkText, type ExpressBulkRow } from '../utils/bulk-parser';
import { parcelCarrierLabel } from '../utils/carriers';

const PASTE = {
  label: 'Paste tracking numbers',
  description:
    'One per line, optionally followed by the carrier (its name or code), separated by a tab, comma, semicolon or space. Copying from a spreadsheet works.',
  placeholder: `1Z5R89390357567127
794616896420, FedEx
9400 1118 9922 3344 5566 77; usps`,
};

const PREVIEW_COLUMNS: PreviewColumn<ExpressBulkRow>[] = [
  {
    label: 'Tracking number',
    mono: true,
    cell: (row) => (row.check.valid ? row.check.item.trackingNo : row.trackingInput || '-'),
  },
  {
    label: 'Carrier',
    cell: (row) => (
      <PreviewCarrier
        carrier={row.check.valid ? parcelCarrierLabel(row.check.item.carrier) : null}
        detected={row.check.valid && row.check.detected}
        written={row.carrierInput}
      />
    ),
  },
  {
    label: 'Service',
    cell: (row) =>
      row.check.valid && row.check.service ? (
        <Text span size="sm" c="gray.7" style={{ whiteSpace: 'nowrap' }}>
          {row.check.service}
        </Text>
      ) : (
        '-'
      ),
  },
  referencesPreviewColumn((row) => (row.check.valid ? row.check.item.references : undefined)),
];

const OUTCOME_COLUMNS: PreviewColumn<ExpressIntakeOutcome>[] = [
  {
    label: 'Tracking number',
    mono: true,
    cell: (outcome) =>
      outcome.expressOrderId ? (
        <Anchor component={Link} to={expressDetailPath(outcome.expressOrderId, outcome.trackingNo)} inherit>
          {outcome.trackingNo}
        </Anchor>
      ) : (
        outcome.trackingNo
      ),
  },
  { label: 'Carrier', cell: (outcome) => (outcome.carrier ? parcelCarrierLabel(outcome.carrier) : '-') },
];

const customValuesOf = (row: ExpressBulkRow) => (row.check.valid ? row.check.item.customFields : undefined);

const errorOf = (row: ExpressBulkRow) => (row.check.valid ? null : row.check.message);

/** Many parcels at once: a tracking number and optionally the carrier per row. */
export function ExpressBulkIntake() {
  const create = useCreateExpressShipments();
  const columns = useCustomFieldImport(parseExpressBulkText, PREVIEW_COLUMNS, customValuesOf);
  return (
    <BulkIntake
      parse={columns.parse}
      submit={(ready) => create.mutateAsync(ready.map((row) => row.item))}
      submitting={create.isPending}
      maxItems={EXPRESS_INTAKE_MAX_ITEMS}
      previewColumns={columns.previewColumns}
      notice={columns.notice}
      errorOf={errorOf}
      outcomeColumns={OUTCOME_COLUMNS}
      listHref={EXPRESS_PATHS.lists.active}
      paste={PASTE}
      fileColumns="tracking number, carrier (optional), and your references if you like: booking, customer ref, PO, shipper, consignee, customer, forwarder; and your custom fields, each by its name"
    />
  );
}
