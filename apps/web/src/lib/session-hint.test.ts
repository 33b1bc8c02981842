import { describe, expect, it } from 'vitest';
import { hasSessionHint } from './session-hint';

describe('hasSessionHint', () => {
  it('finds the hint among other cookies', () => {
    expect(hasSessionHint('theme=dark; tl_signed_in=1')).toBe(true);
    expect(hasSessionHint('tl_signed_in=1')).toBe(true);
  });

  it('is false without it, or for a cookie that only ends with its name', () => {
    expect(hasSessionHint('')).toBe(false);
    expect(hasSessionHint('theme=dark')).toBe(false);
    expect(hasSessionHint('not_tl_signed_in=1')).toBe(false);
  });
});
