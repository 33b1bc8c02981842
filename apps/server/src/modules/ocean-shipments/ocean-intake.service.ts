import { BILLING_MESSAGES } from '@tracklane/shared/billing/billing.schema';
import {
  checkOceanIntake,
  OCEAN_INTAKE_MESSAGES,
  type BillKind,
} from '@tracklane/shared/tracking/ocean/ocean-bills';
import type {
  OceanIntakeItem,
  OceanIntakeOutcome,
} from '@tracklane/shared/tracking/ocean/ocean-shipments.schema';
import { carrierByScac, inferCarrierFromMbl } from '@tracklane/shared/tracking/ocean/carriers';
import type { AppContext } from '../../app-context';
import { joinTransaction, withTransaction } from '../../lib/transaction';
import { activeShipmentUsage } from '../billing/entitlements';
import { describeQuotaFollow, followWithinQuota } from '../billing/shipment-quota';
import { lockOrganization } from '../organizations/organizations.service';
import type { Tenant } from '../../tenancy/tenant';
import { followBills, type BillFollowResult } from './bill-follow.service';
import { oceanSubscriptions } from './ocean-subscriptions';
import { oceanShipments } from '../../db/schema/tracking';
import { applyIntakeReferences } from '../references/references.service';
import {
  applyIntakeCustomValues,
  checkIntakeCustomValues,
  type CheckedValues,
} from '../custom-fields/custom-field-values.service';

/** The API and bulk callers name the carrier by SCAC: there is no list to choose from. */
const CARRIER_NOT_TOLD =
  'The carrier cannot be told from this bill of lading number: give its SCAC, e.g. MSCU';

/** A row that passed its checks: a container on its bill, or a bill of lading or booking alone. */
export type CheckedIntake =
  | { kind: 'container'; containerNo: string; mblNo: string; carrierScac: string }
  | { kind: 'bill'; billKind: BillKind; reference: string; carrierScac: string };

/**
 * Normalises and checks one row: a container (ISO 6346) on its bill of lading, a bill of lading alone
 * or a booking alone (ADR 0037), and a carrier given or told from the bill's prefix.
 */
export function validateOceanItem(
  item: OceanIntakeItem,
):
  | { ok: true; value: CheckedIntake }
  | { ok: false; message: string; containerNo: string; mblNo: string; bookingNo: string } {
  const checked = checkOceanIntake(item);
  if (!checked.ok) return checked;
  const refuse = (message: string) => ({
    ok: false as const,
    message,
    containerNo: checked.kind === 'container' ? checked.containerNo : '',
    mblNo: checked.kind === 'container' ? checked.mblNo : checked.billKind === 'bl' ? checked.reference : '',
    bookingNo: checked.kind === 'bill' && checked.billKind === 'booking' ? checked.reference : '',
  });
  const given = item.carrierScac?.trim();
  const chosen = given ? carrierByScac(given) : undefined;
  if (given && !chosen)
    return refuse(`Unknown carrier ${given.toUpperCase()}: use a SCAC such as MSCU, or leave it empty`);
  const reference = checked.kind === 'container' ? checked.mblNo : checked.reference;
  const carrier = chosen ?? inferCarrierFromMbl(reference);
  if (!carrier)
    return refuse(
      checked.kind === 'bill' && checked.billKind === 'booking'
        ? OCEAN_INTAKE_MESSAGES.bookingCarrier
        : CARRIER_NOT_TOLD,
    );
  return checked.kind === 'container'
    ? {
        ok: true,
        value: {
          kind: 'container',
          containerNo: checked.containerNo,
          mblNo: checked.mblNo,
          carrierScac: carrier.scac,
        },
      }
    : {
        ok: true,
        value: {
          kind: 'bill',
          billKind: checked.billKind,
          reference: checked.reference,
          carrierScac: carrier.scac,
        },
      };
}

function describeBillFollow(
  result: BillFollowResult,
): Pick<OceanIntakeOutcome, 'outcome' | 'message' | 'billId'> {
  switch (result.outcome) {
    case 'created':
      return { outcome: 'created', message: null, billId: result.billId };
    case 'already_tracked':
      return { outcome: 'already_tracked', message: 'Already tracked', billId: result.billId };
    case 'duplicate':
      return { outcome: 'refused', message: 'Listed twice in this request', billId: null };
  }
}

/**
 * Adds ocean shipments to the workspace, one answer per row: created, already tracked, or refused with
 * the reason. A container already followed by another workspace is not fetched again; a new one is
 * queued for its first check at once. A bill of lading or booking alone is followed (ADR 0037): its
 * containers are added as the carrier names them. New active shipments stay within the organization's
 * plan quota (a row beyond it is refused with the reason; a bill is refused when no room is left at
 * all). References and custom field values given with a container are set on its shipment, new or
 * already tracked (a bad value, or another workspace's field, refuses the row with the reason); a
 * bill or booking alone takes none (refused). One transaction. Whether the user may add shipments is the route's access level
 * (`shipments:change`), checked before this runs.
 */
export async function createOceanShipments(
  ctx: AppContext,
  tenant: Tenant,
  items: OceanIntakeItem[],
): Promise<OceanIntakeOutcome[]> {
  const outcomes: OceanIntakeOutcome[] = [];
  const containers: { index: number; value: Extract<CheckedIntake, { kind: 'container' }> }[] = [];
  const bills: { index: number; value: Extract<CheckedIntake, { kind: 'bill' }> }[] = [];
  items.forEach((item, index) => {
    const checked = validateOceanItem(item);
    if (!checked.ok)
      outcomes[index] = {
        kind: checked.containerNo || !(checked.mblNo || checked.bookingNo) ? 'container' : 'bill',
        containerNo: checked.containerNo,
        mblNo: checked.mblNo,
        bookingNo: checked.bookingNo,
        carrierScac: null,
        outcome: 'refused',
        message: checked.message,
        shipmentOverallId: null,
        billId: null,
      };
    else if (checked.value.kind === 'container') containers.push({ index, value: checked.value });
    else bills.push({ index, value: checked.value });
  });
  await withTransaction(ctx.pool, async (t) => {
    const values = await checkIntakeCustomValues(
      t.tx,
      tenant.workspaceId,
      containers.map(({ index }) => items[index]!.customFields),
    );
    const following: ((typeof containers)[number] & { checked: CheckedValues })[] = [];
    containers.forEach((row, i) => {
      const checked = values[i]!;
      if (checked.ok) following.push({ ...row, checked: checked.checked });
      else
        outcomes[row.index] = {
          kind: 'container',
          containerNo: row.value.containerNo,
          mblNo: row.value.mblNo,
          bookingNo: '',
          carrierScac: row.value.carrierScac,
          outcome: 'refused',
          message: checked.message,
          shipmentOverallId: null,
          billId: null,
        };
    });
    const results = await followWithinQuota(
      { ...ctx, pool: joinTransaction(t) },
      tenant,
      oceanSubscriptions,
      following.map(({ value: c }) => ({
        trackingNo: c.containerNo,
        reference: c.mblNo,
        carrier: c.carrierScac,
      })),
    );
    const ids = results.map((result) => describeQuotaFollow(result).subscriptionId);
    await applyIntakeReferences(
      t.tx,
      tenant.workspaceId,
      oceanShipments,
      following.map(({ index }, i) => ({ subscriptionId: ids[i]!, references: items[index]!.references })),
    );
    await applyIntakeCustomValues(
      t.tx,
      tenant.workspaceId,
      oceanShipments,
      following.map(({ checked }, i) => ({ subscriptionId: ids[i]!, checked })),
    );
    following.forEach(({ index, value }, i) => {
      const { outcome, message, subscriptionId } = describeQuotaFollow(results[i]!);
      outcomes[index] = {
        kind: 'container',
        containerNo: value.containerNo,
        mblNo: value.mblNo,
        bookingNo: '',
        carrierScac: value.carrierScac,
        outcome,
        message,
        shipmentOverallId: subscriptionId,
        billId: null,
      };
    });
    if (bills.length === 0) return;
    // A bill adds active shipments as the carrier names its containers: none can be added without room.
    const organization = await lockOrganization(t.tx, tenant.organizationId);
    const full = (await activeShipmentUsage(t.tx, tenant.organizationId)) >= organization.shipmentQuota;
    const followed = full
      ? null
      : await followBills(
          t,
          ctx,
          tenant,
          bills.map(({ value: b }) => ({ kind: b.billKind, reference: b.reference, carrier: b.carrierScac })),
        );
    bills.forEach(({ index, value }, i) => {
      outcomes[index] = {
        kind: 'bill',
        containerNo: '',
        mblNo: value.billKind === 'bl' ? value.reference : '',
        bookingNo: value.billKind === 'booking' ? value.reference : '',
        carrierScac: value.carrierScac,
        shipmentOverallId: null,
        ...(followed
          ? describeBillFollow(followed[i]!)
          : {
              outcome: 'refused' as const,
              message: BILLING_MESSAGES.quotaReached(organization.shipmentQuota),
              billId: null,
            }),
      };
    });
  });
  return outcomes;
}
