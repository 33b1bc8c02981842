import { deriveParcel } from '@tracklane/shared/tracking/express/derive-parcel';
import type { DerivedParcel } from '@tracklane/shared/tracking/express/derived-parcel';
import { detectParcelChanges } from '@tracklane/shared/notifications/detect-parcel-changes';
import type { ParcelEvent, ParcelFacts } from '@tracklane/shared/tracking/express/parcel-event';
import { UNKNOWN_TIME, type TrackingState } from '../../db/schema/tracking';
import type { ExpressProvider, ExpressQuery } from '../../integrations/tracking/provider';
import type { ModeSources } from '../../integrations/tracking/sources';
import { parcelMapColumns } from './parcel-map';
import { EXPRESS_FEATURES } from './express-features';
import { defineMode, type TrackingModeDefinition } from '../tracking/tracking-mode';

import { DAY, MINUTE } from '../tracking/backoff';
import { pollInterval } from '../tracking/schedule';

/** Tracking stops this long after delivery (carriers still correct a scan or a signature for a while). */
export const STOP_AFTER_DELIVERY_MS = 2 * DAY;
/** And this long after the last scan of a parcel whose tracking the carrier has expired. */
export const STOP_AFTER_EXPIRY_MS = DAY;

/**
 * When to look again (the one schedule, schedule.ts): every half hour while out for delivery, often
 * close to the estimated delivery, by how recently it changed otherwise, rarely once delivered; never
 * once it has been delivered (or expired) for a while.
 */
export function expressNextCheck(
  derived: DerivedParcel,
  changedAt: Date,
  now: Date,
  options: { pushed?: boolean } = {},
): { at: Date | null; completed: boolean } {
  const since = (iso: string | null) => (iso ? now.getTime() - Date.parse(iso) : 0);
  if (derived.status === 'delivered' && since(derived.deliveredAt) > STOP_AFTER_DELIVERY_MS)
    return { at: null, completed: true };
  if (derived.status === 'expired' && since(derived.lastEventAt) > STOP_AFTER_EXPIRY_MS)
    return { at: null, completed: true };
  const interval = pollInterval({
    milestones: [derived.deliveredAt ? null : derived.estimatedDelivery],
    settled: derived.status === 'delivered',
    urgent: derived.status === 'out_for_delivery' ? 30 * MINUTE : undefined,
    changedAt,
    now,
    pushed: options.pushed ?? false,
  });
  return { at: new Date(now.getTime() + interval), completed: false };
}

/** The list columns every express subscription copies from its tracked parcel. */
export function expressListColumns(derived: DerivedParcel | null, state: TrackingState) {
  const date = (iso: string | null | undefined) => (iso ? new Date(iso) : null);
  return {
    state,
    status: derived?.status ?? null,
    estimatedDelivery: date(derived?.estimatedDelivery),
    deliveredAt: date(derived?.deliveredAt),
    lastEventAt: date(derived?.lastEventAt),
    deliveryAt: date(derived?.deliveredAt ?? derived?.estimatedDelivery) ?? UNKNOWN_TIME,
    ...parcelMapColumns(derived),
    updatedAt: new Date(),
  };
}

/**
 * Express parcels as a tracking mode: a carrier's tracking number (tracking_no, no reference),
 * normalised ParcelEvents, `deriveParcel`, and express_shipments as the subscriptions.
 */
export function createExpressMode(sources: ModeSources<ExpressProvider>): TrackingModeDefinition {
  return defineMode<ExpressQuery, ParcelEvent, ParcelFacts, DerivedParcel>({
    mode: 'express',
    sources,
    query: (item) => ({
      trackingNo: item.trackingNo,
      carrier: item.carrier,
      trackingStartedAt: item.trackingStartedAt,
    }),
    derive: deriveParcel,
    nextCheck: expressNextCheck,
    detectChanges: detectParcelChanges,
    // Parcel carriers are our lower-case codes.
    carrierCode: (carrier) => carrier.trim().toLowerCase(),
    listColumns: expressListColumns,
    features: EXPRESS_FEATURES,
  });
}
