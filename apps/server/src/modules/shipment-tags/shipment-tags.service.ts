import { and, eq, sql } from 'drizzle-orm';
import type { TrackingMode } from '@tracklane/shared/tracking/tracking-modes';
import type { Database } from '../../db/client';
import { inWorkspace } from '../../tenancy/scope';
import { lockWorkspaceShipment } from '../tracking/lock-shipment';
import { publishShipmentsChanged } from '../live-pages/live-publish';
import { modeFeatures } from '../../modes';

/*
 * Shipment tags (issue 18): the workspace's own words on its shipments, kept on its subscription rows
 * (ocean_shipments, express_shipments), never on the tracked item other workspaces follow.
 */

const tableOf = (mode: TrackingMode) => modeFeatures(mode).table;

/** The tags the workspace's shipments of one mode carry, archived ones included, alphabetically. */
export async function listWorkspaceTags(db: Database, workspaceId: string, mode: TrackingMode) {
  const table = tableOf(mode);
  const rows = await db.execute<{ tag: string }>(sql`
    SELECT DISTINCT t.tag FROM ${table}, unnest(${table.tags}) AS t(tag)
    WHERE ${inWorkspace({ workspaceId }, table)} AND ${table.tags} <> '{}'`);
  return rows.rows.map((r) => r.tag).sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' }));
}

/**
 * Replaces a shipment's tags with `tags` (already validated: normalised, unique but for case, at most
 * ten). A tag the workspace already uses with another case takes the workspace's spelling, so that one
 * word is one filter. Another workspace's shipment is not found.
 */
export async function setShipmentTags(
  db: Database,
  workspaceId: string,
  mode: TrackingMode,
  shipmentId: string,
  tags: string[],
): Promise<{ tags: string[] }> {
  const table = tableOf(mode);
  return db.transaction(async (tx) => {
    await lockWorkspaceShipment(tx, table, workspaceId, shipmentId);
    let stored = tags;
    if (tags.length) {
      const lowered = tags.map((t) => t.toLowerCase());
      const known = await tx.execute<{ tag: string }>(sql`
        SELECT DISTINCT t.tag FROM ${table}, unnest(${table.tags}) AS t(tag)
        WHERE ${inWorkspace({ workspaceId }, table)} AND ${table.id} <> ${shipmentId}
          AND ${table.tags} <> '{}' AND lower(t.tag) = ANY(${sql.param(lowered)}::text[])
        ORDER BY t.tag`);
      const spelling = new Map<string, string>();
      for (const { tag } of known.rows)
        if (!spelling.has(tag.toLowerCase())) spelling.set(tag.toLowerCase(), tag);
      stored = tags.map((t) => spelling.get(t.toLowerCase()) ?? t);
    }
    await tx
      .update(table)
      .set({ tags: stored })
      .where(and(inWorkspace({ workspaceId }, table), eq(table.id, shipmentId)));
    await publishShipmentsChanged(tx, workspaceId, [shipmentId]);
    return { tags: stored };
  });
}
