/** An amount with its currency code, whole units: "USD 1,250" reads the same in every table. */
export function formatMoney(amount: number, currency: string | null): string {
  const whole = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 0 }).format(Math.round(amount));
  return currency ? `${currency} ${whole}` : whole;
}
