import { sql } from 'drizzle-orm';
import type { DerivedShipment } from '@tracklane/shared/tracking/ocean/derive-shipment';
import type { ArrivalEstimates } from '@tracklane/shared/tracking/ocean/eta/eta-estimates.schema';
import {
  carrierBand,
  errorSpread,
  horizonFor,
  tracklaneEstimate,
  type ErrorSpread,
} from '@tracklane/shared/tracking/ocean/eta/eta-confidence';
import { HORIZON_DAYS, type HorizonDays } from '@tracklane/shared/tracking/ocean/reliability/eta-accuracy';
import type { OceanShipment } from '@tracklane/shared/tracking/ocean/ocean-shipments.schema';
import type { Database } from '../../../db/client';

/**
 * The carrier's current ETA as `arrivalVO.eta` carries it, with when the carrier published it (the
 * last entry of the ETA history naming it), before any measure is read; none once arrived.
 */
export function carrierEstimates(
  eta: string | null,
  ata: string | null,
  derived: Pick<DerivedShipment, 'etaHistory'> | null,
): ArrivalEstimates {
  if (!eta || ata) return { used: null, estimates: [] };
  const issued = derived?.etaHistory.findLast((r) => Date.parse(r.eta) === Date.parse(eta));
  return {
    used: 'carrier',
    estimates: [
      {
        source: 'carrier',
        kind: 'port',
        eta,
        issuedAt: issued?.recordedAt ?? null,
        biasHours: null,
        confidence: null,
      },
    ],
  };
}

type Lane = { carrier: string; pol: string; pod: string };
const laneKey = (l: Lane) => `${l.carrier}|${l.pol}|${l.pod}`;

/**
 * The carrier ETA errors of every arrival of these lanes that a workspace of this workspace's
 * organization follows, by lane and horizon. Another organization's arrivals never count.
 */
async function measuredErrors(
  db: Database,
  workspaceId: string,
  lanes: readonly Lane[],
): Promise<Map<string, number[][]>> {
  const byLane = new Map<string, number[][]>();
  if (lanes.length === 0) return byLane;
  const wanted = sql.join(
    lanes.map((l) => sql`(${l.carrier}, ${l.pol}, ${l.pod})`),
    sql`, `,
  );
  const { rows } = await db.execute<{
    carrier: string;
    pol: string;
    pod: string;
    errors: (number | null)[];
  }>(sql`
    SELECT f.carrier, f.pol_locode AS pol, f.pod_locode AS pod, f.error_hours AS errors
    FROM shipment_arrivals f
    WHERE f.source = 'carrier' AND (f.carrier, f.pol_locode, f.pod_locode) IN (${wanted})
      AND EXISTS (
        SELECT 1 FROM ocean_shipments s JOIN workspaces w ON w.id = s.workspace_id
        WHERE s.item_id = f.item_id
          AND w.organization_id = (SELECT organization_id FROM workspaces WHERE id = ${workspaceId}))`);
  for (const row of rows) {
    const key = laneKey(row);
    const horizons = byLane.get(key) ?? HORIZON_DAYS.map(() => []);
    row.errors.forEach((error, i) => {
      if (error !== null && horizons[i]) horizons[i].push(error);
    });
    byLane.set(key, horizons);
  }
  return byLane;
}

/** A box at sea or between vessels: it has left its port of loading and not reached its port of discharge. */
const atSea = (s: OceanShipment) => Boolean(s.departureVO.atd) && !s.arrivalVO.ata;

/**
 * These shipments of one workspace with the carrier ETA's confidence band and, for boxes at sea,
 * Tracklane's estimate, from the organization's measured carrier ETA errors for each carrier and lane
 * at the horizon the ETA stands at (shared eta/eta-confidence.ts).
 */
export async function withMeasuredEstimates<T extends OceanShipment>(
  db: Database,
  workspaceId: string,
  shipments: T[],
  now = new Date(),
): Promise<T[]> {
  const laneOf = (s: OceanShipment): Lane | null =>
    s.pol && s.pod && s.arrivalEstimates?.used
      ? { carrier: s.carrierScac, pol: s.pol.locode, pod: s.pod.locode }
      : null;
  const lanes = new Map<string, Lane>();
  for (const s of shipments) {
    const lane = laneOf(s);
    if (lane) lanes.set(laneKey(lane), lane);
  }
  const errors = await measuredErrors(db, workspaceId, [...lanes.values()]);
  return shipments.map((s) => {
    const lane = laneOf(s);
    const carrier = s.arrivalEstimates?.estimates.find((e) => e.source === 'carrier');
    const measured = lane && errors.get(laneKey(lane));
    if (!carrier || !measured) return s;
    const horizon: HorizonDays = horizonFor(carrier.eta, now);
    const spread: ErrorSpread | null = errorSpread(horizon, measured[HORIZON_DAYS.indexOf(horizon)]!);
    if (!spread) return s;
    const estimates = [{ ...carrier, confidence: carrierBand(carrier.eta, spread) }];
    if (atSea(s)) {
      const own = tracklaneEstimate(carrier.eta, spread);
      estimates.push({
        source: 'tracklane',
        kind: 'port',
        eta: own.eta,
        issuedAt: carrier.issuedAt,
        biasHours: own.biasHours,
        confidence: own.confidence,
      });
    }
    return { ...s, arrivalEstimates: { used: 'carrier', estimates } };
  });
}
