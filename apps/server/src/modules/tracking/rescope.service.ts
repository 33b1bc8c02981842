import { and, asc, eq, inArray, ne, not, sql } from 'drizzle-orm';
import type { TrackingMode } from '@tracklane/shared/tracking/tracking-modes';
import type { AppContext } from '../../app-context';
import type { Database } from '../../db/client';
import { workspaces } from '../../db/schema/organizations';
import { trackedItems } from '../../db/schema/tracking';
import { QUEUES } from '../../jobs/queue';
import { withTransaction, type Transaction } from '../../lib/transaction';
import { copyToSubscriptions, wakeItems } from './refresh.service';
import { moveRelated } from './rescope-related';
import { inScope, routeCarriers, scopeColumns } from './routing';
import type { ItemScope } from './tracking-mode';
import { REFRESH_BATCH, refreshJob } from './tracking.jobs';
import { inOrganization } from '../../tenancy/scope';

export type RescopeContext = Pick<AppContext, 'pool' | 'tracking' | 'jobs'>;

/**
 * Moves an organization's subscriptions of one mode and carrier (all of them, or only `onlyIds`) that
 * follow an item of another scope than `target` onto the item of `target` with the same identity,
 * created when nobody follows it yet (and queued for its first check). The subscription stays: its
 * id, tags, comments, shares, favourite and archive state; only the item it follows changes (what the
 * workspace keeps by item follows it: moveRelated), and it takes that item's list columns. Runs in the
 * caller's transaction.
 *
 * Locks: the items involved first, in id order, as a refresh locks them, then the subscriptions (a
 * refresh of the old item that commits meanwhile no longer finds them; one of the new item waits for
 * us, then copies its view to them too). Returns how many subscriptions moved.
 */
async function moveToScope(
  { tx, client }: Transaction,
  ctx: RescopeContext,
  mode: TrackingMode,
  organizationId: string,
  carrier: string,
  target: ItemScope,
  onlyIds?: readonly string[],
): Promise<number> {
  const table = ctx.tracking.modes[mode].features.table;
  const wrong = await tx
    .select({
      id: table.id,
      itemId: trackedItems.id,
      trackingNo: trackedItems.trackingNo,
      reference: trackedItems.reference,
    })
    .from(table)
    .innerJoin(trackedItems, eq(trackedItems.id, table.itemId))
    .innerJoin(workspaces, eq(workspaces.id, table.workspaceId))
    .where(
      and(
        inOrganization({ organizationId }, workspaces),
        eq(trackedItems.mode, mode),
        eq(trackedItems.carrier, carrier),
        // A journey that is over keeps the data it was followed with.
        ne(trackedItems.state, 'completed'),
        not(inScope(target)),
        onlyIds ? inArray(table.id, [...onlyIds]) : undefined,
      ),
    );
  if (wrong.length === 0) return 0;
  const keyOf = (k: { trackingNo: string; reference: string }) => `${k.trackingNo}|${k.reference}`;
  const keys = [...new Map(wrong.map((w) => [keyOf(w), w])).values()];
  const fresh = await tx
    .insert(trackedItems)
    .values(
      keys.map((k) => ({
        mode,
        trackingNo: k.trackingNo,
        reference: k.reference,
        carrier,
        ...scopeColumns(target),
      })),
    )
    .onConflictDoNothing()
    .returning({ id: trackedItems.id });
  const identities = sql`(${trackedItems.trackingNo}, ${trackedItems.reference}) IN (${sql.join(
    keys.map((k) => sql`(${k.trackingNo}, ${k.reference})`),
    sql`, `,
  )})`;
  const targetIds = await tx
    .select({ id: trackedItems.id, trackingNo: trackedItems.trackingNo, reference: trackedItems.reference })
    .from(trackedItems)
    .where(and(eq(trackedItems.mode, mode), eq(trackedItems.carrier, carrier), inScope(target), identities));
  const involved = [...new Set([...wrong.map((w) => w.itemId), ...targetIds.map((t) => t.id)])];
  const locked = await tx
    .select()
    .from(trackedItems)
    .where(inArray(trackedItems.id, involved))
    .orderBy(asc(trackedItems.id))
    .for('update');
  const targetOf = new Map(targetIds.map((t) => [keyOf(t), t.id]));
  const moves = wrong.map((w) => ({ id: w.id, source: w.itemId, target: targetOf.get(keyOf(w))! }));
  // Still following the item we read (a concurrent rescope may have moved it), and never onto an item
  // the workspace already follows.
  const moved = await tx.execute<{
    id: string;
    item_id: string;
    archived: boolean;
    workspace_id: string;
    source: string;
  }>(sql`
    UPDATE ${table} s SET item_id = m.target
    FROM jsonb_to_recordset(${JSON.stringify(moves)}::jsonb) AS m(id uuid, source uuid, target uuid)
    WHERE s.id = m.id AND s.item_id = m.source
      AND NOT EXISTS (SELECT 1 FROM ${table} o WHERE o.workspace_id = s.workspace_id AND o.item_id = m.target)
    RETURNING s.id, s.item_id, s.archived, s.workspace_id, m.source`);
  await moveRelated(
    tx,
    mode,
    moved.rows.map((r) => ({ id: r.id, workspaceId: r.workspace_id, source: r.source, target: r.item_id })),
  );
  const movedTo = new Set(moved.rows.map((r) => r.item_id));
  await copyToSubscriptions(
    tx,
    ctx.tracking.modes,
    locked.filter((item) => movedTo.has(item.id)),
  );
  await wakeItems(
    tx,
    moved.rows.filter((r) => !r.archived).map((r) => r.item_id),
    new Date(),
  );
  const toAsk = target.scope === 'none' ? [] : fresh.map((f) => f.id).filter((id) => movedTo.has(id));
  for (let i = 0; i < toAsk.length; i += REFRESH_BATCH)
    await ctx.jobs.send(QUEUES.trackingRefresh, refreshJob(toAsk.slice(i, i + REFRESH_BATCH)), { client });
  return moved.rows.length;
}

/**
 * Moves an organization's shipments of a carrier to the data source that should answer for them now
 * (ADR 0035), after its connections changed or the operator's configuration did: a shipment without
 * a source starts tracking as soon as a connection is added, without being added again, and goes back
 * to no source (or the operator's, or demo data) when the connection is deleted or disabled. One
 * transaction; returns how many shipments moved.
 */
export async function rescopeOrganizationCarrier(
  ctx: RescopeContext,
  organizationId: string,
  carrier: string,
): Promise<number> {
  return withTransaction(ctx.pool, async (t) => {
    let moved = 0;
    for (const definition of Object.values(ctx.tracking.modes)) {
      const { mode } = definition;
      const code = definition.carrierCode(carrier);
      const target = (await routeCarriers(t.tx, ctx.tracking, mode, organizationId, [code])).get(code)!;
      // What the mode follows besides items first (ocean's bills: a refresh locks its bill before the
      // items it adds).
      if (definition.others) moved += await definition.others.rescope(t, ctx, organizationId, code, target);
      moved += await moveToScope(t, ctx, mode, organizationId, code, target);
    }
    return moved;
  });
}

/**
 * Routes these subscriptions of a workspace again (moved back from the archive, tracked again from
 * the history): each follows the scope its carrier routes to now. In the caller's transaction, before
 * it locks the subscriptions (items are locked first, as a refresh does).
 */
export async function rescopeSubscriptions(
  t: Transaction,
  ctx: RescopeContext,
  mode: TrackingMode,
  organizationId: string,
  ids: readonly string[],
): Promise<void> {
  if (ids.length === 0) return;
  const table = ctx.tracking.modes[mode].features.table;
  const rows = await t.tx
    .selectDistinct({ carrier: trackedItems.carrier })
    .from(table)
    .innerJoin(trackedItems, eq(trackedItems.id, table.itemId))
    .where(inArray(table.id, [...ids]));
  const carriers = rows.map((r) => r.carrier);
  const targets = await routeCarriers(t.tx, ctx.tracking, mode, organizationId, carriers);
  for (const carrier of carriers)
    await moveToScope(t, ctx, mode, organizationId, carrier, targets.get(carrier)!, ids);
}

/**
 * At start: every organization's shipments follow the scope they route to now, after a change of
 * DCSA_CARRIERS, Karrio or DEMO_CARRIERS (and after the upgrade that brought scopes, which left real
 * workspaces on the demo data they had). One transaction per organization and carrier.
 */
export async function rescopeAll(ctx: RescopeContext & { db: Database }): Promise<number> {
  const modes = Object.values(ctx.tracking.modes);
  const pairs = await ctx.db.execute<{ organization_id: string; carrier: string }>(sql`
    SELECT DISTINCT w.organization_id, i.carrier
    FROM ${trackedItems} i
    JOIN (${sql.join(
      modes.map(({ features: { table } }) => sql`SELECT item_id, workspace_id FROM ${table}`),
      sql` UNION ALL `,
    )}) s ON s.item_id = i.id
    JOIN ${workspaces} w ON w.id = s.workspace_id
    WHERE i.state <> 'completed'
    ${sql.join(
      modes.flatMap(({ others }) => (others ? [sql`UNION ${others.followed}`] : [])),
      sql` `,
    )}`);
  let moved = 0;
  for (const pair of pairs.rows)
    moved += await rescopeOrganizationCarrier(ctx, pair.organization_id, pair.carrier);
  return moved;
}
