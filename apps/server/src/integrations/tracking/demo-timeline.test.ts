import { describe, expect, it } from 'vitest';
import { cachedTimelines, revealAt, type DemoTimeline } from './demo-timeline';

type Facts = { a: string | null; b: string };

describe('revealAt', () => {
  const timeline: DemoTimeline<string, Facts> = {
    found: true,
    events: [
      { from: 10, value: 'first' },
      { from: 30, value: 'third' },
      { from: 20, value: 'second' },
    ],
    facts: [
      { from: -Infinity, value: { a: null, b: 'always' } },
      { from: 25, value: { a: 'later' } },
    ],
  };

  it('gives what is published by now, in the order drawn, with the facts merged in order', () => {
    expect(revealAt(timeline, 5)).toEqual({ status: 'found', events: [], facts: { a: null, b: 'always' } });
    expect(revealAt(timeline, 20)).toEqual({
      status: 'found',
      events: ['first', 'second'],
      facts: { a: null, b: 'always' },
    });
    expect(revealAt(timeline, 30)).toEqual({
      status: 'found',
      events: ['first', 'third', 'second'],
      facts: { a: 'later', b: 'always' },
    });
  });

  it('answers not found for a number the carrier does not know', () => {
    expect(revealAt({ found: false }, 100)).toEqual({ status: 'not_found' });
  });
});

describe('cachedTimelines', () => {
  it('draws a number once and forgets the least recently used beyond its size', () => {
    const drawn: string[] = [];
    const timeline = cachedTimelines(
      (q: string): DemoTimeline<string, object> => {
        drawn.push(q);
        return { found: true, events: [{ from: 0, value: q }], facts: [] };
      },
      (q) => q,
      2,
    );
    timeline('A');
    timeline('B');
    timeline('A'); // cached, and now the most recently used
    timeline('C'); // evicts B
    timeline('A');
    timeline('B'); // drawn again
    expect(drawn).toEqual(['A', 'B', 'C', 'B']);
    expect(revealAt(timeline('C'), 0)).toEqual({ status: 'found', events: ['C'], facts: {} });
  });
});
