import { and, between, gte, isNull, lt, sql } from 'drizzle-orm';
import { reliabilityReport } from '@tracklane/shared/tracking/ocean/reliability/report';
import type {
  ReliabilityQuery,
  ReliabilityReport,
} from '@tracklane/shared/tracking/ocean/reliability/reliability.schema';
import { rollUp, type RollupRow } from '@tracklane/shared/tracking/ocean/reliability/rollup';
import type { Database } from '../../../db/client';
import { reliabilityRollups, shipmentArrivals } from '../../../db/schema/reliability';
import {
  inOrganization,
  inWorkspace,
  organizationIs,
  workspaceIs,
  type OrganizationScope,
  type WorkspaceScope,
} from '../../../tenancy/scope';
import { FACT_COLUMNS, factOwnedBy } from './rollup-writer';

export type ReliabilityScope =
  { kind: 'workspace'; tenant: WorkspaceScope } | { kind: 'organization'; tenant: OrganizationScope };

const firstDay = (month: string) => `${month}-01`;
const dayAfterMonth = (month: string) =>
  new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 1));

/** The period's roll-up rows of the scope: what the page reads without a tag. */
async function rollupRows(
  db: Database,
  scope: ReliabilityScope,
  query: ReliabilityQuery,
): Promise<RollupRow[]> {
  const inScope =
    scope.kind === 'workspace'
      ? inWorkspace(scope.tenant, reliabilityRollups)
      : and(inOrganization(scope.tenant, reliabilityRollups), isNull(reliabilityRollups.workspaceId));
  const rows = await db
    .select()
    .from(reliabilityRollups)
    .where(and(inScope, between(reliabilityRollups.month, firstDay(query.from), firstDay(query.to))));
  return rows.map(({ polLocode, podLocode, ...row }) => ({ ...row, pol: polLocode, pod: podLocode }));
}

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
 * per carrier, lane, transshipment port and month over the period, from the monthly roll-ups.
 */
export async function getReliabilityReport(
  db: Database,
  scope: ReliabilityScope,
  query: ReliabilityQuery,
): Promise<ReliabilityReport> {
  const rows = query.tag
    ? await taggedRows(db, scope, { ...query, tag: query.tag })
    : await rollupRows(db, scope, query);
  return reliabilityReport(scope.kind, query, rows);
}
