import { describe, expect, it } from 'vitest';
import { formatShift } from './duration';

describe('formatShift', () => {
  it.each([
    ['2025-03-01T00:00:00Z', '2025-03-03T06:00:00Z', '+2 d 6 h'],
    ['2025-03-01T00:00:00Z', '2025-03-02T00:00:00Z', '+1 d'],
    ['2025-03-01T00:00:00Z', '2025-03-01T05:30:00Z', '+5 h 30 min'],
    ['2025-03-01T00:00:00Z', '2025-03-01T00:45:00Z', '+45 min'],
    ['2025-03-03T06:00:00Z', '2025-03-01T00:00:00Z', '\u22122 d 6 h'],
    ['2025-03-01T00:00:00Z', '2025-03-01T00:00:00Z', '0 h'],
  ])('from %s to %s reads %s', (from, to, text) => {
    expect(formatShift(from, to)).toBe(text);
  });
});
