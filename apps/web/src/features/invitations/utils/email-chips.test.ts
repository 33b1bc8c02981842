import { INVITE_MESSAGES } from '@tracklane/shared/invitations/invitations.schema';
import { describe, expect, it } from 'vitest';
import {
  addChips,
  canAddChip,
  chipError,
  seatLimitReached,
  splitAddresses,
  type EmailChip,
} from './email-chips';

const rules = { ownEmail: 'ada@example.com', seats: { memberUsage: 1, memberLimit: 50 } };
const chip = (email: string): EmailChip => ({ email, error: null });

describe('invite chip rules (spec §5, §9)', () => {
  it('refuses invalid addresses and the user’s own, whatever its case', () => {
    expect(chipError('grace@example.com', rules.ownEmail)).toBeNull();
    expect(chipError('grace@', rules.ownEmail)).toBe('Enter a valid e-mail address');
    expect(chipError(' ADA@example.com ', rules.ownEmail)).toBe(INVITE_MESSAGES.yourself);
  });

  it('allows a chip only while fewer than five exist and chips + usage stay under the limit', () => {
    expect(canAddChip(4, null)).toBe(true);
    expect(canAddChip(5, null)).toBe(false);
    expect(canAddChip(1, { memberUsage: 3, memberLimit: 5 })).toBe(true);
    expect(seatLimitReached(2, { memberUsage: 3, memberLimit: 5 })).toBe(true);
    expect(canAddChip(2, { memberUsage: 3, memberLimit: 5 })).toBe(false);
    // Unknown seats: only the server can tell.
    expect(seatLimitReached(4, null)).toBe(false);
  });

  it('splits a pasted list on commas, semicolons, spaces and new lines', () => {
    expect(splitAddresses(' a@x.io, b@x.io;c@x.io\n\td@x.io  ')).toEqual([
      'a@x.io',
      'b@x.io',
      'c@x.io',
      'd@x.io',
    ]);
  });

  it('adds in order up to five, leaves the rest, and drops repeats', () => {
    const outcome = addChips(
      [chip('a@x.io')],
      ['A@x.io', 'b@x.io', 'b@x.io', 'c@x.io', 'd@x.io', 'e@x.io', 'f@x.io'],
      rules,
    );
    expect(outcome.chips.map((c) => c.email)).toEqual(['a@x.io', 'b@x.io', 'c@x.io', 'd@x.io', 'e@x.io']);
    expect(outcome.leftover).toEqual(['f@x.io']);
    expect(outcome.refused).toBeNull();
  });

  it('stops at the seat limit', () => {
    const outcome = addChips([], ['a@x.io', 'b@x.io', 'c@x.io'], {
      ...rules,
      seats: { memberUsage: 4, memberLimit: 5 },
    });
    expect(outcome.chips.map((c) => c.email)).toEqual(['a@x.io']);
    expect(outcome.leftover).toEqual(['b@x.io', 'c@x.io']);
  });

  it('refuses a list that would exceed 50 invites in one send, adding nothing', () => {
    const addresses = Array.from({ length: 51 }, (_, n) => `p${String(n)}@x.io`);
    const outcome = addChips([], addresses, rules);
    expect(outcome).toEqual({ chips: [], leftover: addresses, refused: 'tooMany' });
    expect(addChips([], addresses.slice(0, 50), rules).refused).toBeNull();
  });

  it('marks each chip with its reason', () => {
    const outcome = addChips([], ['nope', 'ada@example.com', 'ok@x.io'], rules);
    expect(outcome.chips).toEqual([
      { email: 'nope', error: 'Enter a valid e-mail address' },
      { email: 'ada@example.com', error: INVITE_MESSAGES.yourself },
      { email: 'ok@x.io', error: null },
    ]);
  });
});
