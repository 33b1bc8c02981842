import type { ClockTerms, FreeTimeTerms } from '@tracklane/shared/free-time/free-time.schema';

const clockSummary = (terms: ClockTerms, currency: string) => {
  const days = `${String(terms.freeDays)} ${terms.dayCount} day${terms.freeDays === 1 ? '' : 's'} free`;
  const rates = terms.tiers.map((t) => String(t.rate)).join(' / ');
  return `${days}, then ${currency} ${rates} a day`;
};

/** "Demurrage: 4 calendar days free, then USD 75 / 150 / 250 a day · Detention: …" */
export function termsSummary(terms: FreeTimeTerms): { demurrage: string; detention: string } {
  return {
    demurrage: `Demurrage: ${clockSummary(terms.demurrage, terms.currency)}`,
    detention: `Detention: ${clockSummary(terms.detention, terms.currency)}`,
  };
}
