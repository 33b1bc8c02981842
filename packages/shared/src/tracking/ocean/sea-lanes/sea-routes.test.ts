import { describe, expect, it } from 'vitest';
import { portByLocode } from '../ports';
import { drawnPoints, inland, onLand, pointsInland } from './land.test-support';
import { seaLanes } from './sea-lanes';
import { distanceKm, pathLengthKm, pointAlong, seaPath, type LonLat } from './sea-routes';
import { voyageRoute } from './voyage-map';

const port = (locode: string) => {
  const p = portByLocode(locode);
  if (!p) throw new Error(`unknown port ${locode}`);
  return p;
};
const at = (locode: string): LonLat => [port(locode).lon, port(locode).lat];
const route = (...locodes: string[]) =>
  voyageRoute(
    seaLanes(),
    locodes.map((locode) => ({ locode, name: null })),
  )!;

type Box = [west: number, south: number, east: number, north: number];
const SUEZ_CANAL: Box = [32.2, 29.9, 32.7, 31.3];
const BAB_EL_MANDEB: Box = [42.8, 12.0, 44.0, 13.2];
const MALACCA_STRAIT: Box = [97.0, 1.0, 103.0, 6.5];
const PANAMA_CANAL: Box = [-80.0, 8.8, -79.4, 9.5];
const within = ([lon, lat]: LonLat, [west, south, east, north]: Box) =>
  lon >= west && lon <= east && lat >= south && lat <= north;
/** Whether the line as drawn (great circles between the vertices) runs through the box. */
const passes = (path: LonLat[], box: Box) => drawnPoints(path, 5).some((p) => within(p, box));
const southernmost = (path: LonLat[]) => Math.min(...path.map(([, lat]) => lat));

/** Every trade lane the demo carrier sails (demo-carrier.ts), leg by leg. */
const DEMO_LEGS = [
  ['CNSHA', 'NLRTM'],
  ['CNNGB', 'SGSIN'],
  ['SGSIN', 'DEHAM'],
  ['CNYTN', 'USLAX'],
  ['KRPUS', 'USSEA'],
  ['VNCMT', 'PABLB'],
  ['PABLB', 'USSAV'],
  ['INNSA', 'AEJEA'],
  ['AEJEA', 'GBFXT'],
  ['CNTAO', 'USLGB'],
  ['SGSIN', 'BEANR'],
  ['THLCH', 'SGSIN'],
  ['SGSIN', 'ESVLC'],
  ['HKHKG', 'CAVAN'],
  ['CNXMN', 'MYTPP'],
  ['MYTPP', 'BRSSZ'],
  ['DEBRV', 'USNYC'],
  ['TWKHH', 'AUMEL'],
  ['CNSHA', 'LKCMB'],
  ['LKCMB', 'GRPIR'],
] as const;

// Each lane is checked every 20 km against the land polygons: about a second a lane on a busy machine.
describe('sea routes', { timeout: 30_000 }, () => {
  it('draws Shanghai → Rotterdam at sea, through Malacca, Bab-el-Mandeb and Suez', () => {
    const path = route('CNSHA', 'NLRTM');
    expect(pointsInland(path, [at('CNSHA'), at('NLRTM')])).toEqual([]);
    expect(passes(path, MALACCA_STRAIT)).toBe(true);
    expect(passes(path, BAB_EL_MANDEB)).toBe(true);
    expect(passes(path, SUEZ_CANAL)).toBe(true);
    // Through the canal, not round Africa: about 10,600 nautical miles.
    expect(southernmost(path)).toBeGreaterThan(-10);
    expect(pathLengthKm(path)).toBeGreaterThan(18_500);
    expect(pathLengthKm(path)).toBeLessThan(21_000);
  });

  it('would have failed on the straight arc the map drew before (the check can fail)', () => {
    const straight: LonLat[] = [at('CNSHA'), at('NLRTM')];
    expect(pointsInland(straight, straight).length).toBeGreaterThan(100);
  });

  it.each(DEMO_LEGS)('keeps %s → %s at sea', (from, to) => {
    const path = route(from, to);
    expect(pointsInland(path, [at(from), at(to)])).toEqual([]);
    expect(path[0]).toEqual(at(from));
    expect(path.at(-1)).toEqual(at(to));
  });

  it('goes round the Cape when the voyage calls at Durban, not through Suez', () => {
    const path = route('SGSIN', 'ZADUR', 'NLRTM');
    expect(passes(path, SUEZ_CANAL)).toBe(false);
    expect(southernmost(path)).toBeLessThan(-33);
    expect(pointsInland(path, [at('SGSIN'), at('ZADUR'), at('NLRTM')])).toEqual([]);
  });

  it('crosses from the Pacific to the Atlantic through the Panama Canal', () => {
    const path = route('VNCMT', 'PABLB', 'USSAV');
    expect(passes(path, PANAMA_CANAL)).toBe(true);
    // Not round Cape Horn.
    expect(southernmost(path)).toBeGreaterThan(-10);
  });

  it('crosses the Pacific over the antimeridian', () => {
    const path = route('CNYTN', 'USLAX');
    expect(path.some(([lon]) => lon > 170) && path.some(([lon]) => lon < -170)).toBe(true);
    expect(pathLengthKm(path)).toBeLessThan(13_500);
  });

  it('places a point along the path by its share of the length', () => {
    const path = seaPath(seaLanes(), port('CNSHA'), port('NLRTM'));
    const half = pointAlong(path, 0.5);
    expect(onLand(half)).toBe(false);
    // The first half's length, walked to the point, is half the whole.
    const total = pathLengthKm(path);
    let walked = 0;
    for (let i = 1; i < path.length; i++) {
      const leg = distanceKm(path[i - 1]!, path[i]!);
      if (walked + leg >= total / 2) {
        walked += distanceKm(path[i - 1]!, half);
        break;
      }
      walked += leg;
    }
    expect(Math.abs(walked - total / 2)).toBeLessThan(1);
    expect(pointAlong(path, 0)).toEqual(path[0]);
    expect(pointAlong(path, 1)).toEqual(path.at(-1));
  });

  it('tells inland from a coast the small-scale map draws coarsely', () => {
    expect(inland([64.6, 41.4])).toBe(true); // Uzbekistan
    expect(inland([4.05, 51.95])).toBe(false); // Rotterdam's quays
  });
});
