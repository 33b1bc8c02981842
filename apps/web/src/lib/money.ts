/** An amount with its currency code, whole units: "USD 1,250" reads the same in every table. */
export function formatMoney(amount: number, currency: string | null): string {
  const whole = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 0 }).format(Math.round(amount));
  return currency ? `${currency} ${whole}` : whole;
}

/** A port calendar day (YYYY-MM-DD) as the product writes days: DD/MM/YYYY. */
export function formatLocalDay(day: string): string {
  return `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;
}
