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
 * with a row are set on its shipment, new or already tracked. One transaction. Whether the
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
    const followed = await followWithinQuota(
      { ...ctx, pool: joinTransaction(t) },
      tenant,
      expressSubscriptions,
      accepted.map((a) => ({ trackingNo: a.trackingNo, reference: '', carrier: a.carrier })),
    );
    await applyIntakeReferences(
      t.tx,
      tenant.workspaceId,
      expressShipments,
      accepted.map(({ index }, i) => ({
        subscriptionId: describeQuotaFollow(followed[i]!).subscriptionId,
        references: items[index]!.references,
      })),
    );
    return followed;
  });
  accepted.forEach(({ index, trackingNo, carrier }, i) => {
    const { outcome, message, subscriptionId } = describeQuotaFollow(results[i]!);
    outcomes[index] = { trackingNo, carrier, outcome, message, expressOrderId: subscriptionId };
  });
  return outcomes;
}
