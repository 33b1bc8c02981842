import type {
  OceanIntakeItem,
  OceanIntakeOutcome,
} from '@tracklane/shared/ocean-shipments/ocean-shipments.schema';
import { carrierByScac, inferCarrierFromMbl } from '@tracklane/shared/tracking/carriers';
import { checkContainerNumber, checkMblNumber } from '@tracklane/shared/validation/container-number';
import type { AppContext } from '../../app-context';
import { oceanShipments } from '../../db/schema/tracking';
import type { Tenant } from '../organizations/selection';
import { describeQuotaFollow, followWithinQuota } from '../billing/shipment-quota';
import type { Subscriptions } from '../tracking/follow.service';

/** The API and bulk callers name the carrier by SCAC: there is no list to choose from. */
const CARRIER_NOT_TOLD =
  'The carrier cannot be told from this bill of lading number: give its SCAC, e.g. MSCU';

interface Accepted {
  index: number;
  containerNo: string;
  mblNo: string;
  carrierScac: string;
}

/** Normalises and checks one row: ISO 6346 container, bill of lading, and a carrier given or inferred. */
export function validateIntakeItem(
  item: OceanIntakeItem,
):
  | { ok: true; value: Omit<Accepted, 'index'> }
  | { ok: false; message: string; containerNo: string; mblNo: string } {
  const container = checkContainerNumber(item.containerNo);
  const mbl = checkMblNumber(item.mblNo);
  if (!container.valid)
    return { ok: false, message: container.message, containerNo: container.value, mblNo: mbl.value };
  if (!mbl.valid) return { ok: false, message: mbl.message, containerNo: container.value, mblNo: mbl.value };
  const chosen = item.carrierScac?.trim() ? carrierByScac(item.carrierScac.trim()) : undefined;
  if (item.carrierScac?.trim() && !chosen) {
    return {
      ok: false,
      message: `Unknown carrier ${item.carrierScac.trim().toUpperCase()}: use a SCAC such as MSCU, or leave it empty`,
      containerNo: container.value,
      mblNo: mbl.value,
    };
  }
  const carrier = chosen ?? inferCarrierFromMbl(mbl.value);
  if (!carrier) {
    return {
      ok: false,
      message: CARRIER_NOT_TOLD,
      containerNo: container.value,
      mblNo: mbl.value,
    };
  }
  return { ok: true, value: { containerNo: container.value, mblNo: mbl.value, carrierScac: carrier.scac } };
}

/** Ocean subscriptions copy the container, bill of lading and carrier of their tracked item. */
export const oceanSubscriptions: Subscriptions = {
  mode: 'ocean',
  table: oceanShipments,
  identity: (item) => ({ containerNo: item.trackingNo, mblNo: item.reference, carrierScac: item.carrier }),
};

/**
 * Adds ocean shipments to the workspace, one answer per row: created, already tracked, or refused with
 * the reason. A container already followed by another workspace is not fetched again; a new one is
 * queued for its first check at once. New active shipments stay within the organization's plan quota
 * (a row beyond it is refused with the reason). Whether the user may add shipments is the route's access level
 * (`shipments:change`), checked before this runs.
 */
export async function createOceanShipments(
  ctx: AppContext,
  tenant: Tenant,
  items: OceanIntakeItem[],
): Promise<OceanIntakeOutcome[]> {
  const outcomes: OceanIntakeOutcome[] = [];
  const accepted: Accepted[] = [];
  items.forEach((item, index) => {
    const checked = validateIntakeItem(item);
    if (checked.ok) accepted.push({ index, ...checked.value });
    else
      outcomes[index] = {
        containerNo: checked.containerNo,
        mblNo: checked.mblNo,
        carrierScac: null,
        outcome: 'refused',
        message: checked.message,
        shipmentOverallId: null,
      };
  });
  const results = await followWithinQuota(
    ctx,
    tenant,
    oceanSubscriptions,
    accepted.map((a) => ({ trackingNo: a.containerNo, reference: a.mblNo, carrier: a.carrierScac })),
  );
  accepted.forEach(({ index, containerNo, mblNo, carrierScac }, i) => {
    const { outcome, message, subscriptionId } = describeQuotaFollow(results[i]!);
    outcomes[index] = {
      containerNo,
      mblNo,
      carrierScac,
      outcome,
      message,
      shipmentOverallId: subscriptionId,
    };
  });
  return outcomes;
}
