import { EXCEPTION_THRESHOLDS, type ExceptionType } from '@tracklane/shared/exceptions/exceptions.schema';

export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;

/**
 * One exception a rule finds: its type, its episode mark (tells apart occurrences while the condition
 * holds throughout, '' when one episode is one exception) and what was seen, in words.
 */
export interface Finding {
  type: ExceptionType;
  mark: string;
  detail: string;
}

export const iso = (d: Date) => d.toISOString();
export const hoursOf = (ms: number) => Math.round(ms / HOUR);
export const startOfUtcDay = (d: Date) => Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate());

/** An active item the carrier has not answered for `days` (or never, once tracking began that long ago). */
export function noUpdate(state: string, lastCheckedAt: Date | null, now: Date): Finding | null {
  if (state !== 'active') return null;
  const days = EXCEPTION_THRESHOLDS.noUpdateDays;
  if (lastCheckedAt && now.getTime() - lastCheckedAt.getTime() < days * DAY) return null;
  return {
    type: 'no_update',
    mark: '',
    detail: `No answer from the carrier for ${String(days)} days or more`,
  };
}

export const notFound = (state: string): Finding | null =>
  state === 'not_found'
    ? { type: 'not_found', mark: '', detail: 'The carrier does not know the number' }
    : null;
