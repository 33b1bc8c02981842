/**
 * How well an ETA kept its word, measured against the actual arrival and never against a later ETA:
 * for an arrived shipment, the ETA each source had given as it stood 14, 7, 3 and 1 days before the
 * actual arrival, and whether the arrival was on time.
 */

/** Days before the actual arrival at which the standing ETA is judged, in the order figures list them. */
export const HORIZON_DAYS = [14, 7, 3, 1] as const;
export type HorizonDays = (typeof HORIZON_DAYS)[number];

/** An arrival within this many hours of an ETA, early or late, kept that ETA's word. */
export const ON_TIME_TOLERANCE_HOURS = 24;

/** The horizon whose standing ETA the on-time rule checks besides the first one. */
export const ON_TIME_HORIZON_DAYS = 7;

/**
 * Who gave an ETA: the carrier (its tracking events' estimated arrivals, history in the item's view),
 * the organization's terminal connection (its vessel ETA, to berth), a member by hand, or Tracklane's
 * own estimate as it was shown (ADR 0049); each measured alike against the actual arrival.
 */
export const ETA_SOURCES = ['carrier', 'terminal', 'manual', 'tracklane'] as const;
export type EtaSource = (typeof ETA_SOURCES)[number];

/**
 * One ETA as a source gave it: the arrival it announced and when it announced it (ISO 8601). `eta`
 * null: the source withdrew its ETA then (a manual one cleared); none stands until the next.
 */
export interface IssuedEta {
  eta: string | null;
  issuedAt: string;
}

/** Arrival minus the ETA standing at each horizon, in hours (late positive), in HORIZON_DAYS order. */
export type HorizonErrors = (number | null)[];

/** One source's ETAs of one arrived shipment, measured against its actual arrival. */
export interface EtaMeasurement {
  actualArrival: string;
  errorHours: HorizonErrors;
  /** The first ETA issued before the arrival, or null when none was. */
  firstEta: string | null;
  /** The ETA standing {@link ON_TIME_HORIZON_DAYS} days out, or null when none stood then. */
  etaWeekOut: string | null;
  /**
   * Within {@link ON_TIME_TOLERANCE_HOURS} of the first ETA and of the ETA a week out (when one
   * stood then); null when no ETA was issued before the arrival (nothing to judge).
   */
  onTime: boolean | null;
  /** Hours after the first ETA when the arrival came later than the tolerance allows; else null. */
  delayHours: number | null;
  /** How often the box was moved to another vessel or voyage. */
  rolls: number;
}

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const at = (iso: string) => Date.parse(iso);
const hoursBetween = (later: number, earlier: number) => (later - earlier) / HOUR_MS;

/**
 * The ETA that stood at `instant`: the last one issued at or before it (among ETAs issued at the same
 * moment, the later in `history`), or null when none had been issued yet.
 */
export function etaStandingAt(history: readonly IssuedEta[], instant: number): IssuedEta | null {
  let standing: IssuedEta | null = null;
  for (const record of history) {
    const issued = at(record.issuedAt);
    if (issued > instant) continue;
    if (!standing || issued >= at(standing.issuedAt)) standing = record;
  }
  return standing;
}

/** One source's ETAs of one arrived shipment, measured against its actual arrival. */
export function measureEta(
  history: readonly IssuedEta[],
  actualArrival: string,
  rolls: number,
): EtaMeasurement {
  const arrived = at(actualArrival);
  const before = history.filter((record) => at(record.issuedAt) <= arrived);
  const given = (record: IssuedEta | null): (IssuedEta & { eta: string }) | null =>
    record?.eta ? { eta: record.eta, issuedAt: record.issuedAt } : null;
  const errorHours = HORIZON_DAYS.map((days) => {
    const standing = given(etaStandingAt(before, arrived - days * DAY_MS));
    return standing ? hoursBetween(arrived, at(standing.eta)) : null;
  });
  const first = given(
    before.reduce<IssuedEta | null>(
      (earliest, record) =>
        record.eta && (!earliest || at(record.issuedAt) < at(earliest.issuedAt)) ? record : earliest,
      null,
    ),
  );
  const weekOut = given(etaStandingAt(before, arrived - ON_TIME_HORIZON_DAYS * DAY_MS));
  const kept = (record: { eta: string } | null) =>
    record === null || Math.abs(hoursBetween(arrived, at(record.eta))) <= ON_TIME_TOLERANCE_HOURS;
  const delay = first ? hoursBetween(arrived, at(first.eta)) : null;
  return {
    actualArrival,
    errorHours,
    firstEta: first?.eta ?? null,
    etaWeekOut: weekOut?.eta ?? null,
    onTime: first ? kept(first) && kept(weekOut) : null,
    delayHours: delay !== null && delay > ON_TIME_TOLERANCE_HOURS ? delay : null,
    rolls,
  };
}
