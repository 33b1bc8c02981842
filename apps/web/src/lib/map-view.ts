import { geoEqualEarth } from 'd3-geo';

/** The map's own coordinate space (the SVG viewBox); the element scales it to its container. */
export const MAP_WIDTH = 960;
export const MAP_HEIGHT = 468;
export const MIN_ZOOM = 1;
export const MAX_ZOOM = 8;

/** Equal Earth keeps areas true, so a busy region does not look emptier than it is. */
export const mapProjection = geoEqualEarth().fitSize([MAP_WIDTH, MAP_HEIGHT], { type: 'Sphere' });

/** The view as the map preference stores it: centre as [longitude, latitude] and zoom. */
export interface MapView {
  center: [number, number];
  zoom: number;
}

/** The same view in projected units: the point at the middle of the map. */
interface ProjectedView {
  x: number;
  y: number;
  zoom: number;
}

export const DEFAULT_VIEW: MapView = { center: [0, 0], zoom: 1 };

const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value));

/** Keeps the zoom in range and the world filling the frame (no empty space beyond its edges). */
function clampProjected({ x, y, zoom }: ProjectedView): ProjectedView {
  const z = clamp(zoom, MIN_ZOOM, MAX_ZOOM);
  const halfWidth = MAP_WIDTH / (2 * z);
  const halfHeight = MAP_HEIGHT / (2 * z);
  return {
    x: clamp(x, halfWidth, MAP_WIDTH - halfWidth),
    y: clamp(y, halfHeight, MAP_HEIGHT - halfHeight),
    zoom: z,
  };
}

function project(view: MapView): ProjectedView {
  const [x, y] = mapProjection(view.center) ?? [MAP_WIDTH / 2, MAP_HEIGHT / 2];
  return clampProjected({ x, y, zoom: view.zoom });
}

function unproject(view: ProjectedView): MapView {
  const clamped = clampProjected(view);
  const [lon, lat] = mapProjection.invert?.([clamped.x, clamped.y]) ?? [0, 0];
  const round = (value: number) => Math.round(value * 1e4) / 1e4;
  return { center: [clamp(round(lon), -180, 180), clamp(round(lat), -90, 90)], zoom: round(clamped.zoom) };
}

/** A saved view brought into range (a preference may hold a zoom this map does not offer). */
export function normalizeView(view: MapView): MapView {
  return unproject(project(view));
}

/** The SVG transform that shows `view`. */
export function viewTransform(view: MapView): string {
  const { x, y, zoom } = project(view);
  return `translate(${MAP_WIDTH / 2} ${MAP_HEIGHT / 2}) scale(${zoom}) translate(${-x} ${-y})`;
}

/** Where a longitude/latitude lands in map units under `view`; null if the projection cannot place it. */
export function placeOnMap(view: MapView, lon: number, lat: number): [number, number] | null {
  const point = mapProjection([lon, lat]);
  if (!point) return null;
  const { x, y, zoom } = project(view);
  return [(point[0] - x) * zoom + MAP_WIDTH / 2, (point[1] - y) * zoom + MAP_HEIGHT / 2];
}

/** Zooms by `factor`, keeping the map point under `anchor` (map units; default the middle) in place. */
export function zoomView(
  view: MapView,
  factor: number,
  anchor: [number, number] = [MAP_WIDTH / 2, MAP_HEIGHT / 2],
): MapView {
  const current = project(view);
  const zoom = clamp(current.zoom * factor, MIN_ZOOM, MAX_ZOOM);
  const offsetX = anchor[0] - MAP_WIDTH / 2;
  const offsetY = anchor[1] - MAP_HEIGHT / 2;
  const pointX = current.x + offsetX / current.zoom;
  const pointY = current.y + offsetY / current.zoom;
  return unproject({ x: pointX - offsetX / zoom, y: pointY - offsetY / zoom, zoom });
}

/** Moves the map by a drag of (dx, dy) map units: the ground follows the pointer. */
export function panView(view: MapView, dx: number, dy: number): MapView {
  const current = project(view);
  return unproject({
    x: current.x - dx / current.zoom,
    y: current.y - dy / current.zoom,
    zoom: current.zoom,
  });
}

/** Closest a fitted view comes: a single port still shows the sea around it. */
const FIT_MAX_ZOOM = 4;

/**
 * The view that shows all of these [longitude, latitude] points with a margin around them (one
 * shipment's route and position); the whole world when there are none.
 */
export function fitView(points: [number, number][], margin = 1.25): MapView {
  const projected = points.flatMap((point) => {
    const at = mapProjection(point);
    return at ? [at] : [];
  });
  if (projected.length === 0) return DEFAULT_VIEW;
  const xs = projected.map(([x]) => x);
  const ys = projected.map(([, y]) => y);
  const [minX, maxX, minY, maxY] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const zoom = Math.min(
    FIT_MAX_ZOOM,
    MAP_WIDTH / (Math.max(maxX - minX, 1) * margin),
    MAP_HEIGHT / (Math.max(maxY - minY, 1) * margin),
  );
  return unproject({ x: (minX + maxX) / 2, y: (minY + maxY) / 2, zoom });
}

export function sameView(a: MapView, b: MapView): boolean {
  return a.zoom === b.zoom && a.center[0] === b.center[0] && a.center[1] === b.center[1];
}
