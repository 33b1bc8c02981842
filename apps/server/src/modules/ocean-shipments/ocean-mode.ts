import { detectShipmentChanges } from '@tracklane/shared/notifications/detect-shipment-changes';
import { deriveShipment, type DerivedShipment } from '@tracklane/shared/tracking/ocean/derive-shipment';
import type { TrackingEvent } from '@tracklane/shared/tracking/ocean/tracking-event';
import { UNKNOWN_TIME, type TrackingState } from '../../db/schema/tracking';
import type { OceanFacts, OceanProvider, OceanQuery } from '../../integrations/tracking/provider';
import type { ModeSources } from '../../integrations/tracking/sources';
import { updateFreeTimeClocks } from './free-time/free-time-clocks';
import { updateTerminalColumns } from './terminal-availability/terminal-columns';
import { applyManualEtas } from './eta/manual-eta';
import { refreshTerminals, type TerminalSources } from './terminal-availability/terminal-refresh';
import { OCEAN_FEATURES } from './ocean-features';
import { billCarriersFollowed, moveBillsToScope } from './bill-rescope';
import { defineMode, type TrackingModeDefinition } from '../tracking/tracking-mode';

import { DAY } from '../tracking/backoff';
import { withdrawnOf } from '../tracking/withdrawn-events';
import { pollInterval } from '../tracking/schedule';

/** Tracking stops this long after the empty container is returned. */
export const STOP_AFTER_EMPTY_RETURN_MS = 3 * DAY;

/**
 * When to look again (the one schedule, schedule.ts): often close to the arrival, the discharge and
 * the last free day, rarely once the full container has left the terminal, never after it has been
 * back at the depot for a few days.
 */
export function oceanNextCheck(
  derived: DerivedShipment,
  changedAt: Date,
  now: Date,
  options: { pushed?: boolean } = {},
): { at: Date | null; completed: boolean } {
  const overall = derived.shipmentOverall;
  const returned = overall.emptyReturned;
  if (
    returned?.classifier === 'ACT' &&
    now.getTime() - Date.parse(returned.time) > STOP_AFTER_EMPTY_RETURN_MS
  ) {
    return { at: null, completed: true };
  }
  const actual = (m: { classifier: string } | null) => m?.classifier === 'ACT';
  const interval = pollInterval({
    milestones: [
      derived.arrivalVO.ata ? null : derived.arrivalVO.eta,
      actual(overall.discharged) ? null : overall.discharged?.time,
      overall.lastFreeDay?.time,
    ],
    settled: actual(overall.fullGateOut) || actual(returned),
    changedAt,
    now,
    pushed: options.pushed ?? false,
  });
  return { at: new Date(now.getTime() + interval), completed: false };
}

/** The list columns every ocean subscription copies from its tracked container. */
export function oceanListColumns(derived: DerivedShipment | null, state: TrackingState) {
  const date = (iso: string | null | undefined) => (iso ? new Date(iso) : null);
  return {
    state,
    status: derived?.status ?? null,
    polLocode: derived?.pol?.locode ?? null,
    podLocode: derived?.pod?.locode ?? null,
    vesselName: derived?.vessel?.name ?? null,
    etd: date(derived?.departureVO.etd),
    atd: date(derived?.departureVO.atd),
    eta: date(derived?.arrivalVO.eta),
    ata: date(derived?.arrivalVO.ata),
    arrivalAt: date(derived?.arrivalVO.ata ?? derived?.arrivalVO.eta) ?? UNKNOWN_TIME,
    departureAt: date(derived?.departureVO.atd ?? derived?.departureVO.etd) ?? UNKNOWN_TIME,
    lastFreeDay: date(derived?.shipmentOverall.lastFreeDay?.time),
    firstEta: date(derived?.etaHistory[0]?.eta),
    rolledAt: date(derived?.rolls.at(-1)?.recordedAt),
    updatedAt: new Date(),
  };
}

/**
 * Ocean as a tracking mode: a container (tracking_no) on a bill of lading (reference) with a carrier
 * (SCAC), DCSA-shaped events, `deriveShipment`, and ocean_shipments as the subscriptions. With
 * `terminals`, the organizations' terminal connections are asked about containers near or at their
 * port of discharge after each refresh (ADR 0039).
 */
export function createOceanMode(
  sources: ModeSources<OceanProvider>,
  terminals?: TerminalSources,
): TrackingModeDefinition {
  return defineMode<OceanQuery, TrackingEvent, OceanFacts, DerivedShipment>({
    mode: 'ocean',
    sources,
    query: (item) => ({
      containerNo: item.trackingNo,
      mblNo: item.reference,
      referenceKind: item.referenceKind,
      carrierScac: item.carrier,
      trackingStartedAt: item.trackingStartedAt,
    }),
    derive: (events, facts) =>
      deriveShipment(events, {
        lastFreeDay: facts.lastFreeDay ?? null,
        withdrawn: new Set(withdrawnOf(facts)),
      }),
    nextCheck: oceanNextCheck,
    detectChanges: detectShipmentChanges,
    // Ocean carriers are SCACs.
    carrierCode: (carrier) => carrier.trim().toUpperCase(),
    others: { followed: billCarriersFollowed, rescope: moveBillsToScope },
    listColumns: oceanListColumns,
    features: OCEAN_FEATURES,
    // Then each subscription's own organization's terminal columns (the carrier's gate-out ends its
    // holds and availability), its free-time clocks, on its own terms and last free days, and its
    // arrival sort, on an ETA set by hand.
    async afterCopy(db, itemIds) {
      await updateTerminalColumns(db, { itemIds });
      await updateFreeTimeClocks(db, { itemIds }, new Date());
      await applyManualEtas(db, itemIds);
    },
    ...(terminals
      ? {
          afterRefresh: (database, itemIds, now) => refreshTerminals(database, terminals, itemIds, now),
        }
      : {}),
  });
}
