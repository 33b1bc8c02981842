import { sql } from 'drizzle-orm';
import type { DerivedShipment } from '@tracklane/shared/tracking/ocean/derive-shipment';
import type {
  ArrivalEstimates,
  ShownEta,
  ShownEtaSource,
} from '@tracklane/shared/tracking/ocean/eta/eta-estimates.schema';
import {
  carrierBand,
  errorSpread,
  horizonFor,
  tracklaneEstimate,
  type ErrorSpread,
} from '@tracklane/shared/tracking/ocean/eta/eta-confidence';
import {
  HORIZON_DAYS,
  type EtaSource,
  type HorizonDays,
} from '@tracklane/shared/tracking/ocean/reliability/eta-accuracy';
import type { OceanShipment } from '@tracklane/shared/tracking/ocean/ocean-shipments.schema';
import type { Database } from '../../../db/client';
import { workspaceIs } from '../../../tenancy/scope';

/** An ETA set by hand on the subscription (ADR 0049), as its row keeps it. */
export interface ManualEta {
  eta: Date | null;
  setAt: Date | null;
}

/**
 * The ETAs a shipment's own row knows before any measure is read: the carrier's current one (with when
 * the carrier published it, the last entry of the ETA history naming it) and one set by hand, which is
 * the one used when set. None once arrived.
 */
export function carrierEstimates(
  eta: string | null,
  ata: string | null,
  derived: Pick<DerivedShipment, 'etaHistory'> | null,
  manual: ManualEta = { eta: null, setAt: null },
): ArrivalEstimates {
  if (ata) return { used: null, estimates: [] };
  const estimates: ShownEta[] = [];
  if (eta) {
    const issued = derived?.etaHistory.findLast((r) => Date.parse(r.eta) === Date.parse(eta));
    estimates.push({
      source: 'carrier',
      kind: 'port',
      eta,
      issuedAt: issued?.recordedAt ?? null,
      biasHours: null,
      confidence: null,
    });
  }
  if (manual.eta) {
    estimates.push({
      source: 'manual',
      kind: 'port',
      eta: manual.eta.toISOString(),
      issuedAt: manual.setAt?.toISOString() ?? null,
      issuedBy: null,
      biasHours: null,
      confidence: null,
    });
  }
  const used: ShownEtaSource | null = manual.eta ? 'manual' : eta ? 'carrier' : null;
  return { used, estimates };
}

/** The ETA `arrivalVO.eta` shows: one set by hand wins over the carrier's until the box arrives. */
export function shownEta(carrierEta: Date | null, ata: Date | null, manual: Date | null): string | null {
  return (ata ? carrierEta : (manual ?? carrierEta))?.toISOString() ?? null;
}

export type Lane = { carrier: string; pol: string; pod: string };
const laneKey = (l: Lane) => `${l.carrier}|${l.pol}|${l.pod}`;
const measureKey = (source: EtaSource, l: Lane) => `${source}|${laneKey(l)}`;

/**
 * The ETA errors, by source, lane and horizon, of every arrival of these lanes that a workspace of
 * this workspace's organization follows: the carrier's (nobody's own), and the terminal's, Tracklane's
 * and manual ones of this organization alone (a manual fact belongs to one of its workspaces).
 */
export async function measuredErrors(
  db: Database,
  workspaceId: string,
  lanes: readonly Lane[],
): Promise<Map<string, number[][]>> {
  const byKey = new Map<string, number[][]>();
  if (lanes.length === 0) return byKey;
  const wanted = sql.join(
    lanes.map((l) => sql`(${l.carrier}, ${l.pol}, ${l.pod})`),
    sql`, `,
  );
  const { rows } = await db.execute<{
    source: EtaSource;
    carrier: string;
    pol: string;
    pod: string;
    errors: (number | null)[];
  }>(sql`
    WITH org AS (SELECT organization_id AS id FROM workspaces w WHERE ${workspaceIs({ workspaceId }, sql`w.id`)})
    SELECT f.source, f.carrier, f.pol_locode AS pol, f.pod_locode AS pod, f.error_hours AS errors
    FROM shipment_arrivals f
    WHERE (f.carrier, f.pol_locode, f.pod_locode) IN (${wanted})
      AND (f.source = 'carrier'
        OR (f.source IN ('terminal', 'tracklane') AND f.organization_id = (SELECT id FROM org))
        OR (f.source = 'manual'
          AND f.workspace_id IN (SELECT w.id FROM workspaces w WHERE w.organization_id = (SELECT id FROM org))))
      AND EXISTS (
        SELECT 1 FROM ocean_shipments s JOIN workspaces w ON w.id = s.workspace_id
        WHERE s.item_id = f.item_id AND w.organization_id = (SELECT id FROM org))`);
  for (const row of rows) {
    const key = measureKey(row.source, row);
    const horizons = byKey.get(key) ?? HORIZON_DAYS.map(() => []);
    row.errors.forEach((error, i) => {
      if (error !== null && horizons[i]) horizons[i].push(error);
    });
    byKey.set(key, horizons);
  }
  return byKey;
}

/**
 * Of these shipments of one workspace, what lives beside the row: the workspace's organization's
 * terminal's vessel ETA (its enabled connection's last answer; another organization's never) and the
 * name of who set an ETA by hand.
 */
async function rowExtras(
  db: Database,
  workspaceId: string,
  shipmentIds: readonly string[],
): Promise<Map<string, { terminalEta: string | null; answeredAt: string | null; setBy: string | null }>> {
  const extras = new Map<
    string,
    { terminalEta: string | null; answeredAt: string | null; setBy: string | null }
  >();
  if (shipmentIds.length === 0) return extras;
  const ids = sql.join(
    shipmentIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const { rows } = await db.execute<{
    id: string;
    terminal_eta: string | null;
    answered_at: Date | string | null;
    set_by: string | null;
  }>(sql`
    SELECT s.id, t.terminal_eta, t.answered_at,
      CASE WHEN u.id IS NOT NULL THEN trim(u.first_name || ' ' || u.last_name) END AS set_by
    FROM ocean_shipments s
    JOIN workspaces w ON w.id = s.workspace_id
    LEFT JOIN LATERAL (
      SELECT tf.facts ->> 'vesselEta' AS terminal_eta, tf.answered_at FROM terminal_facts tf
      JOIN carrier_connections cc ON cc.id = tf.connection_id AND cc.enabled
      WHERE tf.item_id = s.item_id AND tf.organization_id = w.organization_id
        AND tf.facts ->> 'vesselEta' IS NOT NULL
    ) t ON true
    LEFT JOIN users u ON u.id = s.manual_eta_set_by AND s.manual_eta IS NOT NULL
    WHERE ${workspaceIs({ workspaceId }, sql`s.workspace_id`)} AND s.id IN (${ids})`);
  for (const row of rows) {
    extras.set(row.id, {
      terminalEta: row.terminal_eta,
      answeredAt: row.answered_at === null ? null : new Date(row.answered_at).toISOString(),
      setBy: row.set_by,
    });
  }
  return extras;
}

/** The spread of one source's measured errors for an ETA this far out on this lane, or null. */
export function spreadFor(
  errors: Map<string, number[][]>,
  source: EtaSource,
  lane: Lane | null,
  eta: string,
  now: Date,
): ErrorSpread | null {
  const measured = lane && errors.get(measureKey(source, lane));
  if (!measured) return null;
  const horizon: HorizonDays = horizonFor(eta, now);
  return errorSpread(horizon, measured[HORIZON_DAYS.indexOf(horizon)]!);
}

/** A box at sea or between vessels: it has left its port of loading and not reached its port of discharge. */
const atSea = (s: OceanShipment) => Boolean(s.departureVO.atd) && !s.arrivalVO.ata;

const ORDER: Record<ShownEtaSource, number> = { carrier: 0, terminal: 1, manual: 2, tracklane: 3 };

/**
 * These shipments of one workspace with every source's current ETA: the carrier's and one set by hand
 * (from the row), the organization's terminal's vessel ETA (to berth), each with its confidence band
 * from the organization's measured errors of that source, carrier and lane at the horizon the ETA
 * stands at, and, for boxes at sea, Tracklane's estimate (shared eta/eta-confidence.ts).
 */
export async function withMeasuredEstimates<T extends OceanShipment>(
  db: Database,
  workspaceId: string,
  shipments: T[],
  now = new Date(),
): Promise<T[]> {
  const laneOf = (s: OceanShipment): Lane | null =>
    s.pol && s.pod ? { carrier: s.carrierScac, pol: s.pol.locode, pod: s.pod.locode } : null;
  const open = shipments.filter((s) => !s.arrivalVO.ata);
  const lanes = new Map<string, Lane>();
  for (const s of open) {
    const lane = laneOf(s);
    if (lane) lanes.set(laneKey(lane), lane);
  }
  // One after the other: `db` may be a transaction (webhook payloads), whose queries share a connection.
  const errors = await measuredErrors(db, workspaceId, [...lanes.values()]);
  const extras = await rowExtras(
    db,
    workspaceId,
    open.map((s) => s.shipmentOverallId),
  );
  const spreadOf = (source: EtaSource, lane: Lane | null, eta: string) =>
    spreadFor(errors, source, lane, eta, now);
  return shipments.map((s) => {
    if (s.arrivalVO.ata) return s;
    const lane = laneOf(s);
    const extra = extras.get(s.shipmentOverallId);
    const known = s.arrivalEstimates?.estimates ?? [];
    const estimates: ShownEta[] = known.map((e) =>
      e.source === 'manual' ? { ...e, issuedBy: extra?.setBy ?? null } : e,
    );
    if (extra?.terminalEta) {
      estimates.push({
        source: 'terminal',
        kind: 'berth',
        eta: extra.terminalEta,
        issuedAt: extra.answeredAt,
        biasHours: null,
        confidence: null,
      });
    }
    const banded = estimates.map((e) => {
      const spread = spreadOf(e.source, lane, e.eta);
      return spread ? { ...e, confidence: carrierBand(e.eta, spread) } : e;
    });
    const carrier = banded.find((e) => e.source === 'carrier');
    const carrierSpread = carrier && spreadOf('carrier', lane, carrier.eta);
    if (carrier && carrierSpread && atSea(s)) {
      const own = tracklaneEstimate(carrier.eta, carrierSpread);
      // Once its own past estimates were measured often enough, their errors give its band.
      const measuredOwn = spreadOf('tracklane', lane, own.eta);
      banded.push({
        source: 'tracklane',
        kind: 'port',
        eta: own.eta,
        issuedAt: carrier.issuedAt,
        biasHours: own.biasHours,
        confidence: measuredOwn ? carrierBand(own.eta, measuredOwn) : own.confidence,
      });
    }
    banded.sort((a, b) => ORDER[a.source] - ORDER[b.source]);
    return { ...s, arrivalEstimates: { used: s.arrivalEstimates?.used ?? null, estimates: banded } };
  });
}

/**
 * The shipment as shown outside the workspace (shares, public pages): without `arrivalEstimates`,
 * `arrivalVO.eta` would carry a workspace's ETA set by hand unlabelled, so it carries the carrier's.
 */
export function withCarrierArrival<T extends Pick<OceanShipment, 'arrivalVO' | 'arrivalEstimates'>>(s: T): T {
  if (s.arrivalEstimates?.used !== 'manual') return s;
  const carrier = s.arrivalEstimates.estimates.find((e) => e.source === 'carrier');
  return { ...s, arrivalVO: { ...s.arrivalVO, eta: carrier?.eta ?? null } };
}
