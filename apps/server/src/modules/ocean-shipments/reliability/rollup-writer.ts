import { and, eq, gte, inArray, isNull, lt, sql, type SQL } from 'drizzle-orm';
import { rollUp, type ArrivalFact } from '@tracklane/shared/tracking/ocean/reliability/rollup';
import type { Database } from '../../../db/client';
import { workspaces } from '../../../db/schema/organizations';
import { reliabilityRollups, shipmentArrivals } from '../../../db/schema/reliability';
import { oceanShipments } from '../../../db/schema/tracking';
import { inWorkspaces, organizationIs, workspaceIs } from '../../../tenancy/scope';

/** The part of the roll-ups one rewrite covers: a carrier's arrivals in a month (YYYY-MM-01). */
export interface RollupSlice {
  carrier: string;
  month: string;
}

/** A workspace's roll-ups, or an organization's (`workspaceId` null: each container once). */
export interface RollupScope {
  organizationId: string;
  workspaceId: string | null;
}

const nextMonth = (month: string) => {
  const start = new Date(`${month}T00:00:00Z`);
  return new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 1));
};

/** An arrival fact's columns in the shape rollup.ts reads. */
export const FACT_COLUMNS = {
  source: shipmentArrivals.source,
  carrier: shipmentArrivals.carrier,
  pol: shipmentArrivals.polLocode,
  pod: shipmentArrivals.podLocode,
  transshipments: shipmentArrivals.transshipments,
  arrivedAt: shipmentArrivals.arrivedAt,
  onTime: shipmentArrivals.onTime,
  delayHours: shipmentArrivals.delayHours,
  rolls: shipmentArrivals.rolls,
  errorHours: shipmentArrivals.errorHours,
};

/**
 * Whose facts count in a roll-up: the carrier's (nobody's own) everywhere; a terminal's and Tracklane's
 * in their organization's; a manual one in its workspace's and its organization's. Another
 * organization's or workspace's never.
 */
export function factOwnedBy(
  scope: { organizationId: string; workspaceId: null } | { workspaceId: string },
): SQL {
  const f = shipmentArrivals;
  if (scope.workspaceId === null)
    return sql`(${f.organizationId} IS NULL OR ${organizationIs(scope, f.organizationId)})`;
  const organization = sql`(SELECT w.organization_id FROM workspaces w WHERE ${workspaceIs(scope, sql.raw('w.id'))})`;
  return sql`(${f.organizationId} IS NULL OR ${f.organizationId} = ${organization})
    AND (${f.workspaceId} IS NULL OR ${workspaceIs(scope, f.workspaceId)})`;
}

/** Who follows an item, in a workspace's or an organization's roll-up. */
function followedIn(scope: RollupScope) {
  return scope.workspaceId === null
    ? sql`SELECT 1 FROM ocean_shipments s JOIN workspaces w ON w.id = s.workspace_id
          WHERE s.item_id = ${shipmentArrivals.itemId} AND ${organizationIs(scope, sql.raw('w.organization_id'))}`
    : sql`SELECT 1 FROM ocean_shipments s
          WHERE s.item_id = ${shipmentArrivals.itemId} AND ${workspaceIs({ workspaceId: scope.workspaceId }, sql.raw('s.workspace_id'))}`;
}

async function rewriteOne(db: Database, scope: RollupScope, slice: RollupSlice): Promise<void> {
  // Two refreshes that both touch this slice take turns, the later one seeing the other's facts.
  const lockKey = `reliability:${scope.organizationId}:${scope.workspaceId ?? ''}:${slice.month}:${slice.carrier}`;
  await db.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${lockKey}, 0))`);
  const inScope =
    scope.workspaceId === null
      ? and(
          eq(reliabilityRollups.organizationId, scope.organizationId),
          isNull(reliabilityRollups.workspaceId),
        )
      : inWorkspaces([scope.workspaceId], reliabilityRollups);
  await db
    .delete(reliabilityRollups)
    .where(
      and(inScope, eq(reliabilityRollups.month, slice.month), eq(reliabilityRollups.carrier, slice.carrier)),
    );
  const facts = (await db
    .select(FACT_COLUMNS)
    .from(shipmentArrivals)
    .where(
      and(
        sql`EXISTS (${followedIn(scope)})`,
        factOwnedBy(
          scope.workspaceId === null ? { ...scope, workspaceId: null } : { workspaceId: scope.workspaceId },
        ),
        eq(shipmentArrivals.carrier, slice.carrier),
        gte(shipmentArrivals.arrivedAt, new Date(`${slice.month}T00:00:00Z`)),
        lt(shipmentArrivals.arrivedAt, nextMonth(slice.month)),
      ),
    )) as ArrivalFact[];
  const rows = rollUp(facts);
  if (rows.length === 0) return;
  await db.insert(reliabilityRollups).values(
    rows.map(({ pol, pod, ...row }) => ({
      ...row,
      polLocode: pol,
      podLocode: pod,
      organizationId: scope.organizationId,
      workspaceId: scope.workspaceId,
    })),
  );
}

/**
 * Rewrites, from the facts, the roll-ups of these slices for every workspace following one of these
 * items and for each of their organizations. Slices and scopes go in one order, so that concurrent
 * rewrites lock alike.
 */
export async function rewriteRollups(
  db: Database,
  itemIds: readonly string[],
  slices: readonly RollupSlice[],
): Promise<void> {
  const followers = await db
    .selectDistinct({ workspaceId: oceanShipments.workspaceId, organizationId: workspaces.organizationId })
    .from(oceanShipments)
    .innerJoin(workspaces, eq(workspaces.id, oceanShipments.workspaceId))
    .where(inArray(oceanShipments.itemId, [...itemIds]));
  const scopes: RollupScope[] = [
    ...followers,
    ...[...new Set(followers.map((f) => f.organizationId))].map((organizationId) => ({
      organizationId,
      workspaceId: null,
    })),
  ].sort((a, b) =>
    `${a.organizationId}${a.workspaceId ?? ''}`.localeCompare(`${b.organizationId}${b.workspaceId ?? ''}`),
  );
  const unique = [...new Map(slices.map((s) => [`${s.month}|${s.carrier}`, s])).values()].sort((a, b) =>
    `${a.month}|${a.carrier}`.localeCompare(`${b.month}|${b.carrier}`),
  );
  for (const scope of scopes) for (const slice of unique) await rewriteOne(db, scope, slice);
}
