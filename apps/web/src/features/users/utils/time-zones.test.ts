import { describe, expect, it } from 'vitest';
import { offsetOf, timeZoneGroups } from './time-zones';

const JANUARY = new Date('2026-01-15T12:00:00Z');

describe('time zone options', () => {
  it('labels each zone with its UTC offset on the given date', () => {
    expect(offsetOf('Asia/Tokyo', JANUARY)).toBe('GMT+09:00');
    expect(offsetOf('America/New_York', JANUARY)).toBe('GMT-05:00');
    expect(offsetOf('Europe/London', JANUARY)).toBe('GMT+00:00');
  });

  it('groups zones by region, with readable names', () => {
    const groups = timeZoneGroups([], JANUARY);
    const america = groups.find((g) => g.group === 'America');
    expect(america?.items).toContainEqual({
      value: 'America/New_York',
      label: 'America/New York · GMT-05:00',
    });
  });

  it('names renamed zones by their current name too, so a search finds them', () => {
    const labels = timeZoneGroups(['Asia/Calcutta'], JANUARY).flatMap((g) => g.items);
    expect(labels).toContainEqual({ value: 'Asia/Calcutta', label: 'Asia/Calcutta (Kolkata) · GMT+05:30' });
  });

  it('always offers the zones it is asked to include', () => {
    const values = timeZoneGroups(['UTC'], JANUARY).flatMap((g) => g.items.map((i) => i.value));
    expect(values).toContain('UTC');
  });
});
