import {
  CLOCK_NAMES,
  type ClockName,
  type ClockTerms,
  type FreeTimeTerms,
  type LastFreeDaySource,
  type TariffTier,
} from './free-time.schema';

/** A calendar day in the port's time zone, as YYYY-MM-DD. */
export type LocalDate = string;

const DAY = 86_400_000;

// Lists compute both clocks of every row they show, each row asking for today and its milestones'
// days: a formatter per zone, built once, and the days already asked for (a page asks for today fifty
// times; formatting costs microseconds, a lookup a fraction of one).
const dayFormatters = new Map<string, Intl.DateTimeFormat>();
const knownDays = new Map<string, LocalDate>();
const KNOWN_DAYS_MAX = 10_000;

/** The calendar day of an instant in a time zone. */
export function localDate(instant: Date | string, timeZone: string): LocalDate {
  const at = new Date(instant);
  const key = `${timeZone} ${String(at.getTime())}`;
  const known = knownDays.get(key);
  if (known !== undefined) return known;
  let formatter = dayFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    if (dayFormatters.size < 1_000) dayFormatters.set(timeZone, formatter);
  }
  const parts = formatter.formatToParts(at);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  const day = `${part('year')}-${part('month')}-${part('day')}`;
  if (knownDays.size >= KNOWN_DAYS_MAX) knownDays.clear();
  knownDays.set(key, day);
  return day;
}

const dayNumber = (date: LocalDate) => Date.parse(`${date}T00:00:00Z`) / DAY;
const fromDayNumber = (n: number): LocalDate => new Date(n * DAY).toISOString().slice(0, 10);
/** `date` moved by `days` calendar days. */
export const addDays = (date: LocalDate, days: number): LocalDate => fromDayNumber(dayNumber(date) + days);
/** Calendar days from `a` to `b` (positive when b is later). */
export const daysBetween = (a: LocalDate, b: LocalDate): number => dayNumber(b) - dayNumber(a);
const isWorkingDay = (date: LocalDate) => {
  const weekday = new Date(dayNumber(date) * DAY).getUTCDay();
  return weekday !== 0 && weekday !== 6;
};

/**
 * The last free day of a clock started on `start`: the day of the event counts as the first free day
 * (calendar days), or the first working day on or after it (working days: Saturdays and Sundays are
 * not counted). No free days: the day before the start, so the first day is already charged.
 */
export function lastFreeDayOf(start: LocalDate, terms: Pick<ClockTerms, 'freeDays' | 'dayCount'>): LocalDate {
  if (terms.freeDays <= 0) return addDays(start, -1);
  if (terms.dayCount === 'calendar') return addDays(start, terms.freeDays - 1);
  let day = start;
  let counted = 0;
  for (;;) {
    if (isWorkingDay(day) && ++counted === terms.freeDays) return day;
    day = addDays(day, 1);
  }
}

/** The charge for `days` chargeable days over the tiers, in order (the last tier's rate runs on). */
export function tieredCost(tiers: readonly TariffTier[], days: number): number {
  let left = Math.max(0, days);
  let cost = 0;
  for (const [i, tier] of tiers.entries()) {
    if (left === 0) break;
    const last = i === tiers.length - 1;
    const here = tier.days === null || last ? left : Math.min(left, tier.days);
    cost += here * tier.rate;
    left -= here;
  }
  return Math.round(cost * 100) / 100;
}

/** The actual times of the milestones that start and stop the clocks (ISO 8601), as known now. */
export interface ClockMilestones {
  discharged: string | null;
  fullGateOut: string | null;
  emptyReturned: string | null;
  /** The carrier's last free day at the terminal, when it gives one: it wins over our count. */
  carrierLastFreeDay: string | null;
  /** The terminal's storage-paid-through date (its last free day): it wins over the carrier's. */
  terminalLastFreeDay?: string | null | undefined;
  /** A last free day set by hand on the shipment: it wins over every other. */
  manualLastFreeDay?: string | null | undefined;
}

export type ClockState = 'not_started' | 'running' | 'stopped';

export interface Clock {
  state: ClockState;
  startedOn: LocalDate | null;
  lastFreeDay: LocalDate | null;
  /** The day it stopped (picked up, returned); null while running. */
  endedOn: LocalDate | null;
  /** While running: days from today to the last free day (0: today is the last; negative: over). */
  daysLeft: number | null;
  /** Days charged so far (or in all, once stopped): every calendar day after the last free day. */
  chargedDays: number;
  cost: number;
  /**
   * Who gave `lastFreeDay` (LAST_FREE_DAY_SOURCES: set by hand, the terminal, the carrier, or the
   * tariff's free days); null while there is none.
   */
  lastFreeDaySource: LastFreeDaySource | null;
}

/** Which clock's free time ends next, and when: what every list, card, alert and export names. */
export interface FreeTimeEnd {
  clock: ClockName;
  lastFreeDay: LocalDate;
  /** Days from today to it (0: today is the last free day; negative: days over). */
  daysLeft: number;
}

export interface FreeTimeClocks {
  currency: string;
  /** The terms pool the free time (merged D&D): both clocks end on one last free day. */
  combined: boolean;
  /** At the terminal, from discharge to full gate-out. */
  demurrage: Clock;
  /** Outside, from full gate-out to empty return. */
  detention: Clock;
  /** Demurrage and detention so far. */
  cost: number;
  /** The running clock and its last free day (see {@link freeTimeEndOf}); null when none runs. */
  next: FreeTimeEnd | null;
}

/** A carrier's last free day as a port calendar day (a date-only or midnight-UTC value is that date). */
function carrierDay(value: string, timeZone: string): LocalDate {
  return /^\d{4}-\d{2}-\d{2}($|T00:00(:00(\.0+)?)?(Z|\+00:00)$)/.test(value)
    ? value.slice(0, 10)
    : localDate(value, timeZone);
}

/** A last free day given rather than counted, and who gave it. */
interface GivenDay {
  day: LocalDate;
  source: Exclude<LastFreeDaySource, 'tariff'>;
}

function clockOf(
  terms: ClockTerms,
  start: LocalDate | null,
  end: LocalDate | null,
  today: LocalDate,
  given: GivenDay | null = null,
): Clock {
  const lastFreeDay = given?.day ?? (start === null ? null : lastFreeDayOf(start, terms));
  const lastFreeDaySource = given ? given.source : lastFreeDay === null ? null : 'tariff';
  if (start === null || lastFreeDay === null) {
    return {
      state: 'not_started',
      startedOn: null,
      lastFreeDay,
      endedOn: null,
      daysLeft: null,
      chargedDays: 0,
      cost: 0,
      lastFreeDaySource,
    };
  }
  const until = end ?? today;
  const chargedDays = Math.max(0, daysBetween(lastFreeDay, until));
  return {
    state: end === null ? 'running' : 'stopped',
    startedOn: start,
    lastFreeDay,
    endedOn: end,
    daysLeft: end === null ? daysBetween(today, lastFreeDay) : null,
    chargedDays,
    cost: tieredCost(terms.tiers, chargedDays),
    lastFreeDaySource,
  };
}

/**
 * Demurrage's last free day when one is given rather than counted, by precedence (ADR 0039): set by
 * hand, else the terminal's storage paid through, else the carrier's. A date-only or midnight-UTC value
 * is that calendar day; an instant is its day in the port's calendar.
 */
function givenLastFreeDay(milestones: ClockMilestones, timeZone: string): GivenDay | null {
  const candidates: [string | null | undefined, GivenDay['source']][] = [
    [milestones.manualLastFreeDay, 'manual'],
    [milestones.terminalLastFreeDay, 'terminal'],
    [milestones.carrierLastFreeDay, 'carrier'],
  ];
  for (const [value, source] of candidates) if (value) return { day: carrierDay(value, timeZone), source };
  return null;
}

/**
 * Demurrage and detention of one container, now: one pure function of its terms, the actual
 * milestones as they stand, the port's time zone and the moment. Days are the port's calendar days.
 * A milestone that arrives late or is corrected simply gives another answer on the next call: nothing
 * is accumulated, so the clock is always what the latest facts say.
 *
 * - Demurrage starts on the day of discharge; the carrier's last free day wins over our count when it
 *   gives one; it stops on the day of full gate-out.
 * - Detention starts on the day of full gate-out and stops on the day of the empty return.
 * - Every calendar day after the last free day, up to and including the stopping day (or today), is
 *   charged at the tiers' rates.
 * - Merged free time (terms with `combined`): one pool from discharge to the empty return, both clocks
 *   ending on its last free day (see combinedClocks).
 *
 * `next` names the clock whose free time ends next: lists, cards, alerts and exports read it.
 */
export function computeFreeTimeClocks(
  terms: FreeTimeTerms,
  milestones: ClockMilestones,
  at: { timeZone: string; now: Date },
): FreeTimeClocks {
  const day = (iso: string | null) => (iso === null ? null : localDate(iso, at.timeZone));
  return clocksFromDays(
    terms,
    {
      discharged: day(milestones.discharged),
      gateOut: day(milestones.fullGateOut),
      returned: day(milestones.emptyReturned),
      given: givenLastFreeDay(milestones, at.timeZone),
    },
    localDate(at.now, at.timeZone),
  );
}

interface ClockDays {
  discharged: LocalDate | null;
  gateOut: LocalDate | null;
  returned: LocalDate | null;
  /** Demurrage's last free day set by hand or given by the terminal or the carrier. */
  given: GivenDay | null;
}

/**
 * The clock whose free time ends next: the one running (the box is at the terminal or outside, never
 * both, so at most one runs), else demurrage when the carrier already gives its last free day though
 * no discharge has reached us (the box is at its terminal, its deadline known). Null otherwise: not
 * arrived yet, or back at the depot.
 */
export function freeTimeEndOf(
  clocks: Pick<FreeTimeClocks, 'demurrage' | 'detention'>,
  today: LocalDate,
): FreeTimeEnd | null {
  for (const clock of CLOCK_NAMES) {
    const c = clocks[clock];
    if (c.state === 'running' && c.lastFreeDay !== null)
      return { clock, lastFreeDay: c.lastFreeDay, daysLeft: daysBetween(today, c.lastFreeDay) };
  }
  const { demurrage } = clocks;
  return demurrage.state === 'not_started' && demurrage.lastFreeDay !== null
    ? {
        clock: 'demurrage',
        lastFreeDay: demurrage.lastFreeDay,
        daysLeft: daysBetween(today, demurrage.lastFreeDay),
      }
    : null;
}

/**
 * Merged free time: one pool counted from the day of discharge (at least from the gate-out when no
 * discharge reached us), shared by the clocks: demurrage charges the days after the pool's last free
 * day while the box is at the terminal, detention those after it while the box is out. The carrier's
 * and the terminal's last free days are the terminal's, which a merged tariff does not follow; a day set
 * by hand ends the pool.
 */
function combinedClocks(
  terms: ClockTerms,
  { discharged, gateOut, returned, given }: ClockDays,
  today: LocalDate,
): Pick<FreeTimeClocks, 'demurrage' | 'detention'> {
  const start = discharged ?? gateOut;
  const manual = given?.source === 'manual' ? given : null;
  const demurrage = clockOf(terms, start, gateOut, today, manual);
  if (start === null || gateOut === null) {
    const { lastFreeDay, lastFreeDaySource } = demurrage;
    return { demurrage, detention: { ...clockOf(terms, null, null, today), lastFreeDay, lastFreeDaySource } };
  }
  // The whole stay, from discharge to the return (or today), less what demurrage charged.
  const whole = clockOf(terms, start, returned, today, manual);
  return {
    demurrage,
    detention: {
      ...whole,
      startedOn: gateOut,
      chargedDays: whole.chargedDays - demurrage.chargedDays,
      cost: Math.round((whole.cost - demurrage.cost) * 100) / 100,
    },
  };
}

function clocksFromDays(terms: FreeTimeTerms, days: ClockDays, today: LocalDate): FreeTimeClocks {
  let clocks: Pick<FreeTimeClocks, 'demurrage' | 'detention'>;
  if (terms.combined) clocks = combinedClocks(terms.combined, days, today);
  else {
    const { discharged, gateOut, returned, given } = days;
    // A gate-out without a discharge: the terminal stay is unknown, so only a last free day given (by
    // hand, the terminal or the carrier) lets us say anything about it.
    const demurrageStart = discharged ?? (gateOut !== null && given !== null ? gateOut : null);
    clocks = {
      demurrage: clockOf(terms.demurrage, demurrageStart, gateOut, today, given),
      detention: clockOf(terms.detention, gateOut, returned, today),
    };
  }
  const { demurrage, detention } = clocks;
  return {
    currency: terms.currency,
    combined: Boolean(terms.combined),
    demurrage,
    detention,
    cost: Math.round((demurrage.cost + detention.cost) * 100) / 100,
    next: freeTimeEndOf(clocks, today),
  };
}

/**
 * What the container will have cost in all if it leaves the terminal (when still there) and comes
 * back empty on `returnOn` (a port calendar day): the same computation with those milestones, as
 * seen on that day.
 */
export function projectFreeTimeCost(
  terms: FreeTimeTerms,
  milestones: ClockMilestones,
  at: { timeZone: string },
  returnOn: LocalDate,
): FreeTimeClocks {
  const day = (iso: string | null) => (iso === null ? null : localDate(iso, at.timeZone));
  const discharged = day(milestones.discharged);
  const gateOut = day(milestones.fullGateOut) ?? (discharged ? returnOn : null);
  const returned = day(milestones.emptyReturned) ?? (gateOut ? returnOn : null);
  return clocksFromDays(
    terms,
    { discharged, gateOut, returned, given: givenLastFreeDay(milestones, at.timeZone) },
    returnOn,
  );
}
