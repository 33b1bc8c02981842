import { Button, Stack, Text, UnstyledButton } from '@mantine/core';
import { INVITE_TAB_MAX } from '@tracklane/shared/constants';
import type { WorkspaceInvitation } from '@tracklane/shared/invitations/invitations.schema';
import { EntityAvatar } from '../../../components/entity-avatar';
import { browserTimeZone, formatDate } from '../../../lib/dates';
import { useMyInvitations } from '../api/list-my-invitations';
import classes from '../../../components/bell-list.module.css';

interface InvitationBellListProps {
  /** Opens the Workspace Invite dialog for one (the caller owns the dialog, which outlives the bell). */
  onOpen: (invitation: WorkspaceInvitation) => void;
  /** Other invites (shared shipments) are listed above: no empty text of its own. */
  hideWhenEmpty?: boolean;
}

/**
 * The bell's INVITES tab (spec §2, §9): the user's pending workspace invitations, at most 10, each
 * opening the Workspace Invite dialog to accept or decline. Shared-shipment invites are listed beside
 * them by the app's bell.
 */
export function InvitationBellList({ onOpen, hideWhenEmpty = false }: InvitationBellListProps) {
  const invitations = useMyInvitations();
  if (invitations.isPending)
    return (
      <Text size="sm" c="dimmed" className={classes.empty}>
        Loading invitations…
      </Text>
    );
  if (invitations.isError)
    return (
      <Stack gap="xs" align="center" className={classes.empty}>
        <Text size="sm">Could not load your invitations.</Text>
        <Button size="xs" variant="default" onClick={() => void invitations.refetch()}>
          Try again
        </Button>
      </Stack>
    );
  const list = invitations.data.slice(0, INVITE_TAB_MAX);
  if (list.length === 0)
    return hideWhenEmpty ? null : (
      <Text size="sm" c="dimmed" className={classes.empty}>
        No pending invitations. When someone invites you to a workspace or shares a shipment with you, it
        shows up here.
      </Text>
    );
  return (
    <div className={classes.list}>
      {list.map((invitation) => (
        <UnstyledButton
          key={invitation.memberId}
          className={classes.item}
          onClick={() => onOpen(invitation)}
          aria-haspopup="dialog"
          data-testid="bell-invitation"
        >
          <EntityAvatar name={invitation.workspaceName} image={invitation.workspaceImage} size={32} />
          <span className={classes.body}>
            <Text size="sm" fw={500} component="span">
              Invitation to {invitation.workspaceName}
            </Text>
            <Text size="xs" c="dimmed" component="span">
              From {`${invitation.firstName} ${invitation.lastName}`.trim() || invitation.inviterEmail} ·{' '}
              {invitation.organizationName} · {formatDate(invitation.createdAt, browserTimeZone())}
            </Text>
          </span>
        </UnstyledButton>
      ))}
    </div>
  );
}
