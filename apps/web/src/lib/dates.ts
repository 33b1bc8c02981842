/**
 * Dates as the spec shows them (§9): day/month/year with 24-hour time, in a given IANA time zone.
 * Intl does the zone arithmetic, so no time-zone database ships with the app.
 */

export type DateInput = Date | string | number | null | undefined;

/** Shown where a date is missing or unreadable ("or a dash", spec §3). */
export const EMPTY_DATE = '-';

const FALLBACK_TIME_ZONE = 'UTC';

/**
 * Temporal's clock, where the browser has it: it names the browser's zone and checks a zone without
 * building a date formatter, whose first one loads the browser's locale tables on the main thread.
 */
interface TemporalNow {
  timeZoneId(): string;
  zonedDateTimeISO(timeZone: string): unknown;
}
const temporalNow = (): TemporalNow | undefined =>
  (globalThis as { Temporal?: { Now?: TemporalNow } }).Temporal?.Now;

/** The browser's IANA time zone (spec §9: "timeZone taken from the browser"). */
export function browserTimeZone(): string {
  try {
    const now = temporalNow();
    return (now ? now.timeZoneId() : Intl.DateTimeFormat().resolvedOptions().timeZone) || FALLBACK_TIME_ZONE;
  } catch {
    return FALLBACK_TIME_ZONE;
  }
}

const checkedZones = new Map<string, boolean>();

export function isValidTimeZone(timeZone: string): boolean {
  let valid = checkedZones.get(timeZone);
  if (valid === undefined) {
    try {
      const now = temporalNow();
      if (now) now.zonedDateTimeISO(timeZone);
      else new Intl.DateTimeFormat('en-GB', { timeZone });
      valid = true;
    } catch {
      valid = false;
    }
    // Building a formatter to check costs about a millisecond on a phone, and every component that
    // shows a date asks on each render: each zone is checked once.
    if (checkedZones.size < 1_000) checkedZones.set(timeZone, valid);
  }
  return valid;
}

// Formatters are costly to build (checking a zone builds one too, without Temporal) and tables format
// hundreds of dates per render: one per zone asked for, checked once.
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string, withTime: boolean): Intl.DateTimeFormat {
  const key = `${timeZone}|${String(withTime)}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    const options: Intl.DateTimeFormatOptions = {
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      ...(withTime ? { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' } : {}),
    };
    const zone = isValidTimeZone(timeZone) ? timeZone : browserTimeZone();
    try {
      formatter = new Intl.DateTimeFormat('en-GB', { ...options, timeZone: zone });
    } catch {
      // A zone Temporal knows and this browser's formatter does not: the one zone every browser has.
      formatter = new Intl.DateTimeFormat('en-GB', { ...options, timeZone: FALLBACK_TIME_ZONE });
    }
    formatters.set(key, formatter);
  }
  return formatter;
}

function toDate(value: DateInput): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

function parts(date: Date, timeZone: string, withTime: boolean): Record<string, string> {
  const result: Record<string, string> = {};
  for (const part of formatterFor(timeZone, withTime).formatToParts(date)) {
    result[part.type] = part.value;
  }
  return result;
}

/** "DD/MM/YYYY" in `timeZone`; lists use this (they drop the time). */
export function formatDate(value: DateInput, timeZone: string): string {
  const date = toDate(value);
  if (!date) return EMPTY_DATE;
  const p = parts(date, timeZone, false);
  return `${p.day ?? ''}/${p.month ?? ''}/${p.year ?? ''}`;
}

/**
 * A calendar day that belongs to no reader's zone (YYYY-MM-DD: a port's last free day) as the product
 * writes days, "DD/MM/YYYY"; anything else as missing.
 */
export function formatDay(day: string | null | undefined): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day ?? '');
  return match ? `${match[3]!}/${match[2]!}/${match[1]!}` : EMPTY_DATE;
}

/** "DD/MM/YYYY HH:mm" (24-hour) in `timeZone`. */
export function formatDateTime(value: DateInput, timeZone: string): string {
  const date = toDate(value);
  if (!date) return EMPTY_DATE;
  const p = parts(date, timeZone, true);
  return `${p.day ?? ''}/${p.month ?? ''}/${p.year ?? ''} ${p.hour ?? ''}:${p.minute ?? ''}`;
}

/**
 * The calendar day as ISO 8601 ("YYYY-MM-DD") in `timeZone`, or null: what exports write, since every
 * spreadsheet reads it as a date whatever its locale (a day/month/year text is read month first in some).
 */
export function isoDay(value: DateInput, timeZone: string): string | null {
  const date = toDate(value);
  if (!date) return null;
  const p = parts(date, timeZone, false);
  return `${p.year ?? ''}-${p.month ?? ''}-${p.day ?? ''}`;
}

/** An instant's wall clock in a zone, to the minute, as a datetime-local input holds it (YYYY-MM-DDTHH:mm). */
export function wallTime(value: DateInput, timeZone: string): string {
  const date = value instanceof Date ? value : new Date(value ?? Number.NaN);
  if (Number.isNaN(date.getTime())) return '';
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: isValidTimeZone(timeZone) ? timeZone : FALLBACK_TIME_ZONE,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  }).formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '00';
  return `${part('year')}-${part('month')}-${part('day')}T${part('hour')}:${part('minute')}`;
}

/**
 * The instant (ISO 8601, UTC) at which a zone's wall clock reads `local` (YYYY-MM-DDTHH:mm), or null
 * when it is no date. In a change of clocks the earlier reading wins.
 */
export function instantOfWallTime(local: string, timeZone: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(local);
  if (!match) return null;
  const [y, mo, d, h, mi] = match.slice(1).map(Number) as [number, number, number, number, number];
  const asUtc = Date.UTC(y, mo - 1, d, h, mi);
  if (new Date(asUtc).getUTCDate() !== d || h > 23) return null;
  // The zone's offset at a guess, then at the corrected instant (offsets change around it).
  const offsetAt = (instant: number) => {
    const [date, time] = wallTime(instant, timeZone).split('T') as [string, string];
    const [yy, mm, dd] = date.split('-').map(Number) as [number, number, number];
    const [hh, mn] = time.split(':').map(Number) as [number, number];
    return Date.UTC(yy, mm - 1, dd, hh, mn) - instant;
  };
  let instant = asUtc - offsetAt(asUtc);
  instant = asUtc - offsetAt(instant);
  return new Date(instant).toISOString();
}
