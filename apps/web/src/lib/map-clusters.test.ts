import { describe, expect, it } from 'vitest';
import { clusterPoints, markerDiameter } from './map-clusters';

const point = (key: string, x: number, y: number, count: number) => ({ key, x, y, count });

describe('clusterPoints', () => {
  it('merges places 1 px apart into one cluster with the counts summed', () => {
    const clusters = clusterPoints([point('a', 100, 100, 3), point('b', 101, 100, 4)], 14);
    expect(clusters).toHaveLength(1);
    expect(clusters[0]).toMatchObject({ count: 7, key: 'a|b' });
    expect(clusters[0]?.members.map((member) => member.key)).toEqual(['b', 'a']);
  });

  it('keeps far-apart places as separate markers', () => {
    const clusters = clusterPoints([point('a', 100, 100, 3), point('b', 300, 100, 4)], 14);
    expect(clusters.map((cluster) => [cluster.key, cluster.count])).toEqual([
      ['b', 4],
      ['a', 3],
    ]);
  });

  it('anchors a cluster on its busiest place and measures from there', () => {
    // c is within reach of b but not of the seed a (the busiest), so it starts its own cluster.
    const clusters = clusterPoints([point('a', 0, 0, 10), point('b', 10, 0, 1), point('c', 20, 0, 1)], 14);
    expect(clusters.map((cluster) => [cluster.key, cluster.x, cluster.count])).toEqual([
      ['a|b', 0, 11],
      ['c', 20, 1],
    ]);
  });

  it('treats the radius as the boundary, inclusive', () => {
    expect(clusterPoints([point('a', 0, 0, 1), point('b', 14, 0, 1)], 14)).toHaveLength(1);
    expect(clusterPoints([point('a', 0, 0, 1), point('b', 14.1, 0, 1)], 14)).toHaveLength(2);
  });
});

describe('markerDiameter', () => {
  it('grows with the count but stays within 18–44 px', () => {
    expect(markerDiameter(1)).toBe(18);
    expect(markerDiameter(8)).toBeGreaterThan(markerDiameter(2));
    expect(markerDiameter(1_000_000)).toBe(44);
  });
});
