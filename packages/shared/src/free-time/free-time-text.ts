import type { ClockName } from './free-time.schema';

/**
 * A clock as people name it. With merged free time both run down one pool: the clock still says
 * where the box is (demurrage at the terminal, detention outside).
 */
export function clockLabel(clock: ClockName, combined = false): string {
  const name = clock === 'demurrage' ? 'Demurrage' : 'Detention';
  return combined ? `${name} (combined)` : name;
}

/** Days left to a last free day: "3 days left", "ends today", "2 days over". */
export function daysLeftText(daysLeft: number): string {
  if (daysLeft === 0) return 'ends today';
  const n = Math.abs(daysLeft);
  const days = `${String(n)} day${n === 1 ? '' : 's'}`;
  return daysLeft > 0 ? `${days} left` : `${days} over`;
}
