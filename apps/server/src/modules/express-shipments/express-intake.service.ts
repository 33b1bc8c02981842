import type {
  ExpressIntakeItem,
  ExpressIntakeOutcome,
} from '@tracklane/shared/tracking/express/express-shipments.schema';
import { parcelCarrierByCode } from '@tracklane/shared/tracking/express/parcel-carriers';
import {
  normaliseParcelNumber,
  validateParcelNumberInput,
} from '@tracklane/shared/tracking/express/parcel-number';
import type { AppContext } from '../../app-context';
import type { Tenant } from '../../tenancy/tenant';
import { expressSubscriptions } from './express-subscriptions';
import { describeQuotaFollow, followWithinQuota } from '../billing/shipment-quota';
import { expressShipments } from '../../db/schema/tracking';
import { joinTransaction, withTransaction } from '../../lib/transaction';
import { applyIntakeReferences } from '../references/references.service';
import {
  applyIntakeCustomValues,
  checkIntakeCustomValues,
  type CheckedValues,
} from '../custom-fields/custom-field-values.service';

/**
 * Normalises and checks one row: a carrier chosen from the list, or told by the number's format; a
 * number that fits a format must have a valid check digit.
 */
export function validateExpressItem(
  item: ExpressIntakeItem,
): { ok: true; trackingNo: string; carrier: string } | { ok: false; trackingNo: string; message: string } {
  const chosen = item.carrier?.trim().toLowerCase();
  const carrier = chosen ? parcelCarrierByCode(chosen) : undefined;
  if (chosen && !carrier) {
    return {
      ok: false,
      trackingNo: normaliseParcelNumber(item.trackingNo),
      message: `Unknown carrier ${chosen}: use a carrier code such as ups, or leave it empty`,
    };
  }
  const check = validateParcelNumberInput(item.trackingNo, carrier?.code);
  return check.ok
    ? { ok: true, trackingNo: check.trackingNo, carrier: check.carrier }
    : { ok: false, trackingNo: check.trackingNo, message: check.message };
}

/**
 * Adds express shipments to the workspace, one answer per row: created, already tracked, or refused
 * with the reason. A parcel already followed by another workspace is not fetched again. New active shipments stay
 * within the organization's plan quota (a row beyond it is refused with the reason). References given
 * with a row are set on its shipment, new or already tracked, and so are its custom field values (a bad
 * value, or another workspace's field, refuses the row with the reason). One transaction. Whether the
 * user may add shipments is the route's access level (`shipments:change`), checked before this runs.
 */
export async function createExpressShipments(
  ctx: AppContext,
  tenant: Tenant,
  items: ExpressIntakeItem[],
): Promise<ExpressIntakeOutcome[]> {
  const outcomes: ExpressIntakeOutcome[] = [];
  const accepted: { index: number; trackingNo: string; carrier: string }[] = [];
  items.forEach((item, index) => {
    const checked = validateExpressItem(item);
    if (checked.ok) accepted.push({ index, trackingNo: checked.trackingNo, carrier: checked.carrier });
    else
      outcomes[index] = {
        trackingNo: checked.trackingNo,
        carrier: null,
        outcome: 'refused',
        message: checked.message,
        expressOrderId: null,
      };
  });
  const results = await withTransaction(ctx.pool, async (t) => {
    const values = await checkIntakeCustomValues(
      t.tx,
      tenant.workspaceId,
      accepted.map(({ index }) => items[index]!.customFields),
    );
    const following: ((typeof accepted)[number] & { checked: CheckedValues })[] = [];
    accepted.forEach((row, i) => {
      const checked = values[i]!;
      if (checked.ok) following.push({ ...row, checked: checked.checked });
      else
        outcomes[row.index] = {
          trackingNo: row.trackingNo,
          carrier: row.carrier,
          outcome: 'refused',
          message: checked.message,
          expressOrderId: null,
        };
    });
    const followed = await followWithinQuota(
      { ...ctx, pool: joinTransaction(t) },
      tenant,
      expressSubscriptions,
      following.map((a) => ({ trackingNo: a.trackingNo, reference: '', carrier: a.carrier })),
    );
    const ids = followed.map((result) => describeQuotaFollow(result).subscriptionId);
    await applyIntakeReferences(
      t.tx,
      tenant.workspaceId,
      expressShipments,
      following.map(({ index }, i) => ({ subscriptionId: ids[i]!, references: items[index]!.references })),
    );
    await applyIntakeCustomValues(
      t.tx,
      tenant.workspaceId,
      expressShipments,
      following.map(({ checked }, i) => ({ subscriptionId: ids[i]!, checked })),
    );
    return following.map((row, i) => ({ row, result: followed[i]! }));
  });
  for (const { row, result } of results) {
    const { outcome, message, subscriptionId } = describeQuotaFollow(result);
    outcomes[row.index] = {
      trackingNo: row.trackingNo,
      carrier: row.carrier,
      outcome,
      message,
      expressOrderId: subscriptionId,
    };
  }
  return outcomes;
}
