import { z } from 'zod';
import type {
  AdditionalLookup,
  CourierDefinition,
  FormatDefinition,
  LookupEntry,
} from './courier-definition';
import {
  PARCEL_CARRIER_CODES,
  parcelCarrierByCode,
  parcelCarrierFor,
  type ParcelCarrierCode,
} from './parcel-carriers';
import { validatesChecksum } from './parcel-checksums';
import { patternSpecificity } from './pattern-specificity';
import { COURIERS } from './tracking-number-data/couriers.generated';
import { normaliseParcelNumber } from './normalise-parcel-number';

/**
 * Parcel tracking numbers: which courier and service a number belongs to, from the formats of
 * tracking_number_data (couriers.generated.ts), read the way its reference implementation reads them
 * (jkeen/tracking_number): the whole number must match a format's pattern, every lookup the format
 * requires must find an entry, and the check digit must validate.
 */

export interface ParcelNumberMatch {
  /** The number as the format matched it: upper case, without spaces (and without dashes, unless the format has one). */
  trackingNo: string;
  carrier: ParcelCarrierCode;
  /** The carrier's name; for a postal item, the post that issued it. */
  carrierName: string;
  /** The courier code and format of tracking_number_data, e.g. `fedex` and `fedex_ground`. */
  courierCode: string;
  formatId: string;
  formatName: string;
  /** The service the number encodes (e.g. "UPS United States Ground"), else the format's name. */
  service: string;
  serviceDescription?: string;
  /** The carrier's public tracking page for this number, when the data gives one. */
  trackingUrl?: string;
}

export { normaliseParcelNumber };

// No format is longer than 41 characters; the bound keeps pasted text from reaching 39 regexes.
const MAX_DETECTABLE_LENGTH = 64;
const SERVICE_LOOKUP = 'Service Type';
const COURIER_LOOKUP = 'Courier';
/** How many values a check digit can take under each algorithm (10 unless listed). */
const CHECK_VALUES: Readonly<Record<string, number>> = { mod7: 7, mod_37_36: 36 };

interface CompiledFormat {
  courier: CourierDefinition;
  format: FormatDefinition;
  id: string;
  verify: RegExp;
  specificity: number;
}

let compiled: readonly CompiledFormat[] | undefined;

/** Compiled on first use: the web app imports this module with the shipment form, not at start-up. */
function formats(): readonly CompiledFormat[] {
  compiled ??= COURIERS.flatMap((courier) =>
    courier.tracking_numbers.map((format) => {
      const checksum = format.validation.checksum;
      const checkBits = checksum ? Math.log2(CHECK_VALUES[checksum.name] ?? 10) : 0;
      return {
        courier,
        format,
        id: parcelFormatId(format),
        // As the reference does: the whole (space-free) number must match, so lengths are exact.
        verify: new RegExp(`^(?:${format.regex})$`),
        specificity: patternSpecificity(format.regex) + checkBits,
      };
    }),
  )
    // Stable sort: equally specific formats keep the data's order.
    .sort((a, b) => b.specificity - a.specificity);
  return compiled;
}

/** A format's id; the few formats the data leaves without one get a slug of their name. */
export function parcelFormatId(format: Pick<FormatDefinition, 'id' | 'name'>): string {
  return (
    format.id ??
    format.name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '_')
      .replace(/^_|_$/g, '')
  );
}

/** The first entry of each lookup that the number's group value matches (`matches_regex` unanchored, as in Ruby). */
function matchLookups(
  lookups: readonly AdditionalLookup[],
  group: (name: string) => string | undefined,
): Map<string, LookupEntry> {
  const found = new Map<string, LookupEntry>();
  for (const lookup of lookups) {
    const value = group(lookup.regex_group_name);
    if (value === undefined) continue;
    const entry = lookup.lookup.find((candidate) =>
      candidate.matches !== undefined
        ? candidate.matches === value
        : candidate.matches_regex !== undefined && new RegExp(candidate.matches_regex).test(value),
    );
    if (entry && !found.has(lookup.name)) found.set(lookup.name, entry);
  }
  return found;
}

interface CheckDigitFailure {
  carrier: ParcelCarrierCode;
  carrierName: string;
}

type Outcome =
  { kind: 'match'; match: ParcelNumberMatch } | ({ kind: 'bad-check-digit' } & CheckDigitFailure);

/** How one format reads one candidate spelling: not at all (undefined), with a wrong check digit, or fully. */
function evaluate({ courier, format, id, verify }: CompiledFormat, candidate: string): Outcome | undefined {
  const groups = verify.exec(candidate)?.groups;
  if (!groups) return undefined;
  const group = (name: string) => groups[name]?.replace(/\s/g, '');
  const lookups = matchLookups(format.additional ?? [], group);
  // A required lookup that finds nothing (an S10 country with no post) means the format does not apply.
  if (!(format.validation.additional?.exists ?? []).every((name) => lookups.has(name))) return undefined;

  const countryCode = courier.courier_code === 's10' ? group('CountryCode') : undefined;
  const carrier = parcelCarrierFor(courier.courier_code, id, countryCode);
  if (!carrier) return undefined;
  const issuer = lookups.get(COURIER_LOOKUP)?.courier;
  const carrierName =
    carrier === 'postal' && issuer ? issuer : (parcelCarrierByCode(carrier)?.name ?? courier.name);

  const checksum = format.validation.checksum;
  if (checksum) {
    let serial = group('SerialNumber') ?? '';
    const prepend = format.validation.serial_number_format?.prepend_if;
    // Some carriers compute the digit over a serial with a prefix that is not printed (OnTrac, USPS 91).
    if (prepend && new RegExp(prepend.matches_regex).test(serial)) serial = prepend.content + serial;
    if (!validatesChecksum(serial, group('CheckDigit') ?? '', checksum)) {
      return { kind: 'bad-check-digit', carrier, carrierName };
    }
  }

  const service = lookups.get(SERVICE_LOOKUP);
  return {
    kind: 'match',
    match: {
      trackingNo: candidate,
      carrier,
      carrierName,
      courierCode: courier.courier_code,
      formatId: id,
      formatName: format.name,
      service: service?.name ?? format.name,
      ...(service?.description ? { serviceDescription: service.description } : {}),
      ...(format.tracking_url
        ? { trackingUrl: format.tracking_url.replace('%s', encodeURIComponent(candidate)) }
        : {}),
    },
  };
}

interface Examination {
  matches: ParcelNumberMatch[];
  /** Formats whose pattern and lookups fit but whose check digit does not, most specific first. */
  checkDigitFailures: CheckDigitFailure[];
}

function examine(input: string): Examination {
  const compact = input.toUpperCase().replace(/\s/g, '');
  const normalised = normaliseParcelNumber(input);
  const result: Examination = { matches: [], checkDigitFailures: [] };
  if (normalised.length === 0 || compact.length > MAX_DETECTABLE_LENGTH) return result;
  // Dashes are dropped, except for a format that writes one (LaserShip's "-1" piece suffix): the
  // number as typed, spaces removed, is what the reference implementation matches.
  const candidates = compact === normalised ? [normalised] : [normalised, compact];
  for (const entry of formats()) {
    const outcomes = candidates.map((candidate) => evaluate(entry, candidate));
    const outcome = outcomes.find((o) => o?.kind === 'match') ?? outcomes.find((o) => o !== undefined);
    if (outcome?.kind === 'match') result.matches.push(outcome.match);
    else if (outcome)
      result.checkDigitFailures.push({ carrier: outcome.carrier, carrierName: outcome.carrierName });
  }
  return result;
}

/**
 * Every courier format a number fits, check digit included, the most specific first (see
 * pattern-specificity.ts). Spaces, dashes and case do not matter. Empty when nothing fits.
 */
export function detectParcelCarriers(input: string): ParcelNumberMatch[] {
  return examine(input).matches;
}

export type ParcelNumberCheck =
  | { ok: true; trackingNo: string; carrier: ParcelCarrierCode; service?: string }
  | { ok: false; trackingNo: string; message: string };

const PLAUSIBLE_NUMBER = /^[A-Z0-9]{5,40}$/;

export const PARCEL_NUMBER_MESSAGES = {
  empty: 'Enter a tracking number.',
  implausible: 'A tracking number has 5 to 40 letters and digits.',
  unrecognised: 'We could not recognise this tracking number. Choose the carrier to track it anyway.',
  checkDigit: (carrierName: string) => `The check digit of this ${carrierName} number is wrong.`,
} as const;

/**
 * Validates a tracking number typed by a user, with the carrier they chose if any. A number that fits
 * a format is accepted with its carrier (the chosen one, when one of its formats fits); a number no
 * format fits is accepted only for a chosen carrier, as plain letters and digits. A number that fits a
 * format but for its check digit is refused, unless the user chose another carrier: loose formats
 * (DHL Express: any 10 or 11 digits) would otherwise refuse other carriers' numbers.
 */
export function validateParcelNumberInput(input: string, carrier?: ParcelCarrierCode): ParcelNumberCheck {
  const trackingNo = normaliseParcelNumber(input);
  if (trackingNo.length === 0) return { ok: false, trackingNo, message: PARCEL_NUMBER_MESSAGES.empty };

  const { matches, checkDigitFailures } = examine(input);
  const match = carrier ? matches.find((m) => m.carrier === carrier) : matches[0];
  if (match) {
    return { ok: true, trackingNo: match.trackingNo, carrier: match.carrier, service: match.service };
  }
  if (!PLAUSIBLE_NUMBER.test(trackingNo)) {
    return { ok: false, trackingNo, message: PARCEL_NUMBER_MESSAGES.implausible };
  }
  const failure = checkDigitFailures.find((f) => !carrier || f.carrier === carrier);
  if (failure)
    return { ok: false, trackingNo, message: PARCEL_NUMBER_MESSAGES.checkDigit(failure.carrierName) };
  if (carrier) return { ok: true, trackingNo, carrier };
  return { ok: false, trackingNo, message: PARCEL_NUMBER_MESSAGES.unrecognised };
}

export const parcelCarrierCodeSchema = z.enum(PARCEL_CARRIER_CODES);

/**
 * A tracking number and the optional carrier chosen for it, for forms and routes alike: parses to the
 * normalised number, its carrier and service, or fails on `trackingNo` with validateParcelNumberInput's message.
 */
export const parcelNumberInputSchema = z
  .object({
    trackingNo: z.string().max(100, { message: 'Tracking number is too long' }),
    carrier: parcelCarrierCodeSchema.nullish(),
  })
  .transform((value, ctx) => {
    const check = validateParcelNumberInput(value.trackingNo, value.carrier ?? undefined);
    if (!check.ok) {
      ctx.addIssue({ code: 'custom', message: check.message, path: ['trackingNo'] });
      return z.NEVER;
    }
    return { trackingNo: check.trackingNo, carrier: check.carrier, service: check.service ?? null };
  });

export type ParcelNumberInput = z.input<typeof parcelNumberInputSchema>;
export type ParcelNumberValue = z.output<typeof parcelNumberInputSchema>;
