import { and, eq, inArray, ne } from 'drizzle-orm';
import type { TrackingMode } from '@tracklane/shared/tracking/tracking-modes';
import type { AppContext } from '../../app-context';
import type { Database } from '../../db/client';
import { withTransaction } from '../../lib/transaction';
import { assertRestoreFitsQuota } from '../billing/shipment-quota';
import type { Tenant } from '../../tenancy/tenant';
import { emitShipmentEvents } from '../webhooks/shipment-webhooks';
import type { Subscriptions } from './follow.service';
import { modeFeatures } from '../../modes';
import type { ModeFeatures } from './tracking-mode';
import { wakeItems } from './refresh.service';
import { rescopeSubscriptions } from './rescope.service';
import { inWorkspace } from '../../tenancy/scope';
import { publishShipmentsChanged } from '../live-pages/live-publish';

/** A mode's subscriptions and the tab counts its list shows after a move. */
export interface ArchiveTarget<Counts> {
  mode: TrackingMode;
  table: Subscriptions['table'];
  countTabs(db: Database, workspaceId: string): Promise<Counts>;
}

/**
 * Moves shipments of a mode between the archive and its other tabs ({@link moveArchive}), answering
 * with the mode's tab counts (`Counts`: the mode's own, as its list answers them).
 */
export function setArchived<Counts extends object>(
  ctx: Pick<AppContext, 'pool' | 'tracking' | 'jobs'>,
  tenant: Pick<Tenant, 'organizationId' | 'workspaceId'>,
  mode: TrackingMode,
  ids: string[],
  archived: boolean,
): Promise<{ updatedIds: string[] } & Counts> {
  const { table, countTabs } = modeFeatures(mode) as ModeFeatures<Counts>;
  return moveArchive(ctx, tenant, { mode, table, countTabs }, ids, archived);
}

/**
 * Moves shipments of the tenant's workspace between the archive and the active list (spec §4), in one
 * transaction with the `shipment.archived` / `shipment.unarchived` webhook events of those that moved.
 * Back from the archive they count against the plan's quota of active shipments again, under the
 * organization lock: every caller (the app, the public API, re-tracking from the history) goes through
 * here. Ids of another workspace are simply not updated.
 */
export async function moveArchive<Counts>(
  ctx: Pick<AppContext, 'pool' | 'tracking' | 'jobs'>,
  tenant: Pick<Tenant, 'organizationId' | 'workspaceId'>,
  target: ArchiveTarget<Counts>,
  ids: string[],
  archived: boolean,
): Promise<{ updatedIds: string[] } & Counts> {
  const { table, mode } = target;
  return withTransaction(ctx.pool, async (t) => {
    const { tx } = t;
    if (!archived) await assertRestoreFitsQuota(tx, tenant, table, ids);
    const mine = and(inWorkspace(tenant, table), inArray(table.id, ids));
    if (!archived) {
      // Back in the active list, each follows the data source its carrier routes to now (ADR 0035),
      // and its item, parked while only archived shipments followed it, is asked again.
      const returning = await tx
        .select({ id: table.id })
        .from(table)
        .where(and(mine, eq(table.archived, true)));
      await rescopeSubscriptions(
        t,
        ctx,
        mode,
        tenant.organizationId,
        returning.map((r) => r.id),
      );
    }
    const moving = await tx
      .select({ id: table.id })
      .from(table)
      .where(and(mine, ne(table.archived, archived)))
      .for('update');
    const updated = await tx
      .update(table)
      .set({ archived, archivedAt: archived ? new Date() : null })
      .where(mine)
      .returning({ id: table.id, itemId: table.itemId });
    if (!archived)
      await wakeItems(
        tx,
        updated.map((u) => u.itemId),
        new Date(),
      );
    await emitShipmentEvents(
      tx,
      mode,
      archived ? 'shipment.archived' : 'shipment.unarchived',
      tenant.workspaceId,
      moving.map((m) => m.id),
    );
    // Every open list of the workspace moves the rows, and their open pages show the new state.
    await publishShipmentsChanged(
      tx,
      tenant.workspaceId,
      moving.map((m) => m.id),
    );
    return { updatedIds: updated.map((u) => u.id), ...(await target.countTabs(tx, tenant.workspaceId)) };
  });
}
