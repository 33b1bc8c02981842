/**
 * A container number with its ISO 6346 check digit, computed here rather than with the product's own
 * code, so that a test checks the product against the standard: letters count 10… skipping multiples
 * of 11, each position weighted 2^i.
 */
export function withCheckDigit(firstTen: string): string {
  const values: Record<string, number> = {};
  let value = 10;
  for (const letter of 'ABCDEFGHIJKLMNOPQRSTUVWXYZ') {
    if (value % 11 === 0) value++;
    values[letter] = value++;
  }
  let sum = 0;
  [...firstTen].forEach((ch, i) => {
    sum += (/\d/.test(ch) ? Number(ch) : values[ch]!) * 2 ** i;
  });
  return `${firstTen}${String((sum % 11) % 10)}`;
}
