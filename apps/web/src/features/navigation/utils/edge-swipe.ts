/** A touch must start this close to the left edge to open the drawer, so page swipes stay free. */
export const EDGE_ZONE_PX = 24;
/** Horizontal travel that counts as a deliberate swipe. */
export const SWIPE_DISTANCE_PX = 60;

export interface TouchPoint {
  x: number;
  y: number;
}

export type SwipeAction = 'open' | 'close' | null;

/**
 * What a finished touch gesture means for the mobile sidebar drawer (spec §2): from the left edge
 * to the right opens it, to the left closes it. Mostly vertical gestures are scrolls, not swipes.
 */
export function detectSwipe(start: TouchPoint, end: TouchPoint, drawerOpened: boolean): SwipeAction {
  const dx = end.x - start.x;
  const dy = end.y - start.y;
  if (Math.abs(dy) > Math.abs(dx)) return null;
  if (!drawerOpened && start.x <= EDGE_ZONE_PX && dx > SWIPE_DISTANCE_PX) return 'open';
  if (drawerOpened && dx < -SWIPE_DISTANCE_PX) return 'close';
  return null;
}
