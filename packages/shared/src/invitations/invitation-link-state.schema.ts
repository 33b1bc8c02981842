import * as z from 'zod/mini';

/**
 * What an invitation link stands for now: `pending` while any of its invitations waits, `withdrawn`
 * when an admin withdrew them all, `answered` once accepted or declined, `unknown` when none exists.
 * Written with zod/mini (ADR 0060): the sign-in page reads it; `invitations.schema.ts` re-exports it.
 */
export const INVITATION_LINK_STATES = ['pending', 'withdrawn', 'answered', 'unknown'] as const;
export const invitationStateSchema = z.object({ state: z.enum(INVITATION_LINK_STATES) });
export type InvitationLinkState = (typeof INVITATION_LINK_STATES)[number];
