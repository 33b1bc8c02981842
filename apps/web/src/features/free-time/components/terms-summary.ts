import type { ClockTerms, FreeTimeTerms } from '@tracklane/shared/free-time/free-time.schema';

const clockSummary = (terms: ClockTerms, currency: string) => {
  const days = `${String(terms.freeDays)} ${terms.dayCount} day${terms.freeDays === 1 ? '' : 's'} free`;
  const rates = terms.tiers.map((t) => String(t.rate)).join(' / ');
  return `${days}, then ${currency} ${rates} a day`;
};

/**
 * "Demurrage: 4 calendar days free, then USD 75 / 150 / 250 a day", "Detention: …"; merged free time
 * in one line: "Combined demurrage & detention: 10 calendar days free, then USD 120 a day".
 */
export function termsSummary(terms: FreeTimeTerms): string[] {
  if (terms.combined)
    return [`Combined demurrage & detention: ${clockSummary(terms.combined, terms.currency)}`];
  return [
    `Demurrage: ${clockSummary(terms.demurrage, terms.currency)}`,
    `Detention: ${clockSummary(terms.detention, terms.currency)}`,
  ];
}
