import { describe, expect, it } from 'vitest';
import { formatMoney, yearlySaving } from './money';

const plan = (monthlyPrice: number, yearlyPrice: number) => ({
  id: 'p',
  name: 'P',
  description: '',
  monthlyPrice,
  yearlyPrice,
  currency: 'usd',
  memberLimit: 1,
  shipmentQuota: 1,
  features: [],
});

describe('money', () => {
  it('writes whole amounts without cents', () => {
    expect(formatMoney(4900, 'usd')).toBe('$49');
    expect(formatMoney(199000, 'usd')).toBe('$1,990');
    expect(formatMoney(4950, 'usd')).toBe('$49.50');
  });

  it('tells the yearly saving against twelve months', () => {
    expect(yearlySaving([plan(0, 0), plan(4900, 49000)])).toBe(17);
    expect(yearlySaving([plan(0, 0)])).toBe(0);
  });
});
