import type { SearchResult } from '@tracklane/shared/search/search.schema';
import { paths } from '../../../config/paths';

/** A result's detail page (spec §2), with the reader's zone as the spec writes it (?timeZone=…). */
export function searchResultHref(result: SearchResult, timeZone: string): string {
  const zone = `?timeZone=${encodeURIComponent(timeZone)}`;
  return result.mode === 'ocean'
    ? `${paths.shipment.ocean(result.containerNo, result.mblNo)}${zone}`
    : `${paths.shipment.ground(result.expressOrderId, result.expressOrderNo)}${zone}`;
}

/** The number a person knows the shipment by: the container, or the parcel's tracking number. */
export const resultNumber = (result: SearchResult) =>
  result.mode === 'ocean' ? result.containerNo : result.expressOrderNo;
