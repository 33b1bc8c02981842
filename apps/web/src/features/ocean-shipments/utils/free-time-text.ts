import type { OceanFreeTime } from '@tracklane/shared/ocean-shipments/ocean-shipments.schema';
import type { ClockName } from '@tracklane/shared/free-time/free-time.schema';
import { clockLabel, daysLeftText } from '@tracklane/shared/free-time/free-time-text';

export { formatMoney } from '../../../lib/money';

/** The free time that ends next, named by its clock: "Detention: 1 day left"; '' when none runs. */
export function nextFreeTimeText(freeTime: OceanFreeTime): string {
  if (freeTime.clock === null || freeTime.daysLeft === null) return '';
  return `${clockLabel(freeTime.clock, freeTime.combined)}: ${daysLeftText(freeTime.daysLeft)}`;
}

/** How urgent the days left are: over (red), within 2 days (orange), or calm. */
export function daysLeftUrgency(daysLeft: number | null): 'over' | 'soon' | 'none' {
  if (daysLeft === null) return 'none';
  if (daysLeft < 0) return 'over';
  return daysLeft <= 2 ? 'soon' : 'none';
}

/** One clock's last free day as its cell shows it: the day, how urgent, and its state in words. */
export function clockDay(
  freeTime: OceanFreeTime,
  clock: ClockName,
): { day: string | null; urgency: 'over' | 'soon' | 'none'; note: string } {
  const { lastFreeDay, state } = freeTime[clock];
  // The clock that ends next carries the days left (demurrage too before a discharge reached us,
  // when the carrier gives its last free day).
  if (freeTime.clock === clock && freeTime.daysLeft !== null)
    return {
      day: lastFreeDay ?? freeTime.lastFreeDay,
      urgency: daysLeftUrgency(freeTime.daysLeft),
      note: `${clockLabel(clock, freeTime.combined)}: ${daysLeftText(freeTime.daysLeft)}`,
    };
  const word = state === 'stopped' ? 'stopped' : state === 'running' ? 'running' : 'not started';
  return { day: lastFreeDay, urgency: 'none', note: `${clockLabel(clock, freeTime.combined)}: ${word}` };
}
