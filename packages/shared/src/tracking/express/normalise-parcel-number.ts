/**
 * Upper case, without the spaces and dashes people type or paste inside numbers. A module of its own:
 * the search box uses it without the courier formats parcel-number.ts loads.
 */
export function normaliseParcelNumber(input: string): string {
  return input.toUpperCase().replace(/[\s\-\u2010-\u2015\u2212]/g, '');
}
