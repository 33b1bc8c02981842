import type { ParcelPlace, ParcelStatus } from './parcel-event';

export interface EstimatedDeliveryRecord {
  /** The announced delivery time (ISO 8601). */
  estimatedDelivery: string;
  /** When it was announced (ISO 8601). */
  recordedAt: string;
}

/**
 * The view of one parcel computed from all of its events by `deriveParcel` (one pure function, like
 * `deriveShipment` for ocean): lists, detail, dashboard and change detection read this.
 */
export interface DerivedParcel {
  /** The status of the latest scan; `pending` while there is none. */
  status: ParcelStatus;
  subStatus: string | null;
  /** The carrier's own text of the latest scan. */
  statusText: string | null;
  exceptionReason: string | null;
  service: string | null;
  origin: ParcelPlace | null;
  destination: ParcelPlace | null;
  /** Where the parcel was last scanned. */
  lastLocation: ParcelPlace | null;
  lastEventAt: string | null;
  /** The latest announced delivery time, null once delivered or when never announced. */
  estimatedDelivery: string | null;
  /** Every distinct announced delivery time, oldest announcement first. */
  estimatedDeliveryHistory: EstimatedDeliveryRecord[];
  pickedUpAt: string | null;
  deliveredAt: string | null;
  signedBy: string | null;
  failedAttempts: number;
  /** The first scan time (or the first estimate's announcement when there is no scan). */
  firstEventAt: string | null;
}
