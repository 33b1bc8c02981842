/**
 * The shape of a courier definition in tracking_number_data (jkeen/tracking_number_data 2.0.0), as kept
 * by scripts/generate-parcel-formats.mjs. Field names stay those of the data so that the generated
 * module can be compared with the JSON it came from.
 */

/** A check-digit algorithm and its parameters; which fields apply depends on `name`. */
export interface ChecksumDefinition {
  name: string;
  modulo?: number;
  evens_multiplier?: number;
  odds_multiplier?: number;
  reverse?: boolean;
  weightings?: readonly number[];
  modulo1?: number;
  modulo2?: number;
  alphabet?: string;
}

export interface FormatValidation {
  checksum?: ChecksumDefinition;
  /** Some formats check the digit over a serial number with a prefix that is not printed. */
  serial_number_format?: { prepend_if?: { matches_regex: string; content: string } };
  /** Names of `additional` lookups that must find an entry for the number to be valid. */
  additional?: { exists?: readonly string[] };
}

export interface LookupEntry {
  matches?: string;
  matches_regex?: string;
  name?: string;
  description?: string;
  /** The issuing postal service, in the S10 country lookup. */
  courier?: string;
}

/** Decodes one named group of the pattern (a service type, the issuing country) through a table. */
export interface AdditionalLookup {
  name: string;
  regex_group_name: string;
  lookup: readonly LookupEntry[];
}

export interface FormatDefinition {
  id?: string;
  name: string;
  /** A regular expression with named groups, SerialNumber and CheckDigit among them. */
  regex: string;
  validation: FormatValidation;
  tracking_url?: string | null;
  additional?: readonly AdditionalLookup[];
}

export interface CourierDefinition {
  name: string;
  courier_code: string;
  tracking_numbers: readonly FormatDefinition[];
}
