import { and, eq, inArray, sql } from 'drizzle-orm';
import type { TrackingMode } from '@tracklane/shared/tracking/tracking-modes';
import type { AppContext } from '../../app-context';
import { carrierConnections } from '../../db/schema/carrier-connections';
import { NO_ORGANIZATION, trackedItems } from '../../db/schema/tracking';
import { QUEUES } from '../../jobs/queue';
import { withTransaction } from '../../lib/transaction';
import type { Tenant } from '../../tenancy/tenant';
import { copyToSubscriptions, wakeItems } from './refresh.service';
import { routeCarriers, scopeColumns } from './routing';
import type { SubscriptionTable, TrackedItem } from './tracking-mode';
import { REFRESH_BATCH, refreshJob } from './tracking.jobs';
import { inOrganization, inWorkspace } from '../../tenancy/scope';

/** What identifies a tracked item within its mode. */
export interface ItemKey {
  trackingNo: string;
  reference: string;
  carrier: string;
  /** Ocean: what `reference` is, for a new item (ADR 0037); a bill of lading when left out. */
  referenceKind?: 'bl' | 'booking';
}

/** Who follows: a workspace of an organization, and the member who added it (null: no longer known). */
export type Follower = Pick<Tenant, 'organizationId' | 'workspaceId'> & { userId: string | null };

/** A mode's subscription table and the identifying columns a new subscription copies from its item. */
export interface Subscriptions {
  mode: TrackingMode;
  table: SubscriptionTable;
  identity(item: TrackedItem): Record<string, string>;
}

export type FollowResult =
  | { outcome: 'created'; subscriptionId: string }
  | { outcome: 'already_tracked'; subscriptionId: string | null; archived: boolean }
  /** The same item earlier in the same request. */
  | { outcome: 'duplicate' };

const keyOf = (k: ItemKey) => `${k.trackingNo}|${k.reference}|${k.carrier}`;

/** SQL: the tracked item has one of these identities (mode aside). */
function identityIn(keys: readonly ItemKey[]) {
  return sql`(${trackedItems.trackingNo}, ${trackedItems.reference}, ${trackedItems.carrier}) IN (${sql.join(
    keys.map((k) => sql`(${k.trackingNo}, ${k.reference}, ${k.carrier})`),
    sql`, `,
  )})`;
}

/**
 * Makes the tenant's workspace follow these items (one answer per key, in order), in one transaction.
 * A key the workspace already follows (under whichever scope) is answered as already tracked. The
 * others follow the item of the scope their carrier routes to for the organization (ADR 0035: its own
 * connection, else the operator's, else demo data where allowed, else none, which is never asked): an
 * item nobody follows yet is created and queued for its first check at once; an item others follow
 * is not fetched again and brings what is known about it. Whether the user may add shipments is the
 * route's access level, checked before this runs.
 */
export async function followItems(
  ctx: Pick<AppContext, 'pool' | 'tracking' | 'jobs'>,
  tenant: Follower,
  subscriptions: Subscriptions,
  keys: ItemKey[],
  /** Columns every new subscription gets besides its item's (an ocean shipment's bill). */
  columns: Record<string, unknown> = {},
): Promise<FollowResult[]> {
  const { mode, table } = subscriptions;
  const unique = [...new Map(keys.map((k) => [keyOf(k), k])).values()];
  if (unique.length === 0) return [];
  return withTransaction(ctx.pool, async ({ tx, client }) => {
    const existing = await tx
      .select({
        id: table.id,
        archived: table.archived,
        trackingNo: trackedItems.trackingNo,
        reference: trackedItems.reference,
        carrier: trackedItems.carrier,
      })
      .from(table)
      .innerJoin(trackedItems, eq(trackedItems.id, table.itemId))
      .where(and(inWorkspace(tenant, table), eq(trackedItems.mode, mode), identityIn(unique)));
    const followed = new Map(existing.map((e) => [keyOf(e), e]));
    const toAdd = unique.filter((k) => !followed.has(keyOf(k)));
    const scopes = await routeCarriers(
      tx,
      ctx.tracking,
      mode,
      tenant.organizationId,
      toAdd.map((k) => k.carrier),
    );
    const scoped = toAdd.map((k) => ({ ...k, ...scopeColumns(scopes.get(k.carrier)!) }));
    const fresh = scoped.length
      ? await tx
          .insert(trackedItems)
          .values(scoped.map((k) => ({ mode, ...k })))
          .onConflictDoNothing()
          .returning({ id: trackedItems.id, scope: trackedItems.scope })
      : [];
    const items = scoped.length
      ? await tx
          .select()
          .from(trackedItems)
          .where(
            and(
              eq(trackedItems.mode, mode),
              sql`(${trackedItems.trackingNo}, ${trackedItems.reference}, ${trackedItems.carrier}, ${trackedItems.scope}, COALESCE(${trackedItems.organizationId}, ${NO_ORGANIZATION}::uuid)) IN (${sql.join(
                scoped.map(
                  (k) =>
                    sql`(${k.trackingNo}, ${k.reference}, ${k.carrier}, ${k.scope}, ${k.organizationId ?? NO_ORGANIZATION}::uuid)`,
                ),
                sql`, `,
              )})`,
            ),
          )
      : [];
    const byKey = new Map(items.map((item) => [keyOf(item), item]));
    const created = items.length
      ? await tx
          .insert(table)
          .values(
            items.map((item) => ({
              workspaceId: tenant.workspaceId,
              itemId: item.id,
              createdBy: tenant.userId,
              state: item.state,
              ...subscriptions.identity(item),
              ...columns,
            })) as (typeof table.$inferInsert)[],
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
    // An item only archived shipments followed was parked: it is asked again now.
    await wakeItems(tx, [...createdByItem.keys()], new Date());
    const toAsk = fresh.filter((item) => item.scope !== 'none');
    for (let i = 0; i < toAsk.length; i += REFRESH_BATCH) {
      const batch = toAsk.slice(i, i + REFRESH_BATCH).map((item) => item.id);
      await ctx.jobs.send(QUEUES.trackingRefresh, refreshJob(batch), { client });
    }
    // A connection whose carrier pushes events subscribes to the containers followed through it at once
    // (otherwise within a minute: carrier-subscriptions.jobs.ts).
    const ownCarriers = [
      ...new Set(
        items.filter((i) => i.scope === 'organization' && createdByItem.has(i.id)).map((i) => i.carrier),
      ),
    ];
    const pushing = ownCarriers.length
      ? await tx
          .select({ id: carrierConnections.id })
          .from(carrierConnections)
          .where(
            and(
              inOrganization(tenant, carrierConnections),
              inArray(carrierConnections.carrier, ownCarriers),
              eq(carrierConnections.enabled, true),
              eq(carrierConnections.delivery, 'push'),
            ),
          )
      : [];
    for (const connection of pushing)
      await ctx.jobs.send(
        QUEUES.carrierSubscriptions,
        { connectionId: connection.id },
        { client, singletonKey: `connection:${connection.id}` },
      );

    const answered = new Set<string>();
    return keys.map((k): FollowResult => {
      const key = keyOf(k);
      if (answered.has(key)) return { outcome: 'duplicate' };
      answered.add(key);
      const already = followed.get(key);
      if (already)
        return { outcome: 'already_tracked', subscriptionId: already.id, archived: already.archived };
      const createdId = createdByItem.get(byKey.get(key)!.id);
      if (createdId) return { outcome: 'created', subscriptionId: createdId };
      // A concurrent request of this workspace followed it a moment ago.
      return { outcome: 'already_tracked', subscriptionId: null, archived: false };
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
