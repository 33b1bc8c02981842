import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PARCEL_CARRIER_CODES, PARCEL_CARRIERS } from './parcel-carriers';
import {
  PARCEL_NUMBER_MESSAGES,
  detectParcelCarriers,
  normaliseParcelNumber,
  parcelFormatId,
  parcelNumberInputSchema,
  validateParcelNumberInput,
} from './parcel-number';
import { COURIERS } from './tracking-number-data/couriers.generated';
import dhl from './tracking-number-data/dhl.json';
import fedex from './tracking-number-data/fedex.json';
import ups from './tracking-number-data/ups.json';
import usps from './tracking-number-data/usps.json';

const summary = (input: string) => detectParcelCarriers(input).map((m) => `${m.carrier}/${m.formatId}`);

describe('detectParcelCarriers', () => {
  it('names carrier, service and tracking page of a UPS number typed loosely', () => {
    expect(detectParcelCarriers(' 1z5r8-9390 3575 67127 ')).toEqual([
      {
        trackingNo: '1Z5R89390357567127',
        carrier: 'ups',
        carrierName: 'UPS',
        courierCode: 'ups',
        formatId: 'ups',
        formatName: 'UPS',
        // Service type "03" of the number.
        service: 'UPS United States Ground',
        trackingUrl: 'https://wwwapps.ups.com/WebTracking/track?track=yes&trackNums=1Z5R89390357567127',
      },
    ]);
  });

  it('lists the most specific format first', () => {
    // An S10 registered letter from the UK, which DHL eCommerce's loose "LX + 10 to 39 characters" also fits.
    expect(summary('LX123456785GB')).toEqual(['royalmail/s10', 'dhl_ecommerce/dhl_ecommerce']);
  });

  it('gives S10 items to the post that issued them', () => {
    expect(detectParcelCarriers('RB123456785US')[0]).toMatchObject({ carrier: 'usps', carrierName: 'USPS' });
    // The UPU's own example; service "AA" has no name in the data, so the format's name stands in.
    expect(detectParcelCarriers('AA473124829GB')[0]).toMatchObject({ carrier: 'royalmail', service: 'S10' });
    // A post we do not list keeps its own name.
    expect(detectParcelCarriers('RB123456785DE')[0]).toMatchObject({
      carrier: 'postal',
      carrierName: 'Deutsche Post',
      service: 'Letter Post Registered',
    });
  });

  it('keeps a dash that the format itself writes', () => {
    expect(detectParcelCarriers('1ls7119013618127-1')).toMatchObject([
      { carrier: 'lasership', trackingNo: '1LS7119013618127-1' },
    ]);
  });

  it('finds nothing in empty, unknown or overlong input', () => {
    expect(detectParcelCarriers('')).toEqual([]);
    expect(detectParcelCarriers('HELLO WORLD')).toEqual([]);
    expect(detectParcelCarriers('1Z5R89390357567127'.repeat(5))).toEqual([]);
  });
});

describe('normaliseParcelNumber', () => {
  it('upper-cases and drops spaces and dashes, typographic ones included', () => {
    expect(normaliseParcelNumber(' 1z\t5r8–9390\u00a0357-567 127\n')).toBe('1Z5R89390357567127');
  });

  it('is idempotent and leaves no space, dash or lower-case letter (property)', () => {
    const text = fc.string({ unit: fc.constantFrom('a', 'Z', '7', ' ', '-', '\t', '–', 'ß', '#') });
    fc.assert(
      fc.property(text, (input) => {
        const once = normaliseParcelNumber(input);
        expect(normaliseParcelNumber(once)).toBe(once);
        expect(once).not.toMatch(/[\s\-–a-z]/);
      }),
    );
  });
});

/** The valid samples of the formats that carry a check digit, with where that digit sits. */
const checkedSamples = COURIERS.flatMap((courier) =>
  courier.tracking_numbers
    .filter((format) => format.validation.checksum)
    .flatMap((format) => {
      const source = [dhl, fedex, ups, usps]
        .find((file) => file.courier_code === courier.courier_code)
        ?.tracking_numbers.find((candidate) => candidate.name === format.name);
      const pattern = new RegExp(`^(?:${format.regex})$`, 'd');
      return (source?.test_numbers.valid ?? []).map((sample) => {
        const number = normaliseParcelNumber(sample);
        const [at] = pattern.exec(number)!.indices!.groups!.CheckDigit!;
        return { formatId: parcelFormatId(format), number, at, checksum: format.validation.checksum!.name };
      });
    }),
);

describe('check digits (property)', () => {
  it('covers every algorithm of the four largest couriers', () => {
    expect(new Set(checkedSamples.map((s) => s.checksum))).toEqual(
      new Set(['mod10', 'mod7', 'sum_product_with_weightings_and_modulo']),
    );
  });

  it('refuses a valid sample whose check digit is changed', () => {
    fc.assert(
      fc.property(fc.constantFrom(...checkedSamples), fc.integer({ min: 1, max: 9 }), (sample, shift) => {
        const digit = (Number(sample.number[sample.at]) + shift) % 10;
        const changed =
          sample.number.slice(0, sample.at) + String(digit) + sample.number.slice(sample.at + 1);
        expect(detectParcelCarriers(changed).map((m) => m.formatId)).not.toContain(sample.formatId);
      }),
    );
  });

  it('ignores spaces, dashes and case anywhere in a valid sample', () => {
    const separators = fc.array(fc.tuple(fc.nat(), fc.constantFrom(' ', '-', '  ', '\t')), { maxLength: 4 });
    fc.assert(
      fc.property(fc.constantFrom(...checkedSamples), separators, (sample, inserts) => {
        let typed = sample.number.toLowerCase();
        for (const [position, separator] of inserts) {
          const at = position % (typed.length + 1);
          typed = typed.slice(0, at) + separator + typed.slice(at);
        }
        expect(summary(typed)).toEqual(summary(sample.number));
      }),
    );
  });
});

describe('validateParcelNumberInput', () => {
  it.each([
    ['', undefined, PARCEL_NUMBER_MESSAGES.empty],
    [' - ', 'ups', PARCEL_NUMBER_MESSAGES.empty],
    ['AB#12345', undefined, PARCEL_NUMBER_MESSAGES.implausible],
    ['1234', 'gls', PARCEL_NUMBER_MESSAGES.implausible],
    ['X'.repeat(41), 'gls', PARCEL_NUMBER_MESSAGES.implausible],
    ['ABCDE12345XYZ', undefined, PARCEL_NUMBER_MESSAGES.unrecognised],
    ['1Z5R89390357567128', undefined, 'The check digit of this UPS number is wrong.'],
    ['1Z5R89390357567128', 'ups', 'The check digit of this UPS number is wrong.'],
    ['986578788856', undefined, 'The check digit of this FedEx number is wrong.'],
    ['RB123456786GB', undefined, 'The check digit of this Royal Mail number is wrong.'],
  ] as const)('refuses %j (carrier %s): %s', (input, carrier, message) => {
    expect(validateParcelNumberInput(input, carrier)).toMatchObject({ ok: false, message });
  });

  it('accepts a recognised number with its carrier and service', () => {
    expect(validateParcelNumberInput('1z5r89390357567127')).toEqual({
      ok: true,
      trackingNo: '1Z5R89390357567127',
      carrier: 'ups',
      service: 'UPS United States Ground',
    });
  });

  it('prefers the chosen carrier among the formats a number fits', () => {
    expect(validateParcelNumberInput('LX123456785GB', 'dhl_ecommerce')).toMatchObject({
      ok: true,
      carrier: 'dhl_ecommerce',
    });
  });

  it('tracks an unrecognised number with the chosen carrier', () => {
    expect(validateParcelNumberInput('abcde-12345-xyz', 'gls')).toEqual({
      ok: true,
      trackingNo: 'ABCDE12345XYZ',
      carrier: 'gls',
    });
  });

  it('does not hold another carrier to a check digit the number happens to fit', () => {
    // Fits UPS's pattern, fails its check digit: irrelevant once the user says it is FedEx.
    expect(validateParcelNumberInput('1Z5R89390357567128', 'fedex')).toEqual({
      ok: true,
      trackingNo: '1Z5R89390357567128',
      carrier: 'fedex',
    });
  });

  it('accepts any plausible number for a chosen carrier, or names that carrier’s check digit (property)', () => {
    const number = fc.stringMatching(/^[A-Z0-9]{5,40}$/);
    fc.assert(
      fc.property(number, fc.constantFrom(...PARCEL_CARRIER_CODES), (input, carrier) => {
        const check = validateParcelNumberInput(input, carrier);
        if (check.ok) expect(check).toMatchObject({ carrier, trackingNo: input });
        else expect(check.message).toMatch(/^The check digit of this .+ number is wrong\.$/);
      }),
    );
  });
});

describe('parcelNumberInputSchema', () => {
  it('parses to the normalised number, carrier and service', () => {
    expect(parcelNumberInputSchema.parse({ trackingNo: ' 1z5r89390357567127 ', carrier: null })).toEqual({
      trackingNo: '1Z5R89390357567127',
      carrier: 'ups',
      service: 'UPS United States Ground',
    });
    expect(parcelNumberInputSchema.parse({ trackingNo: 'ABCDE12345', carrier: 'tnt' })).toEqual({
      trackingNo: 'ABCDE12345',
      carrier: 'tnt',
      service: null,
    });
  });

  it('reports the validation message on trackingNo', () => {
    const result = parcelNumberInputSchema.safeParse({ trackingNo: 'ABCDE12345XYZ' });
    expect(result.success).toBe(false);
    expect(result.error?.issues).toMatchObject([
      { path: ['trackingNo'], message: PARCEL_NUMBER_MESSAGES.unrecognised },
    ]);
  });

  it('refuses a carrier we do not offer and an overlong number', () => {
    expect(
      parcelNumberInputSchema.safeParse({ trackingNo: '1Z5R89390357567127', carrier: 'acme' }).success,
    ).toBe(false);
    expect(parcelNumberInputSchema.safeParse({ trackingNo: '1'.repeat(101), carrier: 'ups' }).success).toBe(
      false,
    );
  });
});

describe('PARCEL_CARRIERS', () => {
  it('has one entry per code, every one named', () => {
    expect(new Set(PARCEL_CARRIER_CODES).size).toBe(PARCEL_CARRIERS.length);
    for (const carrier of PARCEL_CARRIERS) expect(carrier.name).not.toBe('');
  });
});
