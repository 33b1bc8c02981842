import type { ParcelPlace } from '@tracklane/shared/tracking/express/parcel-event';

/**
 * A place as people read it: the carrier's own name for it ("LOUISVILLE KY US", "Leipzig Hub"), else
 * city and country; null when the carrier said nothing about it.
 */
export function placeLabel(place: ParcelPlace | null | undefined): string | null {
  if (!place) return null;
  if (place.name?.trim()) return place.name.trim();
  const parts = [place.city, place.countryCode].filter((part): part is string => Boolean(part?.trim()));
  return parts.length > 0 ? parts.join(', ') : null;
}
