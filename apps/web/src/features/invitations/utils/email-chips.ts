import { emailSchema } from '@tracklane/shared/auth/auth.schema';
import { INVITE_CHIPS_MAX, INVITES_PER_SEND_MAX } from '@tracklane/shared/constants';
import { INVITE_MESSAGES } from '@tracklane/shared/invitations/invitations.schema';

/** One address in the Invite People field; `error` says why it cannot be sent (spec §5). */
export interface EmailChip {
  email: string;
  error: string | null;
}

/** The organization's seats (spec §3 overview); null while unknown, when only the server checks them. */
export interface Seats {
  memberUsage: number;
  memberLimit: number;
}

export interface ChipRules {
  ownEmail: string;
  seats: Seats | null;
}

const INVALID_EMAIL = 'Enter a valid e-mail address';

const sameAddress = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** Why an address cannot be invited: not an e-mail address, or the user's own (spec §5). */
export function chipError(email: string, ownEmail: string): string | null {
  const parsed = emailSchema.safeParse(email);
  if (!parsed.success) return parsed.error.issues[0]?.message ?? INVALID_EMAIL;
  if (sameAddress(parsed.data, ownEmail)) return INVITE_MESSAGES.yourself;
  return null;
}

/** spec §5: "You cannot send more invites without exceeding your seat limit" once chips + usage reach it. */
export function seatLimitReached(chipCount: number, seats: Seats | null): boolean {
  return seats !== null && chipCount + seats.memberUsage >= seats.memberLimit;
}

/** spec §5/§9: another chip only while fewer than five exist and a seat is left for it. */
export function canAddChip(chipCount: number, seats: Seats | null): boolean {
  return chipCount < INVITE_CHIPS_MAX && !seatLimitReached(chipCount, seats);
}

/** A pasted list: addresses separated by commas, semicolons, spaces or new lines. */
export function splitAddresses(text: string): string[] {
  return text.split(/[\s,;]+/u).filter(Boolean);
}

export interface AddChipsOutcome {
  chips: EmailChip[];
  /** Addresses that did not fit (five chips or the seat limit): they stay in the field. */
  leftover: string[];
  /** Set when nothing was added because the send would exceed 50 invites (spec §9). */
  refused: 'tooMany' | null;
}

/**
 * Adds addresses as chips, in order, while the rules allow; repeats of an address already there are
 * dropped. A list longer than one send allows is refused whole, with its message.
 */
export function addChips(chips: EmailChip[], addresses: string[], rules: ChipRules): AddChipsOutcome {
  const fresh = addresses.filter(
    (address, index) =>
      !chips.some((chip) => sameAddress(chip.email, address)) &&
      addresses.findIndex((other) => sameAddress(other, address)) === index,
  );
  if (chips.length + fresh.length > INVITES_PER_SEND_MAX) {
    return { chips, leftover: addresses, refused: 'tooMany' };
  }
  const next = [...chips];
  const leftover: string[] = [];
  for (const address of fresh) {
    if (canAddChip(next.length, rules.seats)) {
      next.push({ email: address, error: chipError(address, rules.ownEmail) });
    } else {
      leftover.push(address);
    }
  }
  return { chips: next, leftover, refused: null };
}
