import { geoGraticule10, geoPath } from 'd3-geo';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
// A hashed static file of the build: fetched once, cached by the browser, never part of the JS bundle.
import countriesUrl from 'world-atlas/countries-110m.json?url';
import { mapProjection } from './map-view';

/** The world drawn once in map units; pan and zoom only transform it. */
export interface WorldShapes {
  land: string;
  graticule: string;
  sphere: string;
}

let pending: Promise<WorldShapes> | null = null;

async function fetchWorldShapes(): Promise<WorldShapes> {
  const response = await fetch(countriesUrl);
  if (!response.ok) throw new Error(`World map geometry: HTTP ${response.status}`);
  const topology = (await response.json()) as Topology<{ countries: GeometryCollection }>;
  const path = geoPath(mapProjection);
  return {
    land: path(feature(topology, topology.objects.countries)) ?? '',
    graticule: path(geoGraticule10()) ?? '',
    sphere: path({ type: 'Sphere' }) ?? '',
  };
}

/** The world's outlines, loaded once per page; a failed load is tried again by the next map. */
export function loadWorldShapes(): Promise<WorldShapes> {
  pending ??= fetchWorldShapes().catch((error: unknown) => {
    pending = null;
    throw error;
  });
  return pending;
}

/**
 * A route in map units: [longitude, latitude] points in order, each segment a great circle (d3
 * resamples a LineString along the sphere). An ocean voyage arrives as its sea-lane path from the
 * server; a parcel's leg is its two ends.
 */
export function legPath(path: [number, number][]): string {
  return geoPath(mapProjection)({ type: 'LineString', coordinates: path }) ?? '';
}
