import { and, eq, inArray, sql } from 'drizzle-orm';
import type { TrackingMode } from '@tracklane/shared/tracking/tracking-modes';
import type { AppContext } from '../../app-context';
import { type expressShipments, type oceanShipments, trackedItems } from '../../db/schema/tracking';
import { QUEUES } from '../../jobs/queue';
import { withTransaction } from '../../lib/transaction';
import type { Tenant } from '../organizations/selection';
import { copyToSubscriptions } from './refresh.service';
import type { TrackedItem } from './tracking-mode';
import { REFRESH_BATCH, refreshJob } from './tracking.jobs';

/** What identifies a tracked item within its mode. */
export interface ItemKey {
  trackingNo: string;
  reference: string;
  carrier: string;
}

/** A mode's subscription table and the identifying columns a new subscription copies from its item. */
export interface Subscriptions {
  mode: TrackingMode;
  table: typeof oceanShipments | typeof expressShipments;
  identity(item: TrackedItem): Record<string, string>;
}

export type FollowResult =
  | { outcome: 'created'; subscriptionId: string }
  | { outcome: 'already_tracked'; subscriptionId: string | null; archived: boolean }
  /** The same item earlier in the same request. */
  | { outcome: 'duplicate' };

const keyOf = (k: ItemKey) => `${k.trackingNo}|${k.reference}|${k.carrier}`;

/**
 * Makes the tenant's workspace follow these items (one answer per key, in order), in one transaction:
 * an item nobody tracks yet is created and queued for its first check at once; an item other
 * workspaces already follow is not fetched again and brings what is known about it. Whether the user
 * may add shipments is the route's access level, checked before this runs.
 */
export async function followItems(
  ctx: AppContext,
  tenant: Tenant,
  subscriptions: Subscriptions,
  keys: ItemKey[],
): Promise<FollowResult[]> {
  const { mode, table } = subscriptions;
  const unique = [...new Map(keys.map((k) => [keyOf(k), k])).values()];
  if (unique.length === 0) return [];
  return withTransaction(ctx.pool, async ({ tx, client }) => {
    const fresh = await tx
      .insert(trackedItems)
      .values(unique.map((k) => ({ mode, ...k })))
      .onConflictDoNothing()
      .returning({ id: trackedItems.id });
    const items = await tx
      .select()
      .from(trackedItems)
      .where(
        and(
          eq(trackedItems.mode, mode),
          sql`(${trackedItems.trackingNo}, ${trackedItems.reference}, ${trackedItems.carrier}) IN (${sql.join(
            unique.map((k) => sql`(${k.trackingNo}, ${k.reference}, ${k.carrier})`),
            sql`, `,
          )})`,
        ),
      );
    const byKey = new Map(items.map((item) => [keyOf(item), item]));
    const existing = await tx
      .select({ itemId: table.itemId, id: table.id, archived: table.archived })
      .from(table)
      .where(
        and(
          eq(table.workspaceId, tenant.workspaceId),
          inArray(
            table.itemId,
            items.map((item) => item.id),
          ),
        ),
      );
    const followed = new Map(existing.map((e) => [e.itemId, e]));
    const toFollow = items.filter((item) => !followed.has(item.id));
    const created = toFollow.length
      ? await tx
          .insert(table)
          .values(
            toFollow.map((item) => ({
              workspaceId: tenant.workspaceId,
              itemId: item.id,
              createdBy: tenant.userId,
              state: item.state,
              ...subscriptions.identity(item),
            })) as (typeof oceanShipments.$inferInsert)[],
          )
          .onConflictDoNothing()
          .returning({ id: table.id, itemId: table.itemId })
      : [];
    const createdByItem = new Map(created.map((c) => [c.itemId, c.id]));
    await copyToSubscriptions(
      tx,
      ctx.tracking.modes,
      items.filter((item) => item.derived && createdByItem.has(item.id)),
    );
    for (let i = 0; i < fresh.length; i += REFRESH_BATCH) {
      const batch = fresh.slice(i, i + REFRESH_BATCH).map((item) => item.id);
      await ctx.jobs.send(QUEUES.trackingRefresh, refreshJob(batch), { client });
    }

    const answered = new Set<string>();
    return keys.map((k): FollowResult => {
      const key = keyOf(k);
      if (answered.has(key)) return { outcome: 'duplicate' };
      answered.add(key);
      const item = byKey.get(key)!;
      const createdId = createdByItem.get(item.id);
      if (createdId) return { outcome: 'created', subscriptionId: createdId };
      // (Not in `followed` only when a concurrent request made the subscription a moment ago.)
      const already = followed.get(item.id);
      return {
        outcome: 'already_tracked',
        subscriptionId: already?.id ?? null,
        archived: already?.archived ?? false,
      };
    });
  });
}

/** A follow result as intake answers it to users, the same words for every mode. */
export function describeFollow(result: FollowResult): {
  outcome: 'created' | 'already_tracked' | 'refused';
  message: string | null;
  subscriptionId: string | null;
} {
  switch (result.outcome) {
    case 'created':
      return { outcome: 'created', message: null, subscriptionId: result.subscriptionId };
    case 'duplicate':
      return { outcome: 'refused', message: 'Listed twice in this request', subscriptionId: null };
    case 'already_tracked':
      return {
        outcome: 'already_tracked',
        message: result.archived ? 'Already tracked, in the archived list' : 'Already tracked',
        subscriptionId: result.subscriptionId,
      };
  }
}
