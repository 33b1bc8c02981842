/**
 * Routes along sea lanes: shortest paths (Dijkstra) over a graph of lanes (sea-lanes.json, derived
 * from Eurostat's marnet by scripts/derive-sea-lanes.mjs), and places along a path by the share of its
 * length. Pure and synchronous; the graph is a parameter, so the code carries no data of its own.
 */

/** [longitude, latitude] in degrees, as GeoJSON orders them. */
export type LonLat = [number, number];

/** The graph as the data file holds it: integers in 1/scale degrees, edges as index pairs. */
export interface SeaLaneData {
  scale: number;
  nodes: number[];
  edges: number[];
  /** UN/LOCODE → the node each port joins the lanes at. */
  ports: Record<string, number>;
}

/** A place to route from or to: a port by its code when the graph knows it, else by position. */
export interface RoutePoint {
  locode?: string | null;
  lat: number;
  lon: number;
}

export interface SeaLanes {
  readonly points: LonLat[];
  /** Per node: neighbour, distance (km), neighbour, distance, … */
  readonly adjacency: number[][];
  readonly ports: Record<string, number>;
  /** Shortest node paths already found, by "from>to". */
  readonly paths: Map<string, number[] | null>;
}

const EARTH_KM = 6371;
const RAD = Math.PI / 180;
/** Distinct node pairs remembered (every pair of the ~55 known ports fits). */
const PATH_CACHE_SIZE = 4096;

/** Great-circle distance in km. */
export function distanceKm([lon1, lat1]: LonLat, [lon2, lat2]: LonLat): number {
  const dLat = (lat2 - lat1) * RAD;
  const dLon = (lon2 - lon1) * RAD;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * RAD) * Math.cos(lat2 * RAD) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** The point `t` (0–1) of the way from a to b along the great circle, as a map draws the segment. */
export function interpolate(a: LonLat, b: LonLat, t: number): LonLat {
  const d = distanceKm(a, b) / EARTH_KM;
  if (d === 0 || t <= 0) return a;
  if (t >= 1) return b;
  const [lon1, lat1] = [a[0] * RAD, a[1] * RAD];
  const [lon2, lat2] = [b[0] * RAD, b[1] * RAD];
  const k1 = Math.sin((1 - t) * d) / Math.sin(d);
  const k2 = Math.sin(t * d) / Math.sin(d);
  const x = k1 * Math.cos(lat1) * Math.cos(lon1) + k2 * Math.cos(lat2) * Math.cos(lon2);
  const y = k1 * Math.cos(lat1) * Math.sin(lon1) + k2 * Math.cos(lat2) * Math.sin(lon2);
  const z = k1 * Math.sin(lat1) + k2 * Math.sin(lat2);
  return [Math.atan2(y, x) / RAD, Math.atan2(z, Math.hypot(x, y)) / RAD];
}

/** The graph, ready to route on. */
export function seaLanesFrom(data: SeaLaneData): SeaLanes {
  const points: LonLat[] = [];
  for (let i = 0; i < data.nodes.length; i += 2)
    points.push([data.nodes[i]! / data.scale, data.nodes[i + 1]! / data.scale]);
  const adjacency: number[][] = points.map(() => []);
  for (let i = 0; i < data.edges.length; i += 2) {
    const a = data.edges[i]!;
    const b = data.edges[i + 1]!;
    const km = distanceKm(points[a]!, points[b]!);
    adjacency[a]!.push(b, km);
    adjacency[b]!.push(a, km);
  }
  return { points, adjacency, ports: data.ports, paths: new Map() };
}

function nearestNode(lanes: SeaLanes, at: LonLat): number {
  let best = 0;
  let bestKm = Infinity;
  lanes.points.forEach((point, i) => {
    const km = distanceKm(at, point);
    if (km < bestKm && (lanes.adjacency[i]?.length ?? 0) > 0) {
      best = i;
      bestKm = km;
    }
  });
  return best;
}

function nodeOf(lanes: SeaLanes, place: RoutePoint): number {
  const port = place.locode ? lanes.ports[place.locode.toUpperCase()] : undefined;
  return port ?? nearestNode(lanes, [place.lon, place.lat]);
}

/** A binary min-heap of [distance, node]. */
class Queue {
  private items: [number, number][] = [];
  get size() {
    return this.items.length;
  }
  push(item: [number, number]) {
    const items = this.items;
    items.push(item);
    let i = items.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (items[parent]![0] <= item[0]) break;
      items[i] = items[parent]!;
      i = parent;
    }
    items[i] = item;
  }
  pop(): [number, number] | undefined {
    const items = this.items;
    const top = items[0];
    const last = items.pop();
    if (!last || items.length === 0) return top;
    let i = 0;
    for (;;) {
      const left = 2 * i + 1;
      const right = left + 1;
      let child = left;
      if (left >= items.length) break;
      if (right < items.length && items[right]![0] < items[left]![0]) child = right;
      if (items[child]![0] >= last[0]) break;
      items[i] = items[child]!;
      i = child;
    }
    items[i] = last;
    return top;
  }
}

/** The nodes of the shortest path from one node to another, or null when none joins them. */
function shortestPath(lanes: SeaLanes, from: number, to: number): number[] | null {
  const key = `${String(from)}>${String(to)}`;
  const known = lanes.paths.get(key);
  if (known !== undefined) return known;
  const distance = new Float64Array(lanes.points.length).fill(Infinity);
  const previous = new Int32Array(lanes.points.length).fill(-1);
  distance[from] = 0;
  const queue = new Queue();
  queue.push([0, from]);
  while (queue.size > 0) {
    const [d, node] = queue.pop()!;
    if (node === to) break;
    if (d > distance[node]!) continue;
    const next = lanes.adjacency[node]!;
    for (let i = 0; i < next.length; i += 2) {
      const neighbour = next[i]!;
      const via = d + next[i + 1]!;
      if (via < distance[neighbour]!) {
        distance[neighbour] = via;
        previous[neighbour] = node;
        queue.push([via, neighbour]);
      }
    }
  }
  let path: number[] | null = null;
  if (distance[to] !== Infinity) {
    path = [];
    for (let node = to; node !== -1; node = previous[node]!) path.push(node);
    path.reverse();
  }
  if (lanes.paths.size >= PATH_CACHE_SIZE) lanes.paths.clear();
  lanes.paths.set(key, path);
  return path;
}

/**
 * The way from one place to another along the lanes: the place, where it joins the lanes, the
 * lanes' vertices, where the other place joins them, the place. Straight (a great circle) when both
 * join the lanes at one node or no lane joins them.
 */
export function seaPath(lanes: SeaLanes, from: RoutePoint, to: RoutePoint): LonLat[] {
  const start: LonLat = [from.lon, from.lat];
  const end: LonLat = [to.lon, to.lat];
  const a = nodeOf(lanes, from);
  const b = nodeOf(lanes, to);
  const nodes = a === b ? null : shortestPath(lanes, a, b);
  if (!nodes) return [start, end];
  const path: LonLat[] = [start];
  for (const node of nodes) {
    const point = lanes.points[node]!;
    const last = path.at(-1)!;
    if (point[0] !== last[0] || point[1] !== last[1]) path.push(point);
  }
  const last = path.at(-1)!;
  if (last[0] !== end[0] || last[1] !== end[1]) path.push(end);
  return path;
}

/** A path's length in km, along its great-circle segments. */
export function pathLengthKm(path: LonLat[]): number {
  let km = 0;
  for (let i = 1; i < path.length; i++) km += distanceKm(path[i - 1]!, path[i]!);
  return km;
}

/** The point `fraction` (0–1) of the path's length from its start. */
export function pointAlong(path: LonLat[], fraction: number): LonLat {
  const first = path[0];
  if (!first) throw new Error('pointAlong: an empty path');
  if (fraction <= 0) return first;
  if (fraction >= 1) return path.at(-1)!;
  const target = fraction * pathLengthKm(path);
  let walked = 0;
  for (let i = 1; i < path.length; i++) {
    const a = path[i - 1]!;
    const b = path[i]!;
    const km = distanceKm(a, b);
    if (walked + km >= target) return interpolate(a, b, km === 0 ? 0 : (target - walked) / km);
    walked += km;
  }
  return path.at(-1)!;
}
