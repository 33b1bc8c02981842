/** A share as a whole percentage ("62%"), or a dash when there is none. */
export const percent = (share: number | null) =>
  share === null ? '–' : `${String(Math.round(share * 100))}%`;

/** Hours as days with one decimal ("1.5 d"), or a dash when there are none. */
export const days = (hours: number | null) => (hours === null ? '–' : `${(hours / 24).toFixed(1)} d`);

/** A signed number of hours as days ("0.5 d late", "0.3 d early", "on the day"). */
export function bias(hours: number | null): string {
  if (hours === null) return '–';
  const value = (Math.abs(hours) / 24).toFixed(1);
  if (value === '0.0') return 'on the day';
  return hours > 0 ? `${value} d late` : `${value} d early`;
}

/** "Mar" for "2026-03", "Mar 26" when the months span more than one year. */
export function monthLabel(month: string, withYear: boolean): string {
  const date = new Date(`${month}-01T00:00:00Z`);
  const name = date.toLocaleString('en', { month: 'short', timeZone: 'UTC' });
  return withYear ? `${name} ${month.slice(2, 4)}` : name;
}
