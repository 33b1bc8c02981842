import { and, eq, inArray, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { TrackingMode } from '@tracklane/shared/tracking/tracking-modes';
import type { AppContext } from '../../app-context';
import { shipmentFavorites } from '../../db/schema/tracking';
import { publish } from '../../integrations/realtime/realtime-hub';
import { AppError } from '../../lib/app-error';
import { withTransaction } from '../../lib/transaction';
import type { Tenant } from '../../tenancy/tenant';
import type { Subscriptions } from '../tracking/follow.service';
import { inWorkspace } from '../../tenancy/scope';

/*
 * Favourites are each member's own (ADR 0033): a star is a row of shipment_favorites for one user and
 * one subscription of any mode. Every read of `favorite` is the reader's (a session's user, an API
 * key's creator, an alert rule's owner); a read on nobody's behalf (a webhook, a share) has none.
 */

const NOT_TRACKED = 'This shipment is not tracked in this workspace.';

/**
 * Whose shipments a read shows, and whose stars: the workspace, and the member on whose behalf it reads
 * (null: on nobody's, as for a share, whose shipments carry no star).
 */
export interface ShipmentReader {
  workspaceId: string;
  userId: string | null;
}

/** A list is always read by a member: its favourites filter is theirs. */
export type ListReader = Pick<Tenant, 'workspaceId' | 'userId'>;

/** A mode's subscriptions, as the favourites of that mode name them. */
export interface FavoriteTarget {
  mode: TrackingMode;
  table: Subscriptions['table'];
}

/**
 * True on the rows of a mode's subscriptions (`subscriptionId`, their id column) that `userId` has
 * starred; false on every row when the read is on nobody's behalf (`userId` null). One primary-key
 * probe per row read.
 */
export function isFavoriteOf(
  mode: TrackingMode,
  subscriptionId: AnyColumn,
  userId: string | null,
): SQL<boolean> {
  if (userId === null) return sql<boolean>`false`;
  const f = shipmentFavorites;
  return sql<boolean>`EXISTS (SELECT 1 FROM ${f} WHERE ${f.userId} = ${userId} AND ${f.mode} = ${mode} AND ${f.subscriptionId} = ${subscriptionId})`;
}

/** A list's favourites filter (`?favorite=true|false`) for `userId`, or nothing when none is asked. */
export function favoriteFilter(
  mode: TrackingMode,
  subscriptionId: AnyColumn,
  userId: string,
  favorite: 'true' | 'false' | undefined,
): SQL | undefined {
  if (!favorite) return undefined;
  const starred = isFavoriteOf(mode, subscriptionId, userId);
  return favorite === 'true' ? starred : sql`NOT ${starred}`;
}

/**
 * Stars (or unstars) shipments of the tenant's workspace for the tenant's user alone, in one
 * transaction: nobody else's list changes. Every id must be a shipment of this mode in the workspace:
 * otherwise nothing changes and the answer is not found, as for a shipment that does not exist. The
 * user's other tabs and devices hear of it (`favorites.changed`, with `origin`, the tab that asked,
 * so that it can tell its own change from another's).
 */
export async function setFavorites(
  ctx: Pick<AppContext, 'pool'>,
  tenant: Pick<Tenant, 'userId' | 'workspaceId'>,
  target: FavoriteTarget,
  ids: readonly string[],
  favorite: boolean,
  origin: string | null = null,
): Promise<{ updatedIds: string[] }> {
  const { mode, table } = target;
  const unique = [...new Set(ids)];
  return withTransaction(ctx.pool, async ({ tx }) => {
    // FOR SHARE: a subscription deleted meanwhile (its workspace removed) waits, and its trigger then
    // removes the star written here; one deleted before is simply not found.
    const found = await tx
      .select({ id: table.id })
      .from(table)
      .where(and(inWorkspace(tenant, table), inArray(table.id, unique)))
      .for('share');
    if (found.length !== unique.length) throw new AppError('NOT_FOUND', NOT_TRACKED);
    const f = shipmentFavorites;
    const changed = favorite
      ? await tx
          .insert(f)
          .values(unique.map((subscriptionId) => ({ userId: tenant.userId, mode, subscriptionId })))
          .onConflictDoNothing()
          .returning({ id: f.subscriptionId })
      : await tx
          .delete(f)
          .where(and(eq(f.userId, tenant.userId), eq(f.mode, mode), inArray(f.subscriptionId, unique)))
          .returning({ id: f.subscriptionId });
    if (changed.length > 0) await publish(tx, { topic: 'favorites', userIds: [tenant.userId], origin });
    return { updatedIds: unique };
  });
}
