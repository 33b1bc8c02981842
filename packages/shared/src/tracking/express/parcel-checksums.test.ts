import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isKnownChecksum, validatesChecksum } from './parcel-checksums';
import { patternSpecificity } from './pattern-specificity';

const UPS = { name: 'mod10', evens_multiplier: 1, odds_multiplier: 2 };
const FEDEX_12 = {
  name: 'sum_product_with_weightings_and_modulo',
  weightings: [3, 1, 7, 3, 1, 7, 3, 1, 7, 3, 1],
  modulo1: 11,
  modulo2: 10,
};

describe('check-digit algorithms', () => {
  it.each([
    // UPS's published example 1Z 999 AA1 01 2345 678 4: letters fold to (code - 3) mod 10.
    ['mod10 over letters', '999AA1012345678', '4', UPS],
    ['luhn', '7992739871', '3', { name: 'luhn' }],
    // The UPU S10 standard's example item AA 47312482 9 GB.
    ['s10', '47312482', '9', { name: 's10', weightings: [8, 6, 4, 2, 3, 5, 9, 7], modulo: 11 }],
    ['mod7', '331881002', '5', { name: 'mod7', modulo: 7 }],
    ['weighted sum', '98657878885', '5', FEDEX_12],
    ['mod 37,36', '09980000020033', 'F', { name: 'mod_37_36', modulo: 36 }],
  ])('%s: %s has check digit %s, and no other', (_, serial, digit, spec) => {
    expect(validatesChecksum(serial, digit, spec)).toBe(true);
    for (const other of '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ'.replace(digit, '')) {
      expect(validatesChecksum(serial, other, spec)).toBe(false);
    }
  });

  it('refuses an algorithm it does not know rather than accepting every number', () => {
    expect(isKnownChecksum('usps_mod10')).toBe(false);
    expect(validatesChecksum('12345', '0', { name: 'usps_mod10' })).toBe(false);
  });

  it('refuses a serial longer than its weights', () => {
    expect(validatesChecksum('986578788850', '5', FEDEX_12)).toBe(false);
  });

  it('mod7 stays exact beyond 15 digits (property)', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[0-9]{1,30}$/), (serial) => {
        const digit = String(BigInt(serial) % 7n);
        expect(validatesChecksum(serial, digit, { name: 'mod7', modulo: 7 })).toBe(true);
      }),
    );
  });
});

describe('patternSpecificity', () => {
  const literal = Math.log2(36);
  const digit = Math.log2(3.6);

  it.each([
    ['a literal', 'Z', literal],
    ['a digit, spaces allowed after it', '[0-9]\\s*', digit],
    ['counted repetitions', '(?:[0-9]\\s*){3,5}', 3 * digit],
    ['the least demanding alternative', '(?:GM|[0-9])', digit],
    ['nothing for optional parts and lookaheads', '(?<Zip>420)?(?=[0-9]{5})', 0],
    ['nothing for any letter or digit', '[0-9A-Z]{10}', 0],
    ['named groups like plain ones', '1Z(?<Serial>[0-9]{2})', 2 * literal + 2 * digit],
  ])('%s', (_, pattern, bits) => {
    expect(patternSpecificity(pattern)).toBeCloseTo(bits, 6);
  });

  it('rejects a pattern it cannot read', () => {
    expect(() => patternSpecificity('(?:AB')).toThrow();
    expect(() => patternSpecificity('AB)')).toThrow();
  });
});
