import { normaliseReference } from '../references/normalise-reference';
import { normaliseParcelNumber } from '../tracking/express/normalise-parcel-number';
import { normaliseTag } from '../tags/normalise-tag';
import { normaliseContainerNumber, normaliseMblNumber } from '../validation/container-number';

/*
 * The top bar's search: one box that finds a shipment by its numbers or tags across every workspace
 * the user may see shipments in (GET /api/search).
 */

/** Characters a search needs once normalised: one would match most of a workspace. */
export const SEARCH_MIN_LENGTH = 2;
/** Longer than any number we track (a bill of lading has at most 35 characters, a tag 30). */
export const SEARCH_MAX_LENGTH = 60;
/** Results in one answer: a search box shows a few; the lists hold the rest. */
export const SEARCH_RESULT_LIMIT = 20;

export const SEARCH_MESSAGES = {
  tooShort: `Type at least ${String(SEARCH_MIN_LENGTH)} characters of a number or tag to search.`,
  tooLong: `A search has at most ${String(SEARCH_MAX_LENGTH)} characters.`,
  notText: 'Search for one text at a time (one q parameter).',
} as const;

/** The query as each thing it is compared with is stored. */
export interface SearchTerms {
  /** Normalised as ocean intake stores a container number. */
  container: string;
  /** Normalised as ocean intake stores a bill of lading. */
  mbl: string;
  /** Normalised as express intake stores a parcel's tracking number. */
  parcel: string;
  /** Trimmed as tags are stored, and lower-cased: tags match whatever their case. */
  tag: string;
  /** Trimmed as references are stored, and upper-cased: references match whatever their case. */
  reference: string;
}

/** What a typed or pasted query is compared with: `msku 123-456` finds MSKU123456…. */
export function searchTerms(query: string): SearchTerms {
  return {
    container: normaliseContainerNumber(query),
    mbl: normaliseMblNumber(query),
    parcel: normaliseParcelNumber(query.trim()),
    tag: normaliseTag(query).toLowerCase(),
    reference: normaliseReference(query).toUpperCase(),
  };
}

/** Long enough to search once normalised: every term has at least {@link SEARCH_MIN_LENGTH} characters. */
export function longEnough(query: string): boolean {
  const { container, mbl, parcel, tag } = searchTerms(query);
  return [container, mbl, parcel, tag].every((term) => term.length >= SEARCH_MIN_LENGTH);
}

/** Whether the box's text is worth asking about (the server answers 400 otherwise). */
export function isSearchable(query: string): boolean {
  return query.trim().length <= SEARCH_MAX_LENGTH && longEnough(query);
}
