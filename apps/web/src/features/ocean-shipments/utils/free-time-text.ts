export { formatMoney } from '../../../lib/money';

/** Days left to a last free day: "3 days left", "Last free day today", "2 days over". */
export function daysLeftText(daysLeft: number | null): string {
  if (daysLeft === null) return '';
  if (daysLeft === 0) return 'Last free day today';
  const n = Math.abs(daysLeft);
  const days = `${String(n)} day${n === 1 ? '' : 's'}`;
  return daysLeft > 0 ? `${days} left` : `${days} over`;
}

/** How urgent the days left are: over (red), within 2 days (orange), or calm. */
export function daysLeftUrgency(daysLeft: number | null): 'over' | 'soon' | 'none' {
  if (daysLeft === null) return 'none';
  if (daysLeft < 0) return 'over';
  return daysLeft <= 2 ? 'soon' : 'none';
}
