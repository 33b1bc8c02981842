import type { OceanFreeTime } from '@tracklane/shared/tracking/ocean/ocean-shipments.schema';
import type { ClockName } from '@tracklane/shared/free-time/free-time.schema';
import { clockLabel, daysLeftText } from '@tracklane/shared/free-time/free-time-text';

import { formatDay } from '../../../lib/dates';

export { formatMoney } from '../../../lib/money';

/** The free time that ends next, named by its clock: "Detention · 1 day left"; '' when none runs. */
export function nextFreeTimeText(freeTime: OceanFreeTime): string {
  if (freeTime.clock === null || freeTime.daysLeft === null) return '';
  return `${clockLabel(freeTime.clock, freeTime.combined)} · ${daysLeftText(freeTime.daysLeft)}`;
}

/** How urgent the days left are: over (red), within 2 days (orange), or calm. */
export function daysLeftUrgency(daysLeft: number | null): 'over' | 'soon' | 'none' {
  if (daysLeft === null) return 'none';
  if (daysLeft < 0) return 'over';
  return daysLeft <= 2 ? 'soon' : 'none';
}

/**
 * Both clocks' last free days in words, for the free-time cell's tooltip: "Demurrage LFD 27/11/2026
 * (stopped) · Detention LFD 28/11/2026 (running)".
 */
export function clocksSummary(freeTime: OceanFreeTime): string {
  const one = (clock: ClockName) => {
    const { lastFreeDay, state } = freeTime[clock];
    const word = state === 'not_started' ? 'not started' : state;
    return `${clockLabel(clock)} LFD ${lastFreeDay ? formatDay(lastFreeDay) : '-'} (${word})`;
  };
  const both = `${one('demurrage')} · ${one('detention')}`;
  return freeTime.combined ? `Combined free time: ${both}` : both;
}
