import type { IntakeReferences } from '@tracklane/shared/references/references.schema';
import type { CustomFieldValue } from '@tracklane/shared/custom-fields/custom-field-values';
import { checkOceanIntake, type BillKind } from '@tracklane/shared/tracking/ocean/ocean-bills';
import type { OceanIntakeItem } from '@tracklane/shared/tracking/ocean/ocean-shipments.schema';
import { inferCarrierFromMbl, type OceanCarrier } from '@tracklane/shared/tracking/ocean/carriers';
import { resolveCarrier } from './carriers';

/** The single form's words: it has a list of carriers to choose from. */
export const CARRIER_REQUIRED_MESSAGE =
  'The carrier cannot be told from this bill of lading number: choose it from the list';
export const BOOKING_CARRIER_REQUIRED_MESSAGE =
  'The carrier cannot be told from this booking number: choose it from the list';
/** A pasted or uploaded row's words: its carrier goes in the third column. */
export const BULK_CARRIER_REQUIRED_MESSAGE =
  'The carrier cannot be told from this bill of lading number: add its SCAC, e.g. MSCU, as a third column';
/** A booking row's words: "booking 241100123 MAEU". */
export const BULK_BOOKING_CARRIER_REQUIRED_MESSAGE =
  'The carrier cannot be told from this booking number: add its SCAC after it, e.g. booking 241100123 MAEU';

/** What a row follows: a container on its bill, or a bill of lading or booking alone (ADR 0037). */
export type RowTarget = { kind: 'container' } | { kind: 'bill'; billKind: BillKind; reference: string };

export type CheckedRow =
  | { valid: true; item: OceanIntakeItem; target: RowTarget; carrier: OceanCarrier; inferred: boolean }
  | { valid: false; containerNo: string; mblNo: string; bookingNo: string; message: string };

/** What the row says, as typed: a container, a bill of lading, a booking, a carrier (any may be empty). */
export interface RowInput {
  container: string;
  mbl: string;
  booking?: string;
  carrier?: string;
  /** The workspace's references from the row's reference columns. */
  references?: IntakeReferences | undefined;
  /** The workspace's custom field values from the row's custom field columns, by field id. */
  customFields?: Record<string, CustomFieldValue> | undefined;
}

/**
 * The checks the server runs on each row (a container on its bill of lading, ISO 6346 down to the check
 * digit; or a bill of lading or booking alone; a carrier given or told from the bill's prefix), run
 * before sending so that every problem shows next to its row. The carrier may be a SCAC or a name.
 */
export function checkIntakeRow(
  input: RowInput,
  messages: { carrier: string; bookingCarrier: string } = {
    carrier: BULK_CARRIER_REQUIRED_MESSAGE,
    bookingCarrier: BULK_BOOKING_CARRIER_REQUIRED_MESSAGE,
  },
): CheckedRow {
  const checked = checkOceanIntake({
    containerNo: input.container,
    mblNo: input.mbl,
    bookingNo: input.booking,
    references: input.references,
    customFields: input.customFields,
  });
  if (!checked.ok)
    return {
      valid: false,
      containerNo: checked.containerNo,
      mblNo: checked.mblNo,
      bookingNo: checked.bookingNo,
      message: checked.message,
    };
  const invalid = (message: string): CheckedRow =>
    checked.kind === 'container'
      ? { valid: false, containerNo: checked.containerNo, mblNo: checked.mblNo, bookingNo: '', message }
      : {
          valid: false,
          containerNo: '',
          mblNo: checked.billKind === 'bl' ? checked.reference : '',
          bookingNo: checked.billKind === 'booking' ? checked.reference : '',
          message,
        };
  const given = (input.carrier ?? '').trim();
  const chosen = given ? resolveCarrier(given) : undefined;
  if (given && !chosen)
    return invalid(`Unknown carrier ${given}: use a SCAC such as MSCU, or leave it empty`);
  const reference = checked.kind === 'container' ? checked.mblNo : checked.reference;
  const resolved = chosen ?? inferCarrierFromMbl(reference);
  if (!resolved)
    return invalid(
      checked.kind === 'bill' && checked.billKind === 'booking' ? messages.bookingCarrier : messages.carrier,
    );
  if (checked.kind === 'container')
    return {
      valid: true,
      item: {
        containerNo: checked.containerNo,
        mblNo: checked.mblNo,
        carrierScac: resolved.scac,
        ...(input.references ? { references: input.references } : {}),
        ...(input.customFields ? { customFields: input.customFields } : {}),
      },
      target: { kind: 'container' },
      carrier: resolved,
      inferred: !chosen,
    };
  return {
    valid: true,
    item:
      checked.billKind === 'bl'
        ? { mblNo: checked.reference, carrierScac: resolved.scac }
        : { bookingNo: checked.reference, carrierScac: resolved.scac },
    target: { kind: 'bill', billKind: checked.billKind, reference: checked.reference },
    carrier: resolved,
    inferred: !chosen,
  };
}

/** Two rows asking for the same thing (a container on a bill, a bill, a booking) have the same key. */
export function intakeKey(item: OceanIntakeItem): string {
  if (item.containerNo) return `container|${item.containerNo}|${item.mblNo ?? ''}`;
  return item.bookingNo ? `booking|${item.bookingNo}` : `bl|${item.mblNo ?? ''}`;
}
