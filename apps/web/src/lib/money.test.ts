import { describe, expect, it } from 'vitest';
import { formatMoney, formatMoneyCompact } from './money';

describe('money', () => {
  it('writes whole units with the currency code', () => {
    expect(formatMoney(1250.4, 'USD')).toBe('USD 1,250');
    expect(formatMoney(75, null)).toBe('75');
  });

  it('shortens amounts from ten thousand on for a narrow column, and leaves smaller ones exact', () => {
    expect(formatMoneyCompact(9_870, 'USD')).toBe('USD 9,870');
    expect(formatMoneyCompact(12_480, 'USD')).toBe('USD 12.5k');
    expect(formatMoneyCompact(1_240_000, 'EUR')).toBe('EUR 1.2M');
    expect(formatMoneyCompact(25_000, null)).toBe('25k');
  });
});
