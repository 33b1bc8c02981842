import { and, gte, lt, sql } from 'drizzle-orm';
import { reliabilityReport, reportFromGroups } from '@tracklane/shared/tracking/ocean/reliability/report';
import type {
  ReliabilityQuery,
  ReliabilityReport,
} from '@tracklane/shared/tracking/ocean/reliability/reliability.schema';
import { rollUp, type RollupRow } from '@tracklane/shared/tracking/ocean/reliability/rollup';
import type { Database } from '../../../db/client';
import { shipmentArrivals } from '../../../db/schema/reliability';
import { organizationIs, workspaceIs } from '../../../tenancy/scope';
import { FACT_COLUMNS, factOwnedBy } from './rollup-writer';
import { sumRollups, type ReliabilityScope } from './rollup-sums';

export type { ReliabilityScope } from './rollup-sums';

const firstDay = (month: string) => `${month}-01`;
const dayAfterMonth = (month: string) =>
  new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 1));

/**
 * A tag is the workspace's own mark on its shipment, so roll-ups cannot hold it: the period's arrival
 * facts of the shipments carrying it are rolled up on the spot (one row per arrived shipment, never
 * events).
 */
async function taggedRows(
  db: Database,
  scope: ReliabilityScope,
  query: ReliabilityQuery & { tag: string },
): Promise<RollupRow[]> {
  const tagged = sql`s.tags @> ARRAY[${query.tag}]::text[]`;
  const followed =
    scope.kind === 'workspace'
      ? sql`SELECT 1 FROM ocean_shipments s WHERE s.item_id = ${shipmentArrivals.itemId}
            AND ${workspaceIs(scope.tenant, sql.raw('s.workspace_id'))} AND ${tagged}`
      : sql`SELECT 1 FROM ocean_shipments s JOIN workspaces w ON w.id = s.workspace_id
            WHERE s.item_id = ${shipmentArrivals.itemId}
            AND ${organizationIs(scope.tenant, sql.raw('w.organization_id'))} AND ${tagged}`;
  const facts = await db
    .select(FACT_COLUMNS)
    .from(shipmentArrivals)
    .where(
      and(
        gte(shipmentArrivals.arrivedAt, new Date(`${firstDay(query.from)}T00:00:00Z`)),
        lt(shipmentArrivals.arrivedAt, dayAfterMonth(query.to)),
        sql`EXISTS (${followed})`,
        factOwnedBy(
          scope.kind === 'workspace'
            ? { workspaceId: scope.tenant.workspaceId }
            : { organizationId: scope.tenant.organizationId, workspaceId: null },
        ),
      ),
    );
  return rollUp(facts);
}

/**
 * The reliability page's answer for a workspace, or for a whole organization (each container once):
 * per carrier, lane, transshipment port and month over the period, from the monthly roll-ups summed
 * by the database (a tag's, from its arrival facts rolled up here).
 */
export async function getReliabilityReport(
  db: Database,
  scope: ReliabilityScope,
  query: ReliabilityQuery,
): Promise<ReliabilityReport> {
  if (query.tag)
    return reliabilityReport(scope.kind, query, await taggedRows(db, scope, { ...query, tag: query.tag }));
  return reportFromGroups(scope.kind, query, await sumRollups(db, scope, query));
}
