import { sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { carrierConnections } from '../../../db/schema/carrier-connections';
import { workspaces } from '../../../db/schema/organizations';
import { publishToUsers } from '../../../integrations/realtime/realtime-hub';
import { oceanShipments as os, terminalFacts as tf } from '../../../db/schema/tracking';
import { memberships, seesShipments } from '../../../tenancy/memberships';
import { organizationIs } from '../../../tenancy/scope';

export type TerminalColumnsScope = { itemIds: readonly string[] } | { organizationId: string };

/**
 * Copies what each subscription's own organization's terminal connection last said onto its row
 * (ADR 0039): the terminal's last free day (storage paid through), and whether the box is on hold or
 * available for pickup while still at the terminal (the carrier's full gate-out ends both). Facts of a
 * disabled connection count for nothing; a workspace's row never reads another organization's facts.
 * Only rows whose values change are written. Returns the items of the rows written.
 */
export async function updateTerminalColumns(db: Database, scope: TerminalColumnsScope): Promise<string[]> {
  if ('itemIds' in scope && scope.itemIds.length === 0) return [];
  // The inner query names its tables itself (o, w, f, c).
  const which =
    'itemIds' in scope
      ? sql`o.item_id = ANY (${sql.param([...scope.itemIds])}::uuid[])`
      : organizationIs(scope, sql`w.organization_id`);
  const gone = sql`COALESCE(o.status IN ('delivered', 'empty_returned'), false)`;
  const rows = await db.execute<{ item_id: string }>(sql`
    UPDATE ${os} SET terminal_last_free_day = v.lfd, terminal_on_hold = v.on_hold, terminal_available = v.available
    FROM (
      SELECT o.id,
        (f.facts ->> 'lastFreeDay')::date AS lfd,
        COALESCE(f.on_hold, false) AND NOT ${gone} AS on_hold,
        COALESCE(f.available, false) AND NOT ${gone} AS available
      FROM ${os} o
      JOIN ${workspaces} w ON w.id = o.workspace_id
      LEFT JOIN (${tf} f JOIN ${carrierConnections} c ON c.id = f.connection_id AND c.enabled)
        ON f.item_id = o.item_id AND f.organization_id = w.organization_id
      WHERE ${which}
    ) v
    WHERE ${os.id} = v.id
      AND (${os.terminalLastFreeDay} IS DISTINCT FROM v.lfd OR ${os.terminalOnHold} <> v.on_hold
        OR ${os.terminalAvailable} <> v.available)
    RETURNING ${os.itemId} AS item_id`);
  return [...new Set(rows.rows.map((r) => r.item_id))];
}

/**
 * Tells the open pages of these organizations' members who see shipments, in workspaces following
 * these items, that their data changed (on commit): lists, details, clocks and dashboards refetch.
 */
export async function announceTerminalChange(
  db: Database,
  itemIds: readonly string[],
  organizationIds: readonly string[],
): Promise<void> {
  if (itemIds.length === 0 || organizationIds.length === 0) return;
  const m = memberships;
  const rows = await db.execute<{ user_id: string }>(sql`
    SELECT DISTINCT ${m.userId} AS user_id FROM ${os} s
    JOIN ${m} ON ${m.workspaceId} = s.workspace_id AND ${seesShipments}
    WHERE s.item_id = ANY (${sql.param([...itemIds])}::uuid[])
      AND ${m.organizationId} = ANY (${sql.param([...organizationIds])}::uuid[])`);
  await publishToUsers(
    db,
    'shipments',
    rows.rows.map((r) => r.user_id),
  );
}
