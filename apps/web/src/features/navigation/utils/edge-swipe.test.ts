import { describe, expect, it } from 'vitest';
import { detectSwipe } from './edge-swipe';

describe('detectSwipe', () => {
  it('opens on a rightward swipe that starts at the left edge', () => {
    expect(detectSwipe({ x: 10, y: 300 }, { x: 90, y: 310 }, false)).toBe('open');
  });

  it('ignores a rightward swipe that starts away from the edge', () => {
    expect(detectSwipe({ x: 60, y: 300 }, { x: 200, y: 300 }, false)).toBeNull();
  });

  it('ignores a short edge swipe', () => {
    expect(detectSwipe({ x: 5, y: 300 }, { x: 50, y: 300 }, false)).toBeNull();
  });

  it('ignores a mostly vertical gesture (a scroll)', () => {
    expect(detectSwipe({ x: 5, y: 100 }, { x: 80, y: 300 }, false)).toBeNull();
  });

  it('closes the open drawer on a leftward swipe from anywhere', () => {
    expect(detectSwipe({ x: 250, y: 300 }, { x: 150, y: 290 }, true)).toBe('close');
  });

  it('does not close on a rightward swipe', () => {
    expect(detectSwipe({ x: 10, y: 300 }, { x: 150, y: 300 }, true)).toBeNull();
  });
});
