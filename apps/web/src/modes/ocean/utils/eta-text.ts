import { ETA_KIND_LABELS, type ShownEta } from '@tracklane/shared/tracking/ocean/eta/eta-estimates.schema';
import { formatDate, formatDateTime } from '../../../lib/dates';

const signedHours = (hours: number) =>
  `${hours > 0 ? '+' : hours < 0 ? '−' : '±'}${Math.abs(Math.round(hours))} h`;

/** The band as people read it: "8 in 10 arrived between … and …, from N arrivals at 7 days out". */
export function confidenceText(eta: ShownEta, timeZone: string): string {
  const c = eta.confidence;
  if (!c) return 'No measured accuracy yet: fewer than 20 arrivals of this source, carrier and lane.';
  return `8 in 10 arrived between ${formatDate(c.from, timeZone)} and ${formatDate(c.to, timeZone)} (${String(c.samples)} arrivals, ${String(c.horizonDays)} days out)`;
}

/** What an ETA is to and who gave it when, in one line. */
export function issuedText(eta: ShownEta, timeZone: string): string {
  const what =
    eta.source === 'tracklane' && eta.biasHours !== null
      ? `Carrier ETA ${signedHours(eta.biasHours)}, its median error on this lane`
      : `ETA ${ETA_KIND_LABELS[eta.kind]}`;
  const by = eta.source === 'manual' && eta.issuedBy ? ` by ${eta.issuedBy}` : '';
  const when = eta.issuedAt
    ? ` · ${eta.source === 'manual' ? 'set' : 'issued'} ${formatDateTime(eta.issuedAt, timeZone)}${by}`
    : by;
  return `${what}${when}`;
}
