import type { ParcelPlace } from './parcel-event';

/**
 * Cities with express-parcel hubs or large delivery depots, for the demo parcel carrier's journeys and
 * for drawing parcels on the map without a network. Positions are the cities' centres in decimal
 * degrees (GeoNames / Wikipedia coordinates, rounded to 0.01°); countries are ISO 3166-1 alpha-2.
 * Each region has one gateway, the air hub its international parcels go through — the real hubs of
 * the big integrators: DHL Leipzig, UPS Worldport Louisville, Hong Kong, Dubai, São Paulo.
 */
export const PARCEL_REGIONS = [
  'europe',
  'north_america',
  'latin_america',
  'asia_pacific',
  'middle_east_africa',
] as const;
export type ParcelRegion = (typeof PARCEL_REGIONS)[number];

export interface ParcelHub {
  /** IATA code of the city's airport, a short stable key. */
  code: string;
  city: string;
  country: string;
  region: ParcelRegion;
  lat: number;
  lon: number;
  /** The region's international gateway. */
  gateway?: true;
}

export const PARCEL_HUBS: readonly ParcelHub[] = [
  { code: 'LEJ', city: 'Leipzig', country: 'DE', region: 'europe', lat: 51.34, lon: 12.37, gateway: true },
  { code: 'CGN', city: 'Cologne', country: 'DE', region: 'europe', lat: 50.94, lon: 6.96 },
  { code: 'CDG', city: 'Paris', country: 'FR', region: 'europe', lat: 48.86, lon: 2.35 },
  { code: 'LYS', city: 'Lyon', country: 'FR', region: 'europe', lat: 45.76, lon: 4.84 },
  { code: 'LGG', city: 'Liège', country: 'BE', region: 'europe', lat: 50.63, lon: 5.57 },
  { code: 'BRU', city: 'Brussels', country: 'BE', region: 'europe', lat: 50.85, lon: 4.35 },
  { code: 'AMS', city: 'Amsterdam', country: 'NL', region: 'europe', lat: 52.37, lon: 4.9 },
  { code: 'LHR', city: 'London', country: 'GB', region: 'europe', lat: 51.51, lon: -0.13 },
  { code: 'BHX', city: 'Birmingham', country: 'GB', region: 'europe', lat: 52.49, lon: -1.89 },
  { code: 'MAD', city: 'Madrid', country: 'ES', region: 'europe', lat: 40.42, lon: -3.7 },
  { code: 'MXP', city: 'Milan', country: 'IT', region: 'europe', lat: 45.46, lon: 9.19 },
  { code: 'WAW', city: 'Warsaw', country: 'PL', region: 'europe', lat: 52.23, lon: 21.01 },
  { code: 'VIE', city: 'Vienna', country: 'AT', region: 'europe', lat: 48.21, lon: 16.37 },
  { code: 'ZRH', city: 'Zurich', country: 'CH', region: 'europe', lat: 47.37, lon: 8.54 },
  { code: 'CPH', city: 'Copenhagen', country: 'DK', region: 'europe', lat: 55.68, lon: 12.57 },
  { code: 'ARN', city: 'Stockholm', country: 'SE', region: 'europe', lat: 59.33, lon: 18.07 },
  {
    code: 'SDF',
    city: 'Louisville',
    country: 'US',
    region: 'north_america',
    lat: 38.25,
    lon: -85.76,
    gateway: true,
  },
  { code: 'MEM', city: 'Memphis', country: 'US', region: 'north_america', lat: 35.15, lon: -90.05 },
  { code: 'CVG', city: 'Cincinnati', country: 'US', region: 'north_america', lat: 39.1, lon: -84.51 },
  { code: 'JFK', city: 'New York', country: 'US', region: 'north_america', lat: 40.71, lon: -74.01 },
  { code: 'ORD', city: 'Chicago', country: 'US', region: 'north_america', lat: 41.88, lon: -87.63 },
  { code: 'LAX', city: 'Los Angeles', country: 'US', region: 'north_america', lat: 34.05, lon: -118.24 },
  { code: 'DFW', city: 'Dallas', country: 'US', region: 'north_america', lat: 32.78, lon: -96.8 },
  { code: 'ATL', city: 'Atlanta', country: 'US', region: 'north_america', lat: 33.75, lon: -84.39 },
  { code: 'SEA', city: 'Seattle', country: 'US', region: 'north_america', lat: 47.61, lon: -122.33 },
  { code: 'YYZ', city: 'Toronto', country: 'CA', region: 'north_america', lat: 43.65, lon: -79.38 },
  { code: 'YUL', city: 'Montreal', country: 'CA', region: 'north_america', lat: 45.5, lon: -73.57 },
  {
    code: 'GRU',
    city: 'São Paulo',
    country: 'BR',
    region: 'latin_america',
    lat: -23.55,
    lon: -46.63,
    gateway: true,
  },
  { code: 'EZE', city: 'Buenos Aires', country: 'AR', region: 'latin_america', lat: -34.6, lon: -58.38 },
  { code: 'BOG', city: 'Bogotá', country: 'CO', region: 'latin_america', lat: 4.71, lon: -74.07 },
  { code: 'MEX', city: 'Mexico City', country: 'MX', region: 'latin_america', lat: 19.43, lon: -99.13 },
  {
    code: 'HKG',
    city: 'Hong Kong',
    country: 'HK',
    region: 'asia_pacific',
    lat: 22.32,
    lon: 114.17,
    gateway: true,
  },
  { code: 'SZX', city: 'Shenzhen', country: 'CN', region: 'asia_pacific', lat: 22.54, lon: 114.06 },
  { code: 'PVG', city: 'Shanghai', country: 'CN', region: 'asia_pacific', lat: 31.23, lon: 121.47 },
  { code: 'SIN', city: 'Singapore', country: 'SG', region: 'asia_pacific', lat: 1.35, lon: 103.82 },
  { code: 'NRT', city: 'Tokyo', country: 'JP', region: 'asia_pacific', lat: 35.68, lon: 139.69 },
  { code: 'ICN', city: 'Seoul', country: 'KR', region: 'asia_pacific', lat: 37.57, lon: 126.98 },
  { code: 'BKK', city: 'Bangkok', country: 'TH', region: 'asia_pacific', lat: 13.76, lon: 100.5 },
  { code: 'BOM', city: 'Mumbai', country: 'IN', region: 'asia_pacific', lat: 19.08, lon: 72.88 },
  { code: 'SYD', city: 'Sydney', country: 'AU', region: 'asia_pacific', lat: -33.87, lon: 151.21 },
  { code: 'MEL', city: 'Melbourne', country: 'AU', region: 'asia_pacific', lat: -37.81, lon: 144.96 },
  {
    code: 'DXB',
    city: 'Dubai',
    country: 'AE',
    region: 'middle_east_africa',
    lat: 25.2,
    lon: 55.27,
    gateway: true,
  },
  { code: 'JNB', city: 'Johannesburg', country: 'ZA', region: 'middle_east_africa', lat: -26.2, lon: 28.05 },
  { code: 'NBO', city: 'Nairobi', country: 'KE', region: 'middle_east_africa', lat: -1.29, lon: 36.82 },
];

export const parcelHubByCode = (code: string): ParcelHub | undefined =>
  PARCEL_HUBS.find((hub) => hub.code === code);

export const gatewayOf = (region: ParcelRegion): ParcelHub =>
  PARCEL_HUBS.find((hub) => hub.region === region && hub.gateway)!;

/** Great-circle distance in km. */
export function distanceKm(a: Pick<ParcelHub, 'lat' | 'lon'>, b: Pick<ParcelHub, 'lat' | 'lon'>): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLon = (b.lon - a.lon) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(h));
}

/** A hub as the place a parcel is scanned at, named the way carriers print it ("LEIPZIG - DE"). */
export const hubPlace = (hub: ParcelHub): ParcelPlace => ({
  name: `${hub.city.toUpperCase()} - ${hub.country}`,
  city: hub.city,
  countryCode: hub.country,
  latitude: hub.lat,
  longitude: hub.lon,
});
