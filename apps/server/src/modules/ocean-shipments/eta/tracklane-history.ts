import { sql } from 'drizzle-orm';
import type { DerivedShipment } from '@tracklane/shared/tracking/ocean/derive-shipment';
import { tracklaneEstimate } from '@tracklane/shared/tracking/ocean/eta/eta-confidence';
import type { Database } from '../../../db/client';
import { issuedEtas } from '../../../db/schema/reliability';
import { itemsOfMode, type ItemsChangedSubscriber } from '../../tracking/items-changed';
import { measuredErrors, spreadFor, type Lane } from './arrival-estimates';

/**
 * Keeps Tracklane's estimate of these ocean items as each following organization is shown it (ADR
 * 0049): for a box at sea with a carrier ETA and enough measured arrivals of its carrier and lane, the
 * carrier's ETA corrected by the organization's median error, written when it differs from the last
 * one kept (or when none can be given any longer, as withdrawn). On arrival it is measured like any
 * source.
 */
export async function recordTracklaneEstimates(
  db: Database,
  itemIds: readonly string[],
  now: Date,
): Promise<void> {
  if (itemIds.length === 0) return;
  const ids = sql.join(
    itemIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  // One workspace per organization and item stands for the organization: measures are its own.
  const { rows } = await db.execute<{
    item_id: string;
    organization_id: string;
    workspace_id: string;
    carrier: string;
    derived: DerivedShipment | null;
    last_eta: Date | string | null;
    has_last: boolean;
  }>(sql`
    SELECT DISTINCT ON (w.organization_id, s.item_id)
      s.item_id, w.organization_id, s.workspace_id, ti.carrier, ti.derived,
      last.eta AS last_eta, last.item_id IS NOT NULL AS has_last
    FROM ocean_shipments s
    JOIN workspaces w ON w.id = s.workspace_id
    JOIN tracked_items ti ON ti.id = s.item_id
    LEFT JOIN LATERAL (
      SELECT e.item_id, e.eta FROM issued_etas e
      WHERE e.item_id = s.item_id AND e.source = 'tracklane' AND e.organization_id = w.organization_id
      ORDER BY e.issued_at DESC LIMIT 1
    ) last ON true
    WHERE s.item_id IN (${ids}) AND ti.mode = 'ocean'
    ORDER BY w.organization_id, s.item_id, s.workspace_id`);
  const written: (typeof issuedEtas.$inferInsert)[] = [];
  const byWorkspace = new Map<string, typeof rows>();
  for (const row of rows)
    byWorkspace.set(row.workspace_id, [...(byWorkspace.get(row.workspace_id) ?? []), row]);
  for (const [workspaceId, group] of byWorkspace) {
    const laneOf = (d: DerivedShipment | null, carrier: string): Lane | null =>
      d?.pol && d.pod ? { carrier, pol: d.pol.locode, pod: d.pod.locode } : null;
    const lanes = group.map((r) => laneOf(r.derived, r.carrier)).filter((l): l is Lane => l !== null);
    const errors = await measuredErrors(db, workspaceId, lanes);
    for (const row of group) {
      const d = row.derived;
      const atSea = Boolean(d?.departureVO.atd) && !d?.arrivalVO.ata;
      const carrierEta = d?.arrivalVO.eta ?? null;
      const spread =
        atSea && carrierEta ? spreadFor(errors, 'carrier', laneOf(d, row.carrier), carrierEta, now) : null;
      const eta = spread && carrierEta ? tracklaneEstimate(carrierEta, spread).eta : null;
      const last = row.last_eta === null ? null : new Date(row.last_eta).toISOString();
      // Nothing shown and nothing kept; or the same estimate as kept: nothing to write.
      if ((eta === null && (!row.has_last || last === null)) || eta === last) continue;
      // An arrived box keeps its last estimate standing: the measure reads it.
      if (eta === null && d?.arrivalVO.ata) continue;
      written.push({
        itemId: row.item_id,
        source: 'tracklane',
        organizationId: row.organization_id,
        eta: eta === null ? null : new Date(eta),
        issuedAt: now,
      });
    }
  }
  if (written.length > 0) await db.insert(issuedEtas).values(written);
}

/**
 * The engine's announcement, for Tracklane's estimate: an ocean item whose view moved may be shown a
 * new estimate; it is kept before its arrival is measured (this runs first).
 */
export const recordChangedEstimates: ItemsChangedSubscriber = async ({ tx, items, now }) => {
  const moved = itemsOfMode(items, 'ocean').filter((item) => item.columnsChanged || item.changes.length > 0);
  await recordTracklaneEstimates(
    tx,
    moved.map((item) => item.itemId),
    now,
  );
};
