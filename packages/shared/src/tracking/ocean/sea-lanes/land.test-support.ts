import { geoBounds, geoContains } from 'd3-geo';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import atlas from 'world-atlas/countries-110m.json';
import { distanceKm, interpolate, type LonLat } from './sea-routes';
import waterways from './waterways.json';

// The land the app's own map draws (world-atlas 110m, as world-geometry.ts loads it).
const topology = atlas as unknown as Topology<{ land: GeometryCollection }>;
const land = feature(topology, topology.objects.land);

/** Waterways ships sail that the 110m atlas draws as land (the canals, the Elbe). */
export const inWaterway = ([lon, lat]: LonLat) =>
  waterways.some(
    ({ box: [west, south, east, north] }) => lon >= west! && lon <= east! && lat >= south! && lat <= north!,
  );

type LandGeometry = (typeof land.features)[number]['geometry'];
type LandPolygon = Extract<LandGeometry, { type: 'Polygon' }>;

/**
 * The land's polygons, each with its spherical bounding box (d3's geoBounds: west > east when it
 * crosses the antimeridian, the whole circle when it holds a pole). A point outside a polygon's box,
 * widened by a degree, is not in the polygon, so only the few polygons whose box holds the point are
 * walked: geoContains over the whole land's answer, without walking every coastline for every point.
 */
const landPolygons = land.features.flatMap(({ geometry }) =>
  (geometry.type === 'MultiPolygon'
    ? geometry.coordinates.map((coordinates): LandPolygon => ({ type: 'Polygon', coordinates }))
    : geometry.type === 'Polygon'
      ? [geometry]
      : []
  ).map((polygon) => ({ polygon, box: geoBounds(polygon) })),
);
const MARGIN_DEG = 1;
const degrees360 = (deg: number) => ((deg % 360) + 360) % 360;
function inBox([lon, lat]: LonLat, [[west, south], [east, north]]: [[number, number], [number, number]]) {
  if (lat < south - MARGIN_DEG || lat > north + MARGIN_DEG) return false;
  // Longitudes on the circle: from the widened west edge eastwards, within the widened width.
  const width = west <= east ? east - west : east - west + 360;
  return degrees360(lon - (west - MARGIN_DEG)) <= width + 2 * MARGIN_DEG;
}

export const onLand = (point: LonLat) =>
  landPolygons.some(({ polygon, box }) => inBox(point, box) && geoContains(polygon, point));

/** The plain whole-land test, which onLand must agree with (land.test-support.test.ts). */
export const onLandWhole = (point: LonLat) => geoContains(land, point);

/**
 * Inland as the 110m map draws it: on land with no sea within `km` in eight directions, so that a
 * lane along a coast the atlas draws coarsely (at 1:110 million) does not count.
 */
export function inland(point: LonLat, km = 20): boolean {
  if (!onLand(point)) return false;
  const [lon, lat] = point;
  for (let k = 0; k < 8; k++) {
    const angle = (k * Math.PI) / 4;
    const dLat = (km / 111.2) * Math.sin(angle);
    const dLon = ((km / 111.2) * Math.cos(angle)) / Math.cos((lat * Math.PI) / 180);
    if (!onLand([lon + dLon, lat + dLat])) return false;
  }
  return true;
}

/** The path as a map draws it: every segment's great circle, a point every `stepKm`. */
export function drawnPoints(path: LonLat[], stepKm = 20): LonLat[] {
  const points: LonLat[] = [];
  for (let i = 1; i < path.length; i++) {
    const a = path[i - 1]!;
    const b = path[i]!;
    const steps = Math.max(1, Math.ceil(distanceKm(a, b) / stepKm));
    for (let s = 0; s <= steps; s++) points.push(interpolate(a, b, s / steps));
  }
  return points;
}

/** The drawn points inland, leaving out waterways and the `portKm` around the given ports. */
export function pointsInland(path: LonLat[], ports: LonLat[], portKm = 40): LonLat[] {
  return drawnPoints(path).filter(
    (p) => !inWaterway(p) && ports.every((port) => distanceKm(p, port) > portKm) && inland(p),
  );
}
