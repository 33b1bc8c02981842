import type { TrackingEvent } from '@tracklane/shared/tracking/tracking-event';

export interface TrackingQuery {
  containerNo: string;
  mblNo: string;
  carrierScac: string;
  /** When Tracklane started following this container (the demo carrier anchors voyages on it). */
  trackingStartedAt: Date;
}

export type TrackingResult =
  { status: 'found'; events: TrackingEvent[]; lastFreeDay?: string | null } | { status: 'not_found' };

/**
 * Where carrier data comes from. A provider answers `not_found` when the carrier does not know the
 * container, and throws for anything temporary (outage, timeout, bad payload) so the caller retries
 * later without touching what it already stored.
 */
export interface TrackingProvider {
  readonly source: 'demo' | 'dcsa';
  track(query: TrackingQuery, now: Date): Promise<TrackingResult>;
}
