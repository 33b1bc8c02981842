import type { SearchResult } from '@tracklane/shared/search/search.schema';
import { modeOf } from '../../../modes/registry';
import type { ModeSearch } from '../../../modes/mode-definition';

/** How a result's mode shows it: the registry's mode of the result's `mode`. */
export function searchLook(result: SearchResult): ModeSearch<SearchResult> {
  const definition = modeOf(result.mode);
  if (!definition) throw new Error(`No mode ${result.mode}`);
  return definition.search;
}

/** A result's detail page (spec §2), with the reader's zone as the spec writes it (?timeZone=…). */
export function searchResultHref(result: SearchResult, timeZone: string): string {
  return `${searchLook(result).detailPath(result)}?timeZone=${encodeURIComponent(timeZone)}`;
}

/** The number a person knows the shipment by: the container, or the parcel's tracking number. */
export const resultNumber = (result: SearchResult) => searchLook(result).number(result);
