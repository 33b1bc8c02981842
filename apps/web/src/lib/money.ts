/** An amount with its currency code, whole units: "USD 1,250" reads the same in every table. */
export function formatMoney(amount: number, currency: string | null): string {
  const whole = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 0 }).format(Math.round(amount));
  return currency ? `${currency} ${whole}` : whole;
}

/**
 * The same, shorter from ten thousand on, for a table's narrow money column: "USD 9,870", "USD 12.5k",
 * "EUR 1.2M" (the exact amount goes in the cell's tooltip).
 */
export function formatMoneyCompact(amount: number, currency: string | null): string {
  if (Math.abs(amount) < 10_000) return formatMoney(amount, currency);
  const short = new Intl.NumberFormat('en-GB', {
    notation: 'compact',
    maximumFractionDigits: 1,
  })
    .format(amount)
    // "12.5K" or "12.5k", "1.2M" or "1.2m" by the ICU data: one spelling everywhere.
    .replace(/k$/i, 'k')
    .replace(/m$/i, 'M');
  return currency ? `${currency} ${short}` : short;
}
