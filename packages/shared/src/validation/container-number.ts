/**
 * ISO 6346 container numbers: a 3-letter owner code, a category letter (U freight container, J
 * detachable equipment, Z trailer/chassis), a 6-digit serial number and a check digit.
 */

// Letter values skip 11 and its multiples (ISO 6346 §3).
const LETTER_VALUES: Record<string, number> = {};
{
  let value = 10;
  for (const letter of 'ABCDEFGHIJKLMNOPQRSTUVWXYZ') {
    if (value % 11 === 0) value++;
    LETTER_VALUES[letter] = value++;
  }
}

/** Upper-cases and removes spaces, dashes, dots and slashes people paste around numbers. */
export function normaliseContainerNumber(input: string): string {
  return input.toUpperCase().replace(/[\s\-./]/g, '');
}

/** The check digit for the first ten characters (owner code, category, serial). */
export function containerCheckDigit(firstTen: string): number {
  let sum = 0;
  for (let i = 0; i < 10; i++) {
    const ch = firstTen[i]!;
    const value = /\d/.test(ch) ? Number(ch) : LETTER_VALUES[ch];
    if (value === undefined) throw new Error(`not a container number character: ${ch}`);
    sum += value * 2 ** i;
  }
  return (sum % 11) % 10;
}

export type ContainerNumberCheck =
  { valid: true; value: string } | { valid: false; value: string; message: string };

/** Validates a container number, saying exactly what is wrong (and which check digit was expected). */
export function checkContainerNumber(input: string): ContainerNumberCheck {
  const value = normaliseContainerNumber(input);
  if (value.length === 0) return { valid: false, value, message: 'Enter a container number' };
  if (!/^[A-Z]{4}\d{7}$/.test(value)) {
    // Eleven letters and digits that start wrong are a mistyped number; anything else is not one.
    if (/^[A-Z0-9]{11}$/.test(value) && !/^[A-Z]{3}/.test(value))
      return {
        valid: false,
        value,
        message: 'A container number starts with a 3-letter owner code, e.g. MSCU1234566',
      };
    return {
      valid: false,
      value,
      message: 'Not a container number: it is 4 letters and 7 digits, e.g. MSCU1234566',
    };
  }
  if (!/^[A-Z]{3}[UJZ]/.test(value))
    return { valid: false, value, message: 'The fourth letter of a container number is U, J or Z' };
  const expected = containerCheckDigit(value.slice(0, 10));
  if (Number(value[10]) !== expected) {
    return {
      valid: false,
      value,
      message: `Check digit should be ${String(expected)} for ${value.slice(0, 10)}: please check the number`,
    };
  }
  return { valid: true, value };
}

/** Master bill of lading: letters and digits, 4 to 35 characters once normalised (DCSA: max 20, carriers vary). */
export function normaliseMblNumber(input: string): string {
  return input.toUpperCase().replace(/[\s\-./]/g, '');
}

export function checkMblNumber(input: string): ContainerNumberCheck {
  const value = normaliseMblNumber(input);
  if (value.length === 0) return { valid: false, value, message: 'Enter a master bill of lading number' };
  if (!/^[A-Z0-9]{4,35}$/.test(value)) {
    return { valid: false, value, message: 'A bill of lading number has 4 to 35 letters and digits' };
  }
  return { valid: true, value };
}

/** A carrier's booking number: letters and digits, 4 to 35 characters once normalised, as a bill's. */
export function normaliseBookingNumber(input: string): string {
  return input.toUpperCase().replace(/[\s\-./]/g, '');
}

export function checkBookingNumber(input: string): ContainerNumberCheck {
  const value = normaliseBookingNumber(input);
  if (value.length === 0) return { valid: false, value, message: 'Enter a booking number' };
  if (!/^[A-Z0-9]{4,35}$/.test(value))
    return { valid: false, value, message: 'A booking number has 4 to 35 letters and digits' };
  return { valid: true, value };
}
