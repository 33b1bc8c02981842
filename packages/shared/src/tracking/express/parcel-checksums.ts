import type { ChecksumDefinition } from './courier-definition';

/**
 * The check-digit algorithms tracking_number_data declares, computed exactly as the reference
 * implementation does (jkeen/tracking_number, CHECKSUM_ALGORITHMS.md beside the data): the serial
 * number and check digit arrive without spaces, and the parameters come from the data.
 */

/** Ruby's String#to_i, which the reference applies to characters and check digits: leading digits, else 0. */
function toI(text: string): number {
  const digits = /^\d+/.exec(text);
  return digits ? Number(digits[0]) : 0;
}

/** (10 - total mod 10) mod 10: the digit that brings the total to a multiple of ten. */
function tenComplement(total: number): number {
  return (10 - (total % 10)) % 10;
}

function mod10(serial: string, checkDigit: string, spec: ChecksumDefinition): boolean {
  const chars = spec.reverse ? [...serial].reverse() : [...serial];
  let total = 0;
  chars.forEach((char, i) => {
    // Letters count as (character code - 3) mod 10: how UPS folds its alphanumeric serials into digits.
    let value = /[0-9]/.test(char) ? Number(char) : (char.charCodeAt(0) - 3) % 10;
    if (i % 2 === 1 && spec.odds_multiplier !== undefined) value *= spec.odds_multiplier;
    else if (i % 2 === 0 && spec.evens_multiplier !== undefined) value *= spec.evens_multiplier;
    total += value;
  });
  return tenComplement(total) === toI(checkDigit);
}

function mod7(serial: string, checkDigit: string, spec: ChecksumDefinition): boolean {
  const modulo = spec.modulo ?? 7;
  // Digit by digit, so that a serial longer than a double's 15 exact digits still divides exactly.
  let remainder = 0;
  for (const char of /^\d*/.exec(serial)![0]) remainder = (remainder * 10 + Number(char)) % modulo;
  return remainder === toI(checkDigit);
}

/** UPU S10: weights 8 6 4 2 3 5 9 7, then 11 - (sum mod 11), with 10 written 0 and 11 written 5. */
function s10(serial: string, checkDigit: string, spec: ChecksumDefinition): boolean {
  const weights = spec.weightings ?? [8, 6, 4, 2, 3, 5, 9, 7];
  const modulo = spec.modulo ?? 11;
  let total = 0;
  [...serial].forEach((char, i) => (total += toI(char) * (weights[i] ?? 0)));
  const remainder = total % modulo;
  const check = remainder === 1 ? 0 : remainder === 0 ? 5 : modulo - remainder;
  return check === toI(checkDigit);
}

function sumProductWithWeightingsAndModulo(
  serial: string,
  checkDigit: string,
  spec: ChecksumDefinition,
): boolean {
  const weights = spec.weightings ?? [];
  // The reference fails outright on a serial longer than its weights; refusing is the safe reading.
  if (serial.length > weights.length || spec.modulo1 === undefined || spec.modulo2 === undefined) {
    return false;
  }
  let total = 0;
  [...serial].forEach((char, i) => (total += toI(char) * weights[i]!));
  return (total % spec.modulo1) % spec.modulo2 === toI(checkDigit);
}

function luhn(serial: string, checkDigit: string): boolean {
  let total = 0;
  [...serial].reverse().forEach((char, i) => {
    let value = toI(char);
    if (i % 2 === 0) value *= 2;
    if (value > 9) value -= 9;
    total += value;
  });
  return tenComplement(total) === toI(checkDigit);
}

/** ISO 7064 MOD 37,36 (DPD's parcel label specification): a hybrid system over 0-9A-Z. */
function mod3736(serial: string, checkDigit: string, spec: ChecksumDefinition): boolean {
  const alphabet = spec.alphabet ?? '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
  const modulo = spec.modulo ?? 36;
  let cd = modulo;
  for (const char of serial) {
    const value = alphabet.indexOf(char);
    if (value < 0) return false;
    cd += value;
    if (cd > modulo) cd -= modulo;
    cd *= 2;
    if (cd > modulo) cd -= modulo + 1;
  }
  cd = modulo + 1 - cd;
  if (cd === modulo) cd = 0;
  return alphabet[cd] === checkDigit;
}

type Algorithm = (serial: string, checkDigit: string, spec: ChecksumDefinition) => boolean;

const ALGORITHMS: Readonly<Record<string, Algorithm>> = {
  mod10,
  mod7,
  s10,
  sum_product_with_weightings_and_modulo: sumProductWithWeightingsAndModulo,
  luhn,
  mod_37_36: mod3736,
};

/** True when the data names an algorithm implemented here (a test holds every data file to it). */
export function isKnownChecksum(name: string): boolean {
  return Object.hasOwn(ALGORITHMS, name);
}

/**
 * Whether `checkDigit` is the check digit of `serial` under `spec`. An algorithm we do not know refuses
 * the number: accepting it would call every number of that format valid.
 */
export function validatesChecksum(serial: string, checkDigit: string, spec: ChecksumDefinition): boolean {
  const algorithm = ALGORITHMS[spec.name];
  return algorithm ? algorithm(serial, checkDigit, spec) : false;
}
