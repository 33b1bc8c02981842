import { describe, expect, it } from 'vitest';
import { bias, days, monthLabel, percent } from './format';

describe('reliability formats', () => {
  it('shows shares, days and bias as people read them', () => {
    expect(percent(null)).toBe('–');
    expect(percent(0.628)).toBe('63%');
    expect(days(36)).toBe('1.5 d');
    expect(days(null)).toBe('–');
    expect(bias(12)).toBe('0.5 d late');
    expect(bias(-7.2)).toBe('0.3 d early');
    expect(bias(1)).toBe('on the day');
    expect(monthLabel('2026-03', false)).toBe('Mar');
    expect(monthLabel('2026-03', true)).toBe('Mar 26');
  });
});
