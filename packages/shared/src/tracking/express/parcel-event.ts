/**
 * Parcel tracking in our own normalised shape: what every express provider (the demo parcel carrier,
 * Karrio) produces and what we store. The statuses are one-to-one with the sets logistics users know
 * from AfterShip and 17TRACK; the carrier's own code and text are kept beside them.
 */
export const PARCEL_STATUSES = [
  'pending',
  'info_received',
  'in_transit',
  'out_for_delivery',
  'failed_attempt',
  'available_for_pickup',
  'delivered',
  'exception',
  'expired',
] as const;
export type ParcelStatus = (typeof PARCEL_STATUSES)[number];

export const PARCEL_STATUS_LABELS: Record<ParcelStatus, string> = {
  pending: 'Pending',
  info_received: 'Info received',
  in_transit: 'In transit',
  out_for_delivery: 'Out for delivery',
  failed_attempt: 'Failed attempt',
  available_for_pickup: 'Available for pickup',
  delivered: 'Delivered',
  exception: 'Exception',
  expired: 'Expired',
};

/** A place a parcel was scanned at or travels between. Every field may be unknown. */
export interface ParcelPlace {
  /** Free text as the carrier gives it, e.g. "LOUISVILLE KY US" or "Leipzig Hub". */
  name: string | null;
  city: string | null;
  /** ISO 3166-1 alpha-2. */
  countryCode: string | null;
  latitude: number | null;
  longitude: number | null;
}

/**
 * One parcel event. `ACT` events are scans (something happened); `EST` events are estimated-delivery
 * announcements: their `eventTime` is the announced delivery time, their `createdAt` when it was
 * announced, and their `status` is null. Keeping estimates as events gives the estimated-delivery
 * history for free, as EST arrival events do for ocean ETAs.
 */
export interface ParcelEvent {
  /** Unique within its source. */
  eventId: string;
  classifier: 'ACT' | 'EST';
  status: ParcelStatus | null;
  /** Finer reason within the status, e.g. "delivery_delayed", "return_to_sender", "customs_hold". */
  subStatus: string | null;
  /** The carrier's own event code, when it has one. */
  carrierCode: string | null;
  /** The carrier's own text. */
  description: string;
  exceptionReason: string | null;
  location: ParcelPlace | null;
  /** ISO 8601: when it happened, or (EST) the announced delivery time. */
  eventTime: string;
  /** ISO 8601: when the carrier created or announced it. */
  createdAt: string;
}

/** What a provider knows about a parcel besides its events. */
export interface ParcelFacts {
  service: string | null;
  origin: ParcelPlace | null;
  destination: ParcelPlace | null;
  signedBy: string | null;
}

/** An estimated-delivery announcement as an event: delivery expected at `eventTime`, announced at `createdAt`. */
export function estimatedDeliveryEvent(eventId: string, eventTime: string, createdAt: string): ParcelEvent {
  return {
    eventId,
    classifier: 'EST',
    status: null,
    subStatus: null,
    carrierCode: null,
    description: 'Estimated delivery',
    exceptionReason: null,
    location: null,
    eventTime,
    createdAt,
  };
}
