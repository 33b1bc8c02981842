/**
 * The facts key naming the stored events a source's latest full answer no longer lists (a carrier that
 * omits a planned call stops listing its plans and estimates). Events are never deleted: a mode's
 * derive decides what a withdrawn event still means.
 */
export const WITHDRAWN_FACT = 'withdrawnEventIds';

/** The withdrawn events' ids among an item's facts. */
export function withdrawnOf(facts: object): string[] {
  const ids = (facts as Record<string, unknown>)[WITHDRAWN_FACT];
  return Array.isArray(ids) ? ids.filter((id): id is string => typeof id === 'string') : [];
}
