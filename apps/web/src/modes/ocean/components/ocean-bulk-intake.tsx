import { Anchor } from '@mantine/core';
import {
  OCEAN_INTAKE_MAX_ITEMS,
  type OceanIntakeOutcome,
} from '@tracklane/shared/tracking/ocean/ocean-shipments.schema';
import { Link } from 'react-router';
import { useCustomFieldImport } from '../../../components/use-custom-field-import';
import { BulkIntake } from '../../../components/bulk-intake';
import {
  PreviewCarrier,
  referencesPreviewColumn,
  type PreviewColumn,
} from '../../../components/bulk-preview-table';
import { OCEAN_PATHS } from '../paths';
import { useCreateOceanShipments } from '../api/create-ocean-shipments';
import { parseBulkText, type BulkRow } from '../utils/bulk-parser';
import { carrierLabel, shortCarrierName } from '../utils/carriers';
import { billListHref } from '../utils/detail-href';

const PASTE = {
  label: 'Paste shipments',
  description:
    'One per line: container, MBL and optionally the carrier, separated by tabs, commas, semicolons or spaces. A bill of lading alone ("bl MEDU…", or the number by itself) or a booking alone ("booking 241100123 MAEU") adds every container the carrier names on it. Copying from a spreadsheet works.',
  placeholder: `MSCU1234566, MEDUXY123456
MRKU2345672\tMAEU241100123
TGHU3456784; ABCD5566778; HLCU
bl MEDU7788990
booking 241100456 MAEU`,
};

/** What a checked row follows, as the preview says it. */
const referenceOf = (row: BulkRow) => {
  if (!row.check.valid) return row.mblInput || (row.bookingInput ? `Booking ${row.bookingInput}` : '-');
  const { item } = row.check;
  return item.bookingNo ? `Booking ${item.bookingNo}` : (item.mblNo ?? '-');
};

const PREVIEW_COLUMNS: PreviewColumn<BulkRow>[] = [
  {
    label: 'Container',
    mono: true,
    cell: (row) =>
      row.check.valid
        ? row.check.target.kind === 'bill'
          ? 'All on it'
          : (row.check.item.containerNo ?? '-')
        : row.containerInput || '-',
  },
  { label: 'MBL or booking', mono: true, cell: referenceOf },
  {
    label: 'Carrier',
    cell: (row) => (
      <PreviewCarrier
        carrier={row.check.valid ? shortCarrierName(row.check.carrier.name) : null}
        detected={row.check.valid && row.check.inferred}
        written={row.carrierInput}
      />
    ),
  },
  referencesPreviewColumn((row) => (row.check.valid ? row.check.item.references : undefined)),
];

const customValuesOf = (row: BulkRow) => (row.check.valid ? row.check.item.customFields : undefined);

const errorOf = (row: BulkRow) => (row.check.valid ? null : row.check.message);

interface OceanBulkIntakeProps {
  detailHref: (shipment: { containerNo: string; mblNo: string }) => string;
}

/**
 * Many shipments at once: per row a container with its MBL, or a bill of lading or booking alone, and
 * optionally the carrier.
 */
export function OceanBulkIntake({ detailHref }: OceanBulkIntakeProps) {
  const create = useCreateOceanShipments();
  const columns = useCustomFieldImport(parseBulkText, PREVIEW_COLUMNS, customValuesOf);
  const outcomeColumns: PreviewColumn<OceanIntakeOutcome>[] = [
    {
      label: 'Container',
      mono: true,
      cell: (outcome) => {
        if (outcome.kind === 'bill')
          return outcome.billId ? (
            <Anchor component={Link} to={billListHref(outcome.billId)} inherit>
              All on it
            </Anchor>
          ) : (
            '-'
          );
        return outcome.outcome === 'refused' ? (
          outcome.containerNo
        ) : (
          <Anchor component={Link} to={detailHref(outcome)} inherit>
            {outcome.containerNo}
          </Anchor>
        );
      },
    },
    {
      label: 'MBL or booking',
      mono: true,
      cell: (outcome) => (outcome.bookingNo ? `Booking ${outcome.bookingNo}` : outcome.mblNo),
    },
    { label: 'Carrier', cell: (outcome) => (outcome.carrierScac ? carrierLabel(outcome.carrierScac) : '-') },
  ];
  return (
    <BulkIntake
      parse={columns.parse}
      submit={(ready) => create.mutateAsync(ready.map((row) => row.item))}
      submitting={create.isPending}
      maxItems={OCEAN_INTAKE_MAX_ITEMS}
      previewColumns={columns.previewColumns}
      notice={columns.notice}
      errorOf={errorOf}
      outcomeColumns={outcomeColumns}
      listHref={OCEAN_PATHS.lists.active}
      paste={PASTE}
      fileColumns="container, MBL, booking, carrier (a row without a container follows its bill or booking alone), and your references if you like: customer ref, PO, shipper, consignee, customer, forwarder; and your custom fields, each by its name"
    />
  );
}
