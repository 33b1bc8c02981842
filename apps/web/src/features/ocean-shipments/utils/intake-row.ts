import type { OceanIntakeItem } from '@tracklane/shared/ocean-shipments/ocean-shipments.schema';
import { inferCarrierFromMbl, type OceanCarrier } from '@tracklane/shared/tracking/carriers';
import { checkContainerNumber, checkMblNumber } from '@tracklane/shared/validation/container-number';
import { resolveCarrier } from './carriers';

/** The single form's words: it has a list of carriers to choose from. */
export const CARRIER_REQUIRED_MESSAGE =
  'The carrier cannot be told from this bill of lading number: choose it from the list';
/** A pasted or uploaded row's words: its carrier goes in the third column. */
export const BULK_CARRIER_REQUIRED_MESSAGE =
  'The carrier cannot be told from this bill of lading number: add its SCAC, e.g. MSCU, as a third column';

export type CheckedRow =
  | { valid: true; item: Required<OceanIntakeItem>; carrier: OceanCarrier; inferred: boolean }
  | { valid: false; containerNo: string; mblNo: string; message: string };

/**
 * The checks the server runs on each row (ISO 6346 container number, bill of lading, a carrier given
 * or told from the bill's prefix), run before sending so that every problem shows next to its row.
 * `carrier` is what the row says about the carrier: a SCAC, a name, or nothing.
 */
export function checkIntakeRow(containerInput: string, mblInput: string, carrier = ''): CheckedRow {
  const container = checkContainerNumber(containerInput);
  const mbl = checkMblNumber(mblInput);
  const invalid = (message: string): CheckedRow => ({
    valid: false,
    containerNo: container.value,
    mblNo: mbl.value,
    message,
  });
  if (!container.valid) return invalid(container.message);
  if (!mbl.valid) return invalid(mbl.message);

  const given = carrier.trim();
  const chosen = given ? resolveCarrier(given) : undefined;
  if (given && !chosen)
    return invalid(`Unknown carrier ${given}: use a SCAC such as MSCU, or leave it empty`);
  const resolved = chosen ?? inferCarrierFromMbl(mbl.value);
  if (!resolved) return invalid(BULK_CARRIER_REQUIRED_MESSAGE);
  return {
    valid: true,
    item: { containerNo: container.value, mblNo: mbl.value, carrierScac: resolved.scac },
    carrier: resolved,
    inferred: !chosen,
  };
}
