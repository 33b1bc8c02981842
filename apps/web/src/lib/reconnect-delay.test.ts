import { describe, expect, it } from 'vitest';
import { DEFAULT_RECONNECT_BACKOFF, reconnectDelay } from './reconnect-delay';

const middle = () => 0.5;

describe('reconnect backoff', () => {
  it('doubles from 1 s and stops growing at 30 s', () => {
    const delays = [0, 1, 2, 3, 4, 5, 6, 12].map((n) => reconnectDelay(n, DEFAULT_RECONNECT_BACKOFF, middle));
    expect(delays).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000]);
  });

  it('spreads each wait over ±30 %', () => {
    expect(reconnectDelay(0, DEFAULT_RECONNECT_BACKOFF, () => 0)).toBe(700);
    expect(reconnectDelay(0, DEFAULT_RECONNECT_BACKOFF, () => 0.999_999)).toBe(1_300);
    expect(reconnectDelay(9, DEFAULT_RECONNECT_BACKOFF, () => 0)).toBe(21_000);
  });
});
