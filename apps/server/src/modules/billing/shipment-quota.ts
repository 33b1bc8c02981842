import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { AppContext } from '../../app-context';
import { trackedItems } from '../../db/schema/tracking';
import { AppError } from '../../lib/app-error';
import type { Database } from '../../db/client';
import { joinTransaction, withTransaction } from '../../lib/transaction';
import { lockOrganization } from '../organizations/organizations.service';
import { emitShipmentEvents } from '../webhooks/shipment-webhooks';
import type { Tenant } from '../organizations/selection';
import { BILLING_MESSAGES } from '@tracklane/shared/billing/billing.schema';
import {
  describeFollow,
  followItems,
  type Follower,
  type FollowResult,
  type ItemKey,
  type Subscriptions,
} from '../tracking/follow.service';
import { activeShipmentUsage } from './entitlements';
import { isUuid } from '@tracklane/shared/validation/database-ranges';
import { publishShipmentsChanged } from '../live-pages/live-publish';

export type QuotaFollowResult = FollowResult | { outcome: 'over_quota'; quota: number };

const keyOf = (k: ItemKey) => `${k.trackingNo}|${k.reference}|${k.carrier}`;

/** How intake answers a row beyond the quota, in the same words for every mode. */
export function describeQuotaFollow(result: QuotaFollowResult): ReturnType<typeof describeFollow> {
  if (result.outcome === 'over_quota')
    return { outcome: 'refused', message: BILLING_MESSAGES.quotaReached(result.quota), subscriptionId: null };
  return describeFollow(result);
}

/**
 * Follows the items as {@link followItems} does, within the organization's quota of active shipments
 * (both modes, every workspace). The organization row stays locked from the count to the inserts, so
 * concurrent intakes (and invitations) take turns and never overshoot together. A row that would make
 * a new active shipment beyond the quota is answered `over_quota`; rows already followed in this
 * workspace never count.
 */
export async function followWithinQuota(
  ctx: Pick<AppContext, 'pool' | 'tracking' | 'jobs'>,
  tenant: Follower,
  subscriptions: Subscriptions,
  keys: ItemKey[],
  /** Columns every new subscription gets besides its item's (followItems). */
  columns: Record<string, unknown> = {},
): Promise<QuotaFollowResult[]> {
  if (keys.length === 0) return [];
  return withTransaction(ctx.pool, async (t) => {
    const organization = await lockOrganization(t.tx, tenant.organizationId);
    const { mode, table } = subscriptions;
    const unique = [...new Map(keys.map((k) => [keyOf(k), k])).values()];
    const followed = await t.tx
      .select({
        trackingNo: trackedItems.trackingNo,
        reference: trackedItems.reference,
        carrier: trackedItems.carrier,
      })
      .from(table)
      .innerJoin(trackedItems, eq(trackedItems.id, table.itemId))
      .where(
        and(
          eq(table.workspaceId, tenant.workspaceId),
          eq(trackedItems.mode, mode),
          sql`(${trackedItems.trackingNo}, ${trackedItems.reference}, ${trackedItems.carrier}) IN (${sql.join(
            unique.map((k) => sql`(${k.trackingNo}, ${k.reference}, ${k.carrier})`),
            sql`, `,
          )})`,
        ),
      );
    const alreadyHere = new Set(followed.map(keyOf));
    let room = organization.shipmentQuota - (await activeShipmentUsage(t.tx, tenant.organizationId));
    const taken = new Set<string>();
    const allowed: number[] = [];
    keys.forEach((k, index) => {
      const key = keyOf(k);
      if (alreadyHere.has(key) || taken.has(key)) {
        allowed.push(index);
        return;
      }
      if (room > 0) {
        room -= 1;
        taken.add(key);
        allowed.push(index);
      }
    });
    const results = await followItems(
      { ...ctx, pool: joinTransaction(t) },
      tenant,
      subscriptions,
      allowed.map((i) => keys[i]!),
      columns,
    );
    // Webhooks hear of the new shipments in the transaction that made them.
    await emitShipmentEvents(
      t.tx,
      mode,
      'shipment.added',
      tenant.workspaceId,
      results.flatMap((r) => (r.outcome === 'created' ? [r.subscriptionId] : [])),
    );
    // A colleague's open list and dashboard show the new shipments.
    await publishShipmentsChanged(
      t.tx,
      tenant.workspaceId,
      results.flatMap((r) => (r.outcome === 'created' ? [r.subscriptionId] : [])),
    );
    const byIndex = new Map(allowed.map((i, n) => [i, results[n]!]));
    return keys.map(
      (_, index) => byIndex.get(index) ?? { outcome: 'over_quota', quota: organization.shipmentQuota },
    );
  });
}

/**
 * Refuses to move shipments back from the archive beyond the quota: those that would become active
 * again (archived, not completed) are counted with the organization row locked until the caller's
 * transaction ends, so concurrent moves take turns.
 */
export async function assertRestoreFitsQuota(
  tx: Database,
  tenant: Pick<Tenant, 'organizationId' | 'workspaceId'>,
  table: Subscriptions['table'],
  ids: string[],
): Promise<void> {
  const organization = await lockOrganization(tx, tenant.organizationId);
  const valid = ids.filter(isUuid);
  if (valid.length === 0) return;
  const [returning] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(table)
    .where(
      and(
        eq(table.workspaceId, tenant.workspaceId),
        inArray(table.id, valid),
        eq(table.archived, true),
        ne(table.state, 'completed'),
      ),
    );
  const n = returning?.n ?? 0;
  if (n === 0) return;
  const usage = await activeShipmentUsage(tx, tenant.organizationId);
  if (usage + n > organization.shipmentQuota)
    throw new AppError('CONFLICT', BILLING_MESSAGES.restoreOverQuota(organization.shipmentQuota, usage));
}
