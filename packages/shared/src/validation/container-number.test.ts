import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkContainerNumber, checkMblNumber, containerCheckDigit } from './container-number';

describe('ISO 6346', () => {
  // CSQU3054383 is the standard's own example; MSKU9070323 a Maersk box from a public tracking page.
  it.each(['CSQU3054383', 'MSKU9070323', 'MSCU1234566'])('accepts %s', (number) => {
    const check = checkContainerNumber(number);
    if (!check.valid) throw new Error(check.message);
    expect(check.value).toBe(number);
  });

  it('computes the check digit of the textbook example', () => {
    // ISO 6346 annex example: CSQU 305438 has check digit 3.
    expect(containerCheckDigit('CSQU305438')).toBe(3);
  });

  it('normalises case, spaces and dashes', () => {
    expect(checkContainerNumber(' csqu 305438-3 ')).toEqual({ valid: true, value: 'CSQU3054383' });
  });

  it('names the expected check digit', () => {
    expect(checkContainerNumber('CSQU3054384')).toEqual({
      valid: false,
      value: 'CSQU3054384',
      message: 'Check digit should be 3 for CSQU305438: please check the number',
    });
  });

  it.each([
    ['', 'Enter a container number'],
    ['12QU3054383', 'A container number starts with a 3-letter owner code, e.g. MSCU1234566'],
    ['CSQX3054383', 'The fourth letter of a container number is U, J or Z'],
    ['CSQU305438', 'Not a container number: it is 4 letters and 7 digits, e.g. MSCU1234566'],
    ['XYZ123', 'Not a container number: it is 4 letters and 7 digits, e.g. MSCU1234566'],
    ['hello', 'Not a container number: it is 4 letters and 7 digits, e.g. MSCU1234566'],
    ['CSQX30543831', 'Not a container number: it is 4 letters and 7 digits, e.g. MSCU1234566'],
  ])('refuses %j: %s', (input, message) => {
    expect(checkContainerNumber(input)).toMatchObject({ valid: false, message });
  });

  it('any single wrong check digit is caught (property)', () => {
    const owner = fc.stringMatching(/^[A-Z]{3}[UJZ]$/);
    const serial = fc.stringMatching(/^\d{6}$/);
    fc.assert(
      fc.property(owner, serial, fc.integer({ min: 1, max: 9 }), (o, s, shift) => {
        const digit = containerCheckDigit(o + s);
        expect(checkContainerNumber(`${o}${s}${String(digit)}`).valid).toBe(true);
        const wrong = (digit + shift) % 10;
        // Check digit 10 is written as 0, so 0 may legitimately stand for two sums; skip that case.
        fc.pre(!(digit === 0 && wrong === 0));
        expect(checkContainerNumber(`${o}${s}${String(wrong)}`).valid).toBe(false);
      }),
    );
  });
});

describe('bill of lading numbers', () => {
  it('normalises and bounds them', () => {
    expect(checkMblNumber('medu-123 456 789')).toEqual({ valid: true, value: 'MEDU123456789' });
    expect(checkMblNumber('AB#')).toMatchObject({ valid: false });
    expect(checkMblNumber('')).toMatchObject({
      valid: false,
      message: 'Enter a master bill of lading number',
    });
  });
});
