import { describe, expect, it } from 'vitest';
import { onLand, onLandWhole } from './land.test-support';
import type { LonLat } from './sea-routes';

// onLand walks only the polygons whose bounding box holds the point: it must answer as the whole land.
// About a thousand points, each tested against every coastline the slow way: a second or two.
describe('the land test', { timeout: 30_000 }, () => {
  it('answers as geoContains over the whole land, round the globe and across the antimeridian', () => {
    const points: LonLat[] = [];
    for (let lat = -85; lat <= 85; lat += 7.3)
      for (let lon = -180; lon < 180; lon += 7) points.push([lon + 0.123, lat]);
    for (let lat = -85; lat <= 85; lat += 10)
      for (const lon of [-181, -180, -179.9, 179.9, 180, 181]) points.push([lon, lat]);
    const disagree = points.filter((p) => onLand(p) !== onLandWhole(p));
    expect(disagree).toEqual([]);
    // Both answers occur, so agreeing is not agreeing on "sea" everywhere.
    expect(points.filter(onLand).length).toBeGreaterThan(150);
    expect(points.filter((p) => !onLand(p)).length).toBeGreaterThan(400);
  });
});
