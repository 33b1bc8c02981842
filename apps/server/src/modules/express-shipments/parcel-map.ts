import type { DerivedParcel } from '@tracklane/shared/tracking/express/derived-parcel';
import type { ParcelPlace } from '@tracklane/shared/tracking/express/parcel-event';
import { PARCEL_HUBS } from '@tracklane/shared/tracking/express/parcel-hubs';

export interface MapPoint {
  lat: number;
  lon: number;
  name: string;
}

/** A place's coordinates: its own, else its city's among the parcel hubs; null when neither is known. */
export function placePoint(place: ParcelPlace | null): MapPoint | null {
  if (!place) return null;
  const name = place.city ?? place.name;
  if (typeof place.latitude === 'number' && typeof place.longitude === 'number')
    return {
      lat: place.latitude,
      lon: place.longitude,
      name: name ?? `${String(place.latitude)}, ${String(place.longitude)}`,
    };
  const city = place.city?.trim().toLowerCase();
  const hub = city
    ? PARCEL_HUBS.find(
        (h) =>
          h.city.toLowerCase() === city &&
          (!place.countryCode || h.country === place.countryCode.toUpperCase()),
      )
    : undefined;
  return hub ? { lat: hub.lat, lon: hub.lon, name: hub.city } : null;
}

/**
 * Where the live map shows a parcel: its last scan when that has coordinates, else its destination
 * city once delivered, else its origin city.
 */
export function parcelPosition(derived: DerivedParcel | null): MapPoint | null {
  if (!derived) return null;
  const last = derived.lastLocation;
  if (typeof last?.latitude === 'number' && typeof last.longitude === 'number') return placePoint(last);
  return placePoint(derived.status === 'delivered' ? derived.destination : derived.origin);
}

/**
 * The map columns an express subscription copies (see expressListColumns): the position, and the
 * origin and destination of its leg.
 */
export function parcelMapColumns(derived: DerivedParcel | null) {
  const position = parcelPosition(derived);
  const origin = placePoint(derived?.origin ?? null);
  const destination = placePoint(derived?.destination ?? null);
  return {
    mapLat: position?.lat ?? null,
    mapLon: position?.lon ?? null,
    mapName: position?.name ?? null,
    originLat: origin?.lat ?? null,
    originLon: origin?.lon ?? null,
    destinationLat: destination?.lat ?? null,
    destinationLon: destination?.lon ?? null,
  };
}
