/**
 * The tracking engine's polling schedule, for every mode (issue 34): more often close to a moment that
 * matters (an arrival, a discharge, a last free day, a delivery), rarely once the journey is all but
 * over (delivered, gated out), and by how recently the item changed otherwise; rarely too while its
 * carrier pushes its events (a subscription of the organization's connection), as a safety net for a
 * callback that never arrived. Items followed only by archived shipments are not asked at all
 * (claimDueItems parks them). Plain numbers, no imports.
 */
import { DAY, HOUR, MINUTE } from './backoff';

export interface ScheduleInput {
  /** Moments worth watching closely, ISO 8601 (estimates still to come, or just past); null: unknown. */
  milestones: readonly (string | null | undefined)[];
  /** The journey is all but over (delivered, full container gated out): asked rarely until it ends. */
  settled: boolean;
  /** The shortest wait the item's state calls for (e.g. a parcel out for delivery), if any. */
  urgent?: number;
  /** When the item's derived view last changed. */
  changedAt: Date;
  now: Date;
  /** The carrier pushes the item's events as they happen (an active event subscription). */
  pushed?: boolean;
}

/** Asked this rarely once the journey is all but over. */
export const SETTLED_INTERVAL = 12 * HOUR;

/**
 * Asked this rarely while the carrier pushes the item's events: twice a day catches a callback the
 * carrier gave up on long before the item would look stale (48 hours).
 */
export const PUSHED_INTERVAL = 12 * HOUR;

/** How long to wait before asking about an item again. */
export function pollInterval({ milestones, settled, urgent, changedAt, now, pushed }: ScheduleInput): number {
  if (pushed) return PUSHED_INTERVAL;
  if (settled) return SETTLED_INTERVAL;
  const quiet = now.getTime() - changedAt.getTime();
  let interval = quiet < DAY ? HOUR : quiet < 7 * DAY ? 3 * HOUR : 12 * HOUR;
  const distances = milestones
    .map((iso) => (iso ? Math.abs(Date.parse(iso) - now.getTime()) : Number.NaN))
    .filter((d) => Number.isFinite(d));
  if (distances.length) {
    const nearest = Math.min(...distances);
    const close =
      nearest <= DAY ? 30 * MINUTE : nearest <= 3 * DAY ? HOUR : nearest <= 7 * DAY ? 3 * HOUR : null;
    if (close !== null) interval = Math.min(interval, close);
  }
  return urgent === undefined ? interval : Math.min(interval, urgent);
}
