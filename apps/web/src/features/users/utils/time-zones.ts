export interface TimeZoneOption {
  value: string;
  label: string;
}

export interface TimeZoneGroup {
  group: string;
  items: TimeZoneOption[];
}

/** "GMT+05:30" at `date` (offsets move with daylight saving time); engines write UTC as "GMT". */
export function offsetOf(timeZone: string, date: Date): string {
  const part = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' })
    .formatToParts(date)
    .find((p) => p.type === 'timeZoneName');
  return !part || part.value === 'GMT' ? 'GMT+00:00' : part.value;
}

/**
 * Zones renamed in the IANA database whose old names some browsers (Chromium's ICU) still list. The
 * current name goes into the label, so that a search for "Kolkata" finds "Asia/Calcutta".
 */
const RENAMED: Record<string, string> = {
  'America/Godthab': 'Nuuk',
  'Asia/Calcutta': 'Kolkata',
  'Asia/Katmandu': 'Kathmandu',
  'Asia/Rangoon': 'Yangon',
  'Asia/Saigon': 'Ho Chi Minh',
  'Atlantic/Faeroe': 'Faroe',
  'Europe/Kiev': 'Kyiv',
  'Pacific/Enderbury': 'Kanton',
  'Pacific/Ponape': 'Pohnpei',
  'Pacific/Truk': 'Chuuk',
};

/** "America/Argentina/Buenos_Aires" → "America/Argentina/Buenos Aires"; "Asia/Calcutta (Kolkata)". */
function readable(timeZone: string): string {
  const name = timeZone.replace(/_/g, ' ');
  const current = RENAMED[timeZone];
  return current ? `${name} (${current})` : name;
}

/**
 * Every IANA zone the browser knows, grouped by region and labelled with today's UTC offset so that
 * a search for "new york" or "+05:30" finds it. `include` adds zones the list lacks (UTC is not
 * always on it) so that a stored value always has an option.
 */
export function timeZoneGroups(include: string[] = [], date = new Date()): TimeZoneGroup[] {
  const zones = new Set(Intl.supportedValuesOf('timeZone'));
  for (const zone of include) if (zone) zones.add(zone);
  const groups = new Map<string, TimeZoneOption[]>();
  for (const zone of [...zones].sort()) {
    const slash = zone.indexOf('/');
    const group = slash > 0 ? zone.slice(0, slash) : 'Other';
    const items = groups.get(group) ?? [];
    items.push({ value: zone, label: `${readable(zone)} · ${offsetOf(zone, date)}` });
    groups.set(group, items);
  }
  return [...groups].map(([group, items]) => ({ group, items }));
}
