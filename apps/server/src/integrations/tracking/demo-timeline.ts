/**
 * The demo carriers' journeys as timelines: everything a carrier will ever publish about one number,
 * each event and fact with the moment it becomes known. A journey is drawn once per number (its
 * SHA-256 streams, hashes and dates are the costly part) and kept in a bounded cache; each refresh only
 * reveals what is known at its `now`. The answer is the same as drawing the journey again every time.
 */

/** A value that becomes known at `from` (epoch ms), and is no longer published from `until` on. */
export interface Timed<T> {
  from: number;
  value: T;
  until?: number;
}

export type DemoTimeline<E, F> =
  { found: false } | { found: true; events: Timed<E>[]; facts: Timed<Partial<F>>[] };

export type RevealedAnswer<E, F> =
  { status: 'not_found' } | { status: 'found'; events: E[]; facts: Partial<F> };

/**
 * What the carrier has published by `now`: the events known by then and not withdrawn since, and the
 * facts merged in order.
 */
export function revealAt<E, F>(timeline: DemoTimeline<E, F>, now: number): RevealedAnswer<E, F> {
  if (!timeline.found) return { status: 'not_found' };
  const events = timeline.events
    .filter((e) => e.from <= now && (e.until === undefined || now < e.until))
    .map((e) => e.value);
  let facts: Partial<F> = {};
  for (const f of timeline.facts) if (f.from <= now) facts = { ...facts, ...f.value };
  return { status: 'found', events, facts };
}

/** Timelines this many numbers at most are kept (least recently used go first): ~10 KB each. */
export const TIMELINE_CACHE_SIZE = 20_000;

/** `draw` memoised by `key`, in a least-recently-used cache of `size` timelines. */
export function cachedTimelines<Q, E, F>(
  draw: (query: Q) => DemoTimeline<E, F>,
  key: (query: Q) => string,
  size = TIMELINE_CACHE_SIZE,
): (query: Q) => DemoTimeline<E, F> {
  const cache = new Map<string, DemoTimeline<E, F>>();
  return (query) => {
    const k = key(query);
    let timeline = cache.get(k);
    if (timeline) cache.delete(k);
    else {
      timeline = draw(query);
      if (cache.size >= size) cache.delete(cache.keys().next().value!);
    }
    cache.set(k, timeline);
    return timeline;
  };
}
