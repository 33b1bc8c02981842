import { z } from 'zod';
import { INVITES_PER_SEND_MAX } from '../constants';
import { emailSchema } from '../auth/auth.schema';

export {
  INVITATION_LINK_STATES,
  invitationStateSchema,
  type InvitationLinkState,
} from './invitation-link-state.schema';

/** spec §5/§8 wording, word for word (including the spec's "sent"). */
export const INVITE_MESSAGES = {
  yourself: 'Cannot sent invite to yourself.',
  seatLimit: 'You cannot send more invites without exceeding your seat limit',
  tooMany: `Can only send ${String(INVITES_PER_SEND_MAX)} invites at a time.`,
  invited: (n: number) => `Successfully invited ${String(n)} member(s).`,
  joined: (workspaceName: string) => `Joined ${workspaceName}`,
  declined: (workspaceName: string) => `Declined invitation to ${workspaceName}`,
  withdrawn: (email: string, workspaceName: string) =>
    `Invitation to ${email} for ${workspaceName} withdrawn`,
} as const;

export const inviteRequestSchema = z.strictObject({
  emails: z
    .array(emailSchema)
    .min(1, { message: 'Add at least one e-mail address' })
    .max(INVITES_PER_SEND_MAX, { message: INVITE_MESSAGES.tooMany }),
  workspaceIds: z
    .array(z.uuid({ message: 'Workspace is not valid' }))
    .min(1, { message: 'Choose at least one workspace' })
    .max(100),
});
export type InviteRequest = z.infer<typeof inviteRequestSchema>;

export const inviteResultSchema = z.object({
  invited: z.number().int(),
  alreadyMembers: z.array(z.string()),
});

export const resendInviteRequestSchema = z.strictObject({
  memberId: z.uuid({ message: 'Invitation not found' }),
});

/** A company admin withdraws a pending invitation: its seat is free again and its link says so. */
export const withdrawInviteRequestSchema = resendInviteRequestSchema;

/** The invitations an e-mail's link names (the ids of one send, comma-separated in `?invitation=`). */
export const INVITATION_LINK_IDS_MAX = 100;
export const invitationStateQuerySchema = z.strictObject({
  ids: z
    .string()
    .max(INVITATION_LINK_IDS_MAX * 37)
    .transform((value) => [...new Set(value.split(',').filter(Boolean))])
    .pipe(
      z
        .array(z.uuid({ message: 'Invitation not found' }))
        .min(1, { message: 'Invitation not found' })
        .max(INVITATION_LINK_IDS_MAX, { message: 'Invitation not found' }),
    ),
});

/** spec §3 Workspace invitation (firstName/lastName/inviterEmail: who invited). */
export const workspaceInvitationSchema = z.object({
  workspaceId: z.string(),
  workspaceName: z.string(),
  workspaceImage: z.string().nullable(),
  memberId: z.string(),
  organizationId: z.string(),
  organizationName: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  inviterEmail: z.string(),
  createdAt: z.string(),
});
export type WorkspaceInvitation = z.infer<typeof workspaceInvitationSchema>;

export const confirmInviteRequestSchema = z.strictObject({
  workspaceId: z.uuid({ message: 'Invitation not found' }),
  memberId: z.uuid({ message: 'Invitation not found' }),
  joined: z.boolean(),
  workspaceName: z.string().max(200).optional(),
});

/** spec §3 Invite response. */
export const inviteResponseSchema = z.object({ workspaceName: z.string(), joined: z.boolean() });

export { INVITATIONS_SOCKET_MESSAGE } from '../realtime/user-events';
