const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * "2 days 5 hours", "3 hours", "40 minutes": a moved estimate's distance in the two largest units that
 * matter to someone planning a pickup. Sign is ignored (the caller says earlier or later).
 */
export function describeDuration(ms: number): string {
  const abs = Math.abs(ms);
  const plural = (n: number, unit: string) => `${String(n)} ${unit}${n === 1 ? '' : 's'}`;
  if (abs >= DAY) {
    const days = Math.floor(abs / DAY);
    const hours = Math.round((abs - days * DAY) / HOUR);
    if (hours === 24) return plural(days + 1, 'day');
    return hours ? `${plural(days, 'day')} ${plural(hours, 'hour')}` : plural(days, 'day');
  }
  if (abs >= HOUR) {
    const hours = Math.floor(abs / HOUR);
    const minutes = Math.round((abs - hours * HOUR) / MINUTE);
    if (minutes === 60) return plural(hours + 1, 'hour');
    return minutes ? `${plural(hours, 'hour')} ${plural(minutes, 'minute')}` : plural(hours, 'hour');
  }
  return plural(Math.max(1, Math.round(abs / MINUTE)), 'minute');
}

/** "moved 2 days later" / "moved 3 hours earlier". */
export function describeShift(deltaMs: number): string {
  return `moved ${describeDuration(deltaMs)} ${deltaMs > 0 ? 'later' : 'earlier'}`;
}
