import { detectShipmentChanges } from '@tracklane/shared/notifications/detect-shipment-changes';
import { deriveShipment, type DerivedShipment } from '@tracklane/shared/tracking/derive-shipment';
import type { TrackingEvent } from '@tracklane/shared/tracking/tracking-event';
import { oceanShipments, UNKNOWN_TIME, type TrackingState } from '../../db/schema/tracking';
import type { OceanFacts, OceanProvider, OceanQuery } from '../../integrations/tracking/provider';
import { updateFreeTimeClocks } from '../free-time/free-time-clocks';
import { defineMode, type TrackingModeDefinition } from '../tracking/tracking-mode';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** Tracking stops this long after the empty container is returned. */
export const STOP_AFTER_EMPTY_RETURN_MS = 3 * DAY;

/**
 * When to look again: soon while a container is changing, less often as it goes quiet, never after
 * it has been back at the depot for a few days.
 */
export function oceanNextCheck(
  derived: DerivedShipment,
  changedAt: Date,
  now: Date,
): { at: Date | null; completed: boolean } {
  const returned = derived.shipmentOverall.emptyReturned;
  if (
    returned?.classifier === 'ACT' &&
    now.getTime() - Date.parse(returned.time) > STOP_AFTER_EMPTY_RETURN_MS
  ) {
    return { at: null, completed: true };
  }
  const quiet = now.getTime() - changedAt.getTime();
  const interval = quiet < DAY ? HOUR : quiet < 7 * DAY ? 3 * HOUR : 12 * HOUR;
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
 * (SCAC), DCSA-shaped events, `deriveShipment`, and ocean_shipments as the subscriptions.
 */
export function createOceanMode(providerFor: (carrierScac: string) => OceanProvider): TrackingModeDefinition {
  return defineMode<OceanQuery, TrackingEvent, OceanFacts, DerivedShipment>({
    mode: 'ocean',
    providerFor,
    query: (item) => ({
      containerNo: item.trackingNo,
      mblNo: item.reference,
      carrierScac: item.carrier,
      trackingStartedAt: item.trackingStartedAt,
    }),
    derive: (events, facts) => deriveShipment(events, { lastFreeDay: facts.lastFreeDay ?? null }),
    nextCheck: oceanNextCheck,
    detectChanges: detectShipmentChanges,
    subscriptionTable: oceanShipments,
    listColumns: oceanListColumns,
    // Then each subscription's free-time clocks, on its own terms (and the last free day they give).
    async afterCopy(db, itemIds) {
      await updateFreeTimeClocks(db, { itemIds }, new Date());
    },
  });
}
