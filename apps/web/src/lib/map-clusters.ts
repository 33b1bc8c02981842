/** A point already placed on screen, in pixels. */
export interface ScreenPoint {
  key: string;
  x: number;
  y: number;
  count: number;
}

export interface Cluster<P extends ScreenPoint> {
  /** Stable while the same points stay together, so an open popover survives a pan. */
  key: string;
  x: number;
  y: number;
  count: number;
  members: P[];
}

/**
 * Merges points that fall within `radius` pixels of a cluster's seed into that cluster (counts summed).
 * Greedy, biggest first: the busiest place anchors its cluster, so a marker does not wander as smaller
 * ones join it. Quadratic in the number of clusters, which stays in the hundreds for a dashboard.
 */
export function clusterPoints<P extends ScreenPoint>(points: readonly P[], radius: number): Cluster<P>[] {
  const ordered = [...points].sort((a, b) => b.count - a.count || a.key.localeCompare(b.key));
  const clusters: Cluster<P>[] = [];
  const radiusSquared = radius * radius;
  for (const point of ordered) {
    const home = clusters.find(
      (cluster) => (cluster.x - point.x) ** 2 + (cluster.y - point.y) ** 2 <= radiusSquared,
    );
    if (home) {
      home.members.push(point);
      home.count += point.count;
    } else {
      clusters.push({ key: point.key, x: point.x, y: point.y, count: point.count, members: [point] });
    }
  }
  for (const cluster of clusters) {
    cluster.key = cluster.members
      .map((member) => member.key)
      .sort()
      .join('|');
  }
  return clusters;
}

/** Marker diameter in pixels: grows with the logarithm of the count, so one busy port does not cover a sea. */
export function markerDiameter(count: number): number {
  return Math.round(Math.min(44, 18 + 5 * Math.log2(Math.max(1, count))));
}
