import type { ClockName } from './free-time';

/** A clock as people name it; with merged free time both clocks run down one pool. */
export function clockLabel(clock: ClockName, combined = false): string {
  if (combined) return 'Combined D&D';
  return clock === 'demurrage' ? 'Demurrage' : 'Detention';
}

/** Days left to a last free day: "3 days left", "ends today", "2 days over". */
export function daysLeftText(daysLeft: number): string {
  if (daysLeft === 0) return 'ends today';
  const n = Math.abs(daysLeft);
  const days = `${String(n)} day${n === 1 ? '' : 's'}`;
  return daysLeft > 0 ? `${days} left` : `${days} over`;
}
