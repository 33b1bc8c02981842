/** The tracking engine's schedule of retries: plain numbers, no imports (see refresh.service.ts). */
export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

/** How long a not-found item waits between checks once it is in the not-found tab. */
export const NOT_FOUND_RECHECK_MS = DAY;

/** Retry delay after a provider failure: exponential from 5 minutes, capped at 6 hours. */
export function failureBackoff(consecutiveFailures: number): number {
  return Math.min(5 * MINUTE * 2 ** Math.max(0, consecutiveFailures - 1), 6 * HOUR);
}

/** New bookings and labels often reach carrier systems late: ask again within hours, then give up. */
export function notFoundBackoff(checks: number): number {
  return Math.min(30 * MINUTE * 2 ** Math.max(0, checks - 1), 12 * HOUR);
}
