const MINUTE_MS = 60_000;

/**
 * A change of a time, as logistics people say it: "+2 d 6 h" later, "−5 h" earlier, "0 h" unchanged.
 * Days and hours, or hours and minutes under a day; the two largest units only.
 */
export function formatShift(fromIso: string, toIso: string): string {
  const minutes = Math.round((Date.parse(toIso) - Date.parse(fromIso)) / MINUTE_MS);
  if (minutes === 0) return '0 h';
  const sign = minutes > 0 ? '+' : '\u2212';
  const total = Math.abs(minutes);
  const days = Math.floor(total / 1440);
  const hours = Math.floor((total % 1440) / 60);
  const mins = total % 60;
  const parts =
    days > 0
      ? [`${String(days)} d`, hours > 0 ? `${String(hours)} h` : null]
      : hours > 0
        ? [`${String(hours)} h`, mins > 0 ? `${String(mins)} min` : null]
        : [`${String(mins)} min`];
  return `${sign}${parts.filter(Boolean).join(' ')}`;
}

/** Positive when `toIso` is later than `fromIso`: a slip. */
export const shiftMinutes = (fromIso: string, toIso: string) =>
  Math.round((Date.parse(toIso) - Date.parse(fromIso)) / MINUTE_MS);
